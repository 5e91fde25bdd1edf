/**
 * Every gateway behaviour that gateway-api.md leaves "not shown", in one place.
 * Source for each: /shared/spec/gateway-facts.md (section named in the comment; firm or
 * uncertain as tagged there). Correct a fact here and nothing else has to change.
 */
import { decimalPattern } from './money.ts';

/** processModification `type` (gateway-facts.md "processModification", firm). */
export const modificationTypes = { capture: '1', refund: '2', reversal: '3' } as const;
export type ModificationKind = keyof typeof modificationTypes;

/** processModification success ReasonCodes (gateway-facts.md "processModification", firm). */
export const modificationSuccessReasonCodes: readonly string[] = ['1', '1101'];
export function isModificationSuccess(reasonCode: string): boolean {
  return modificationSuccessReasonCodes.includes(reasonCode);
}

/**
 * A modification the gateway took but did not do: scheduled for manual processing, or pending.
 * UNCERTAIN (gateway-facts.md "Observed in public integrations", "processModification", from the
 * documentation only: an optional `webhook` exists "for manual scheduled refunds", and that answer is
 * not shown). Read as such: a ReasonCode that is not a success and names a wait, or a text that says
 * scheduled or pending (in English or Spanish). Anything else that is not a success stays a refusal.
 */
export const deferredModificationReasonCodes: readonly string[] = ['pending', 'scheduled', 'programado', 'pendiente'];
const deferredModificationText = /\b(schedul\w*|pending|programad\w*|pendiente)\b/i;
export function isModificationDeferred(answer: { ReasonCode: string; ReasonCodeDescription?: string; message?: string | undefined }): boolean {
  if (isModificationSuccess(answer.ReasonCode)) return false;
  if (deferredModificationReasonCodes.includes(answer.ReasonCode.trim().toLowerCase())) return true;
  return deferredModificationText.test(`${answer.ReasonCodeDescription ?? ''} ${answer.message ?? ''}`);
}

/** A capture is allowed up to 7 days after authorisation (gateway-facts.md "processModification", firm). */
export const captureWindowSeconds = 7 * 24 * 60 * 60;

/**
 * Response `type` codes (gateway-facts.md "processPayment", firm; gateway-api.md §7 "observed 200").
 * 400-404 are integration errors, 401 among them is the authentication error.
 */
export const gatewayResponseTypes = {
  hostedPageCreated: '100',
  ok: '200',
  licenceError: '300',
  integrationError: '400',
  authenticationError: '401',
  integrationErrors: ['400', '401', '402', '403', '404'],
} as const;

/**
 * processPayment `type` 200 is "approved/reload" (gateway-facts.md "processPayment", firm): the
 * gateway already holds a payment for this order, so it is no refusal; only consult can say what
 * it is. Never read it as "nothing was created".
 */
export function isApprovedOrReload(operation: string, type: string | undefined): boolean {
  return operation === 'processPayment' && type === gatewayResponseTypes.ok;
}

/**
 * An authentication failure may come in the body with HTTP 200 (`type: "401"`, gateway-facts.md
 * "processPayment" and "Reading the gateway's and the bank's answers", firm): it means what an
 * HTTP 401 means, so the caller logs in again once.
 */
export function isBodyAuthenticationFailure(type: string | undefined): boolean {
  return type === gatewayResponseTypes.authenticationError;
}

/** Transaction `code` / redirect `code` for an approved payment (gateway-api.md §3, firm). */
export const approvedCode = '1';
/** Redirect `code` of SINPE Móvil, settled later by a webhook (gateway-facts.md "Redirect query", firm). */
export const pendingCode = 'Pending';

/**
 * A code that means "paid by SINPE Móvil, the bank settles it later", never a decline. UNCERTAIN
 * (gateway-facts.md "Redirect query" names `Pending` for the redirect only): a consult record of
 * such a payment is taken to carry the same code until the bank's event settles it.
 */
export function isAwaitingBank(code: string | null | undefined): boolean {
  return (code ?? '').trim() === pendingCode;
}

/**
 * loginSdk's `expires_in` is a date-time in Costa Rica's local time, UTC−6 all year (gateway-facts.md
 * "Observed in public integrations of the real service", "loginSdk expires_in", ONE source: read as
 * UTC it came out about one hour ahead plus six). Our other gateway timestamps stay UTC
 * (bff/gateway/date-time.ts); this is the one that is known to differ.
 */
export const loginSdkExpiresInUtcOffsetMinutes = -6 * 60;

/** The instant a loginSdk `expires_in` names, given the same wall-clock text read as if it were UTC. */
export function loginSdkExpiryOf(wallClockAsUtc: Date): Date {
  return new Date(wallClockAsUtc.getTime() - loginSdkExpiresInUtcOffsetMinutes * 60_000);
}

/** loginSdk tokens are reported with a one-day lifetime (gateway-facts.md "login", firm). */
export const loginSdkLifetimeSeconds = 86_400;

/**
 * The unit of login's integer `expires_in` is "not shown" (gateway-api.md §5.5). Read as
 * seconds, the common OAuth meaning; callers should also refresh on any 401.
 */
export const loginExpiresInUnitSeconds = 1;

/**
 * OrderHash amount text: "order total, 2 decimals" (gateway-facts.md "OrderHash, V2"; the
 * thousands separator is UNCERTAIN). The reference plugin uses PHP number_format's default
 * (`15,000.00`), other ports write `15000.00`. Rounds half up at the third decimal, as
 * number_format does.
 */
export type OrderHashAmountStyle = 'plain' | 'thousands';
export const orderHashAmountStyles: readonly OrderHashAmountStyle[] = ['plain', 'thousands'];

export function formatOrderHashAmount(amount: string, style: OrderHashAmountStyle = 'plain'): string {
  if (!decimalPattern.test(amount)) throw new RangeError(`not a decimal amount: ${JSON.stringify(amount)}`);
  const [whole = '0', fraction = ''] = amount.split('.');
  let cents = BigInt(whole + fraction.slice(0, 2).padEnd(2, '0'));
  if ((fraction[2] ?? '0') >= '5') cents += 1n;
  const digits = cents.toString().padStart(3, '0');
  const units = digits.slice(0, -2);
  const grouped = style === 'thousands' ? units.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : units;
  return `${grouped}.${digits.slice(-2)}`;
}

/** Outcomes the test cards produce (gateway-facts.md "Test mode", UNCERTAIN). */
export type TestCardOutcome = 'approved' | 'denied' | 'insufficient_funds' | 'invalid_cvv' | 'lost_stolen';

export const testCards: Readonly<Record<string, TestCardOutcome>> = {
  '4012000000020071': 'approved',
  '4012000000020089': 'approved',
  '4012000000020121': 'denied',
  '4111111111119999': 'denied',
  '4112613451591116': 'insufficient_funds',
  '4523080346468525': 'invalid_cvv',
  '4549179990476733': 'lost_stolen',
};

/**
 * The characters an order number sent to the gateway is made of. Every public client of the real
 * service sends letters, digits and dashes only (gateway-facts.md "Observed in public integrations
 * of the real service", "Order numbers", firm); nothing shows whether `|` or `_` is accepted
 * (UNCERTAIN), so neither is sent.
 */
export const gatewayOrderNumberPattern = /^[A-Za-z0-9-]+$/;

/** What sets a later attempt's number apart from its order's: `<order>-R<n>`. */
export const attemptMarker = '-R';

/**
 * The gateway's orderNumber of payment attempt `attempt` of our order `orderNumber`. Attempt 1 keeps
 * the order's own number, as the official plugin re-sends it, when it is made of the gateway's
 * characters; otherwise, and for every later attempt, `<order>-R<n>` with any `_` written as `-`.
 * Our order numbers are `[A-Za-z0-9_-]`, so a merchant could name an order `A-R2` and meet order
 * `A`'s second attempt: the unique gateway_order_number (migration 0012) refuses the second such
 * attempt rather than mixing the two, and the attempt is always found by the number it stored.
 * Attempts stored before this (`<order>|<n>`) keep their number and still consult under it.
 */
export function gatewayOrderNumberOf(orderNumber: string, attempt: number): string {
  if (attempt <= 1 && gatewayOrderNumberPattern.test(orderNumber)) return orderNumber;
  return `${orderNumber.replaceAll('_', '-')}${attemptMarker}${Math.max(1, attempt)}`;
}

/**
 * Whether a gateway record's `orderNumber` is `ours`: equal, or ours behind the merchant prefix the
 * real consult writes (gateway-facts.md "Consult's orderNumber", two sources: match by its ending).
 */
export function isOwnOrderNumber(gatewayValue: string, ours: string): boolean {
  const value = gatewayValue.trim();
  return value === ours || value.endsWith(`-${ours}`);
}

/**
 * The order a split share divides, from the share's own order number: the gateway numbers each
 * share `SL|<orderNumber>` (gateway-facts.md "Split", firm), which consult may write behind a
 * merchant prefix like any number (`PFC030684-SL|<orderNumber>`); undefined for any other record.
 */
export function splitShareOf(gatewayValue: string): string | undefined {
  return /(?:^|-)SL\|(.+)$/.exec(gatewayValue.trim())?.[1];
}

/**
 * The order numbers a gateway record's `orderNumber` may be ours under, longest first: the value
 * itself, then what follows each of its dashes. consult writes our number behind a merchant prefix
 * (gateway-facts.md "Consult's orderNumber": `PFC030684-<ours>`, two sources, real account), so
 * ours is the value's ending at a dash; the longest ending that is one of ours is the one.
 */
export function ownOrderNumberEndings(gatewayValue: string): string[] {
  const value = gatewayValue.trim();
  const endings = [value];
  for (let at = value.indexOf('-'); at !== -1; at = value.indexOf('-', at + 1)) {
    const ending = value.slice(at + 1);
    if (ending) endings.push(ending);
  }
  return endings;
}

/**
 * Whether the gateway's record of a payment says the buyer cancelled it, rather than was declined.
 * Only the gateway's own record (consult's `code`, or the `code` a hash-verified redirect signs) can
 * say it. A redirect's cancel flag cannot: `wp_cancel=yes` (the real hosted page) or `cancel=1` (the
 * sandbox) is not among the pairs OrderHash V2 signs (gateway-facts.md "OrderHash, V2"), so anyone
 * can append it to a genuine decline; it only picks the words the returning buyer reads while consult
 * does not yet say (bff/routes/order-view.ts).
 * Code `8`: gateway-facts.md "Observed in public integrations of the real service", "Cancel" (one
 * source for the code: a Node integration's list of the codes it saw in Tilopay's sandbox; the
 * `wp_cancel=yes` flag that comes with it is firm, from the WooCommerce plugin v3.1.2).
 */
export const documentedCancelCodes: readonly string[] = ['8'];
/**
 * The parameters a hosted page adds to its redirect when the buyer cancels: `wp_cancel=yes` on the
 * real page (gateway-facts.md "Observed in public integrations", "Cancel", firm: the WooCommerce
 * plugin v3.1.2 reads it) and `cancel=1` on the sandbox's spec profile. Unsigned: words, never a status.
 */
export const redirectCancelFlags: readonly (readonly [name: string, value: string])[] = [
  ['wp_cancel', 'yes'],
  ['cancel', '1'],
];
export function carriesCancelFlag(query: Readonly<Record<string, string | undefined>>): boolean {
  return redirectCancelFlags.some(([name, value]) => query[name]?.trim().toLowerCase() === value);
}

export function isBuyerCancelCode(code: string): boolean {
  return documentedCancelCodes.includes(code.trim());
}

// The decline codes observed from the real service live in a module of their own, so the widget's
// words can read them without this file's money rules (and the currency table they carry).
export { observedDeclineCodes, observedDeclineOf, type ObservedDecline } from './gateway/observed-declines.ts';

/**
 * An amount the gateway reports, with the thousands commas PHP's number_format writes taken out
 * ("15,000.00" → "15000.00"). UNCERTAIN (gateway-facts.md "OrderHash, V2": the reference plugin
 * formats totals of 1,000 or more with a thousands comma, other ports do not): a record's amount
 * may come either way, so both read the same. Only well-formed groups are taken out: "1,50" stays
 * as it is and reads as no amount.
 */
export function withoutThousandsSeparators(amount: string): string {
  return /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(amount) ? amount.replace(/,/g, '') : amount;
}
