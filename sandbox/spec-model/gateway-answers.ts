import fc from 'fast-check';
import { fieldsAsWritten, isRecord, valueAsWritten } from './field-rules.ts';
import { failureRules, gatewayAnswerRules, transactionListItemRules, transactionRecordRules, type GatewayOperation } from './gateway-fields.ts';
import {
  transactionListItemOf,
  transactionRecordOf,
  type LinkDetailTruth,
  type LinkItemTruth,
  type LinkPageTruth,
  type LinkWebhookTruth,
  type SplitResultTruth,
  type TransactionListItemTruth,
  type TransactionTruth,
} from './gateway-truths.ts';
import { absent } from './written-values.ts';

/** gateway-api.md §7: a success says 200 (100 for the hosted page); any other type is a failure. */
function isSuccessType(type: unknown): boolean {
  return String(type) === '200' || String(type) === '100';
}

/**
 * Every way the gateway may write the canonical JSON `canonical` of `operation` (the body the
 * sandbox answers): a failure by the failure rules, a success by its operation's rules; a shape the
 * model does not know gets the generic rules only (type swaps, empty values, extra fields).
 */
export function gatewayAnswerAsWritten(operation: GatewayOperation | undefined, canonical: unknown): fc.Arbitrary<unknown> {
  if (!isRecord(canonical)) return valueAsWritten(canonical);
  if ('type' in canonical && !isSuccessType(canonical.type)) return gatewayFailureAsWritten(canonical);
  if (!operation) return valueAsWritten(canonical);
  // gateway-facts.md "Reading…": a success body may carry a message, so one without may gain one.
  const body = 'type' in canonical ? { message: undefined, ...canonical } : canonical;
  return fieldsAsWritten(body, gatewayAnswerRules[operation]);
}

/**
 * A failure body: its type as text or number, and why (gateway-facts.md "processModification":
 * ReasonCodeDescription or a message explains it, so a body that has both may keep either one).
 */
export function gatewayFailureAsWritten(canonical: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const written = fieldsAsWritten(canonical, failureRules);
  if (!canonical.message || !canonical.ReasonCodeDescription) return written;
  const { message: _message, ...byDescription } = canonical;
  const { ReasonCodeDescription: _description, ...byMessage } = canonical;
  return fc.oneof(written, fieldsAsWritten(byDescription, failureRules), fieldsAsWritten(byMessage, failureRules));
}

/** gateway-api.md §2.3: one of consult's records. */
export function transactionRecordAsWritten(truth: TransactionTruth): fc.Arbitrary<Record<string, unknown>> {
  return fieldsAsWritten(transactionRecordOf(truth), transactionRecordRules);
}

/** gateway-api.md §2.4: one of consultTransactions' items. */
export function transactionListItemAsWritten(truth: TransactionListItemTruth): fc.Arbitrary<Record<string, unknown>> {
  return fieldsAsWritten(transactionListItemOf(truth), transactionListItemRules);
}

/** gateway-api.md §4.4: consult's answer holding `records` (none: [], null, "" or no key). */
export function consultAnswerAsWritten(records: TransactionTruth[], message = 'OK'): fc.Arbitrary<unknown> {
  return gatewayAnswerAsWritten('consult', { type: '200', message, response: records.map(transactionRecordOf) });
}

/** gateway-api.md §4.5: consultTransactions' answer. */
export function consultTransactionsAnswerAsWritten(items: TransactionListItemTruth[], message = 'OK'): fc.Arbitrary<unknown> {
  return gatewayAnswerAsWritten('consultTransactions', { type: '200', message, response: items.map(transactionListItemOf) });
}

/**
 * "Nothing found" told as a failure, as a PHP gateway may: a processPayment-style failure type
 * (gateway-facts.md "processPayment": 300, 400-404; 401 left out, it is the authentication error).
 * Kept apart from consultAnswerAsWritten: whether the real gateway does this is not known.
 */
export function consultNoTransactionsFailureAsWritten(): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .record({
      type: fc.constantFrom('300', '400', '402', '403', '404'),
      message: fc.constantFrom('No se encontraron transacciones', 'No transactions found.'),
      response: fc.constantFrom<unknown>([], null, absent),
    })
    .chain((canonical) => gatewayFailureAsWritten(canonical));
}

/** gateway-api.md §4.3: the hosted page was created (type 100). */
export function processPaymentAnswerAsWritten(url: string, html = ''): fc.Arbitrary<unknown> {
  return gatewayAnswerAsWritten('processPayment', { type: '100', html, url });
}

/** gateway-api.md §4.7: a modification that succeeded. */
export function modificationAnswerAsWritten(truth: { transactionId: string; reasonCode: string; description: string; orderHash: string }): fc.Arbitrary<unknown> {
  const { transactionId, reasonCode, description, orderHash } = truth;
  return gatewayAnswerAsWritten('processModification', { type: '200', transactionId, ReasonCode: reasonCode, ReasonCodeDescription: description, OrderHash: orderHash });
}

/** gateway-api.md §4.1: expires_in an integer. */
export function loginAnswerAsWritten(truth: { accessToken: string; expiresIn: number }): fc.Arbitrary<unknown> {
  return gatewayAnswerAsWritten('login', { access_token: truth.accessToken, token_type: 'bearer', expires_in: truth.expiresIn });
}

/** gateway-api.md §4.2: expires_in a `Y-m-d H:i:s` date-time. */
export function loginSdkAnswerAsWritten(truth: { accessToken: string; expiresAt: string }): fc.Arbitrary<unknown> {
  return gatewayAnswerAsWritten('loginSdk', { access_token: truth.accessToken, token_type: 'bearer', expires_in: truth.expiresAt });
}

/** gateway-api.md §4.8. */
export function createLinkAnswerAsWritten(truth: { id: number; url: string; message?: string }): fc.Arbitrary<unknown> {
  return gatewayAnswerAsWritten('createLinkPayment', { type: '200', message: truth.message ?? '', url: truth.url, id: truth.id });
}

/** gateway-api.md §4.9. */
export function deleteLinkAnswerAsWritten(truth: { status: number; message: string }): fc.Arbitrary<unknown> {
  return gatewayAnswerAsWritten('deleteLinkPayment', { type: '200', status: truth.status, message: truth.message });
}

/** gateway-api.md §4.10: `payments` items are "not shown", so they get the generic rules. */
export function linkDetailAnswerAsWritten(detail: LinkDetailTruth, payments: unknown[] = []): fc.Arbitrary<unknown> {
  return gatewayAnswerAsWritten('getDetailLinkPayment', { type: '200', message: 'OK', detail, payments });
}

/** gateway-api.md §4.11. */
export function linkByIdAnswerAsWritten(link: LinkItemTruth, payments: unknown[] = []): fc.Arbitrary<unknown> {
  return gatewayAnswerAsWritten('getLinkPaymentById', { type: '200', message: 'OK', data: { ...link, payments } });
}

/** gateway-api.md §4.12. */
export function linkListAnswerAsWritten(page: LinkPageTruth): fc.Arbitrary<unknown> {
  return gatewayAnswerAsWritten('getLinkPaymentList', { type: '200', message: 'OK', data: page });
}

/** gateway-api.md §4.6. */
export function splitAnswerAsWritten(result: SplitResultTruth, message = '', description = ''): fc.Arbitrary<unknown> {
  return gatewayAnswerAsWritten('split', { type: '200', message, description, response: result });
}

/** gateway-api.md §6.3: the JSON a link's webhook_url receives. */
export function linkWebhookAsWritten(truth: LinkWebhookTruth): fc.Arbitrary<unknown> {
  return gatewayAnswerAsWritten('linkWebhook', { ...truth });
}
