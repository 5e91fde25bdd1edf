import fc from 'fast-check';

/**
 * The canonical values of the gateway's answers, with one meaning each. Field names follow the
 * spec's JSON except for the transaction record, which the callers name in camelCase.
 */

/** gateway-api.md §2.3: one transaction record of consult. */
export interface TransactionTruth {
  idSvc: number;
  orderNumber: string;
  /** Decimal text, e.g. "15000.00". */
  amount: string;
  currency: string;
  merchantId: string;
  /** "1" approved; anything else declined (gateway-api.md §3). */
  code: string;
  response: string;
  /** "" when there is no authorization number. */
  auth: string;
  commission: number;
  ivaCommission: number;
  retentionIva: number;
  retentionRent: number;
  cost: number;
  costIva: number;
  netToLiquidate: string;
  capture: string;
  card: string;
  last: string;
  environment: string;
  /** "Payment" (observed), or the modification's kind. */
  type: string;
  /** `Y-m-d H:i:s`. */
  date: string;
}

/** gateway-api.md §2.4: `id` for id_svc, net_to_liquidate a number, and four more fields. */
export type TransactionListItemTruth = Omit<TransactionTruth, 'idSvc' | 'netToLiquidate'> & {
  id: number;
  netToLiquidate: number;
  taxes: string;
  discount: string;
  discountName: string;
  email: string;
};

/** §2.3's JSON of a record. */
export function transactionRecordOf(truth: TransactionTruth): Record<string, unknown> {
  const { idSvc, netToLiquidate, ...rest } = truth;
  return { id_svc: idSvc, ...sharedTransactionFieldsOf(rest), net_to_liquidate: netToLiquidate };
}

/** §2.4's JSON of a list item. */
export function transactionListItemOf(truth: TransactionListItemTruth): Record<string, unknown> {
  const { id, netToLiquidate, taxes, discount, discountName, email, ...rest } = truth;
  return { id, ...sharedTransactionFieldsOf(rest), net_to_liquidate: netToLiquidate, taxes, discount, discount_name: discountName, email };
}

function sharedTransactionFieldsOf(truth: Omit<TransactionTruth, 'idSvc' | 'netToLiquidate'>): Record<string, unknown> {
  const { ivaCommission, retentionIva, retentionRent, costIva, ...sameName } = truth;
  return { ...sameName, iva_commission: ivaCommission, retention_iva: retentionIva, retention_rent: retentionRent, cost_iva: costIva };
}

/** gateway-api.md §2.5: what every link answer shows. */
export interface LinkTruth {
  id: number;
  amount: string;
  currency: string;
  reference: string;
  description: string;
  callback_url: string | null;
  create: string;
}

/** §4.10's `detail`: `type` is a label (observed: Unlimited). */
export interface LinkDetailTruth extends LinkTruth {
  client: string;
  type: string;
}

/** §4.11's `data` and §2.5b's items. */
export interface LinkItemTruth extends LinkTruth {
  url: string;
  times_used: string | null;
  picture: string;
}

/** §2.5b: the page envelope of getLinkPaymentList. */
export interface LinkPageTruth {
  current_page: number;
  from: number;
  last_page: number;
  per_page: number;
  to: number;
  total: number;
  first_page_url: string;
  last_page_url: string;
  next_page_url: string;
  path: string;
  prev_page_url: string | null;
  payment_link: LinkItemTruth[];
}

/** §4.6's `response`. */
export interface SplitResultTruth {
  total_order_splitted: number;
  order_id: number;
  order_number: string;
  order_key: string;
  order_currency: string;
  order_amount: string;
  splitted_orders: Array<{ id: number; amount: number; commerce_name: string; commerce_email: string }>;
}

/** §6.3: the JSON body of a link's webhook. */
export interface LinkWebhookTruth {
  code: string;
  codeDescription: string;
  auth: string;
  svcLinkId: number;
  orderNumber: string;
  svcOrderId: number;
  creditCardToken: string;
  creditCardBrand: string;
  last4CreditCardNumber: string;
  linkDescription: string;
  orderHash: string;
}

const digits = (length: number) => fc.stringMatching(new RegExp(`^\\d{${length}}$`));
const decimalAmount = fc.bigInt({ min: 1n, max: 99_999_999_999n }).map((cents) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`);
const fee = fc.integer({ min: 0, max: 1_000_000 }).map((cents) => cents / 100);
const gatewayDate = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T23:59:59Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 19).replace('T', ' '));

/**
 * Any record consult may hold (§2.3): approved ones carry an auth number, declines none. Order
 * numbers may be all digits, so they meet the number/text swap too.
 */
export function transactionTruthArbitrary(): fc.Arbitrary<TransactionTruth> {
  return fc
    .record({
      idSvc: fc.integer({ min: 1, max: 2_000_000_000 }),
      orderNumber: fc.stringMatching(/^[A-Z0-9][A-Z0-9-]{0,11}$/),
      amount: decimalAmount,
      currency: fc.constantFrom('CRC', 'USD', 'GTQ'),
      merchantId: digits(4),
      // gateway-facts.md "Redirect query": 1 approved, other codes decline, Pending for SINPE Móvil.
      code: fc.constantFrom('1', '05', '51', 'N7', '43', '3', 'Pending'),
      response: fc.constantFrom('Approved', 'Denied', 'Insufficient funds', ''),
      auth: digits(6),
      commission: fee,
      ivaCommission: fee,
      retentionIva: fee,
      retentionRent: fee,
      cost: fee,
      costIva: fee,
      netToLiquidate: decimalAmount,
      capture: fc.constantFrom('Capture', 'Authorization'),
      card: digits(6),
      last: digits(4),
      environment: fc.constantFrom('Test', 'Production'),
      type: fc.constantFrom('Payment', 'Capture', 'Refund', 'Reversal'),
      date: gatewayDate,
    })
    .map((truth) => (truth.code === '1' ? truth : { ...truth, auth: '' }));
}
