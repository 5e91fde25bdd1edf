import fc from 'fast-check';
import { listOf, mayBeEmpty, mayDropInformation, money, number, objectOf, text, valueAsWritten, type FieldRule, type FieldRules } from './field-rules.ts';
import { absent, emptyAsWritten, textAsWritten } from './written-values.ts';

/**
 * The gateway's resources as field-rule tables. A field that carries the payment's identity or
 * outcome keeps its meaning (written in its swapped type at most); every other field may also be
 * empty (gateway-facts.md "Reading…": an empty value may be null or ""; refuse an answer only when
 * a field that the BFF needs is missing).
 */

const optionalText = mayBeEmpty(text);
const optionalNumber = mayBeEmpty(number);
const optionalMoney = mayBeEmpty(money);

/** Fields shared by consult's record (§2.3) and consultTransactions' item (§2.4, "same as 2.3"). */
const transactionFields: FieldRules = {
  orderNumber: text,
  amount: money,
  currency: text,
  // gateway-api.md §3: code 1 approved, anything else declined; auth is the authorization number.
  code: text,
  auth: text,
  // Payment, Capture, Refund…: which transaction of the order this record is.
  type: text,
  merchantId: optionalText,
  response: optionalText,
  // gateway-api.md §2.3: the fees are numbers; gateway-facts.md: `commission: "0.35"` happens.
  commission: optionalNumber,
  iva_commission: optionalNumber,
  retention_iva: optionalNumber,
  retention_rent: optionalNumber,
  cost: optionalNumber,
  cost_iva: optionalNumber,
  capture: optionalText,
  card: optionalText,
  last: optionalText,
  environment: optionalText,
  date: optionalText,
};

/** gateway-api.md §2.3: the id is `id_svc`, net_to_liquidate a string. */
export const transactionRecordRules: FieldRules = { ...transactionFields, id_svc: number, net_to_liquidate: optionalMoney };

/** gateway-api.md §2.4: the id is `id`, net_to_liquidate a number, plus taxes, discount, discount_name, email. */
export const transactionListItemRules: FieldRules = {
  ...transactionFields,
  id: number,
  net_to_liquidate: optionalNumber,
  taxes: optionalMoney,
  discount: optionalMoney,
  discount_name: optionalText,
  email: optionalText,
};

/**
 * consult's `response` (§4.4): the records in any order; none at all may be written as [], or as
 * an empty value (gateway-facts.md "Reading…": null or "", or no key).
 */
export function transactionsOrNone(rules: FieldRules): FieldRule {
  const records = listOf(rules, { anyOrder: true });
  return (canonical) => (Array.isArray(canonical) && canonical.length > 0 ? records(canonical) : fc.constantFrom<unknown>([], null, '', absent));
}

/** gateway-api.md §2.5: a payment link; §4.8 its type is a label in detail, an integer on creation. */
export const linkRules: FieldRules = {
  id: number,
  amount: money,
  currency: text,
  reference: text,
  client: optionalText,
  type: valueAsWritten,
  description: optionalText,
  url: text,
  // "string or null": null, "" and no key all say there is none.
  callback_url: text,
  times_used: text,
  picture: optionalText,
  create: optionalText,
  // Items of a link's payments: "not shown" (§2.5), so only the generic rules.
  payments: valueAsWritten,
};

/** gateway-api.md §2.5b: the page envelope of getLinkPaymentList. */
export const linkPageRules: FieldRules = {
  current_page: number,
  from: number,
  last_page: number,
  per_page: number,
  to: number,
  total: number,
  prev_page_url: text,
  payment_link: listOf(linkRules, { anyOrder: false }),
};

/** gateway-api.md §4.6: the split result; the shares are a set, their order means nothing. */
export const splitResultRules: FieldRules = {
  total_order_splitted: number,
  order_id: number,
  order_number: text,
  order_key: text,
  order_currency: text,
  order_amount: money,
  splitted_orders: listOf({ id: number, amount: money, commerce_name: optionalText, commerce_email: text }, { anyOrder: true }),
};

/**
 * gateway-facts.md "processModification": ReasonCode 1 or 1101 is success, both say the same; which
 * one came is still shown to the merchant, so a writer that keeps all information keeps the code.
 */
const successReasonCodes = ['1', '1101'];
const reasonCode: FieldRule = (canonical) =>
  successReasonCodes.includes(String(canonical)) && mayDropInformation() ? fc.constantFrom<unknown>(...successReasonCodes.flatMap((code) => [code, Number(code)])) : text(canonical);

/** gateway-api.md §4.7: processModification's success (strings). */
export const modificationRules: FieldRules = { transactionId: text, ReasonCode: reasonCode, ReasonCodeDescription: optionalText, OrderHash: text };

/** gateway-api.md §2.1, §4.1, §4.2: expires_in an integer (login) or a date-time text (loginSdk). */
export const loginRules: FieldRules = { access_token: text, token_type: optionalText, expires_in: text };

/** gateway-api.md §4.3: html is the page's link as markup (may be ""), url the page to send the buyer to. */
export const hostedPageRules: FieldRules = { html: optionalText, url: text };

/** gateway-api.md §4.8 and §4.9. */
export const createLinkRules: FieldRules = { url: text, id: number };
export const deleteLinkRules: FieldRules = { status: number };

/** gateway-api.md §6.3: the link webhook's body; svcLinkId and svcOrderId are integers. */
export const linkWebhookRules: FieldRules = {
  code: text,
  codeDescription: optionalText,
  auth: text,
  svcLinkId: number,
  orderNumber: text,
  svcOrderId: number,
  creditCardToken: optionalText,
  creditCardBrand: optionalText,
  last4CreditCardNumber: optionalText,
  linkDescription: optionalText,
  orderHash: text,
};

/**
 * A success body's `message`: any text when there is one, or none (gateway-facts.md "Reading…":
 * a success body may carry a message); it is never what the body means.
 */
export const successMessage: FieldRule = (canonical) => {
  const anyText = fc.string({ maxLength: 40 });
  if (typeof canonical !== 'string' || canonical === '') return fc.oneof(fc.constant(absent), emptyAsWritten(), anyText);
  return mayDropInformation() ? fc.oneof(textAsWritten(canonical), anyText, emptyAsWritten()) : textAsWritten(canonical);
};

/** The envelope of a success (gateway-api.md §7): `type` 200, or 100 for the hosted page. */
export const successEnvelopeRules: FieldRules = { type: text, message: successMessage };

/** The gateway's operations (gateway-api.md §4) and the link webhook (§6.3), as the sandbox names them. */
export type GatewayOperation =
  | 'login'
  | 'loginSdk'
  | 'processPayment'
  | 'consult'
  | 'consultTransactions'
  | 'split'
  | 'processModification'
  | 'createLinkPayment'
  | 'deleteLinkPayment'
  | 'getDetailLinkPayment'
  | 'getLinkPaymentById'
  | 'getLinkPaymentList'
  | 'linkWebhook';

/** Each operation's success answer (gateway-api.md §4.1-§4.12, §6.3). */
export const gatewayAnswerRules: Readonly<Record<GatewayOperation, FieldRules>> = {
  login: loginRules,
  loginSdk: loginRules,
  processPayment: { ...successEnvelopeRules, ...hostedPageRules },
  consult: { ...successEnvelopeRules, response: transactionsOrNone(transactionRecordRules) },
  consultTransactions: { ...successEnvelopeRules, response: transactionsOrNone(transactionListItemRules) },
  split: { ...successEnvelopeRules, description: optionalText, response: objectOf(splitResultRules) },
  processModification: { ...successEnvelopeRules, ...modificationRules },
  createLinkPayment: { ...successEnvelopeRules, ...createLinkRules },
  deleteLinkPayment: { ...successEnvelopeRules, ...deleteLinkRules },
  getDetailLinkPayment: { ...successEnvelopeRules, detail: objectOf(linkRules) },
  getLinkPaymentById: { ...successEnvelopeRules, data: objectOf(linkRules) },
  getLinkPaymentList: { ...successEnvelopeRules, data: objectOf(linkPageRules) },
  linkWebhook: linkWebhookRules,
};

/**
 * A failure body (gateway-api.md §7: the outcome is in the body, HTTP 200): its type code and why.
 * gateway-facts.md "processModification": ReasonCodeDescription or a message explains a failure.
 */
export const failureRules: FieldRules = { type: text, message: text, ReasonCode: text, ReasonCodeDescription: text, transactionId: text, OrderHash: text };
