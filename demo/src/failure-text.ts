// A failed call to the merchant API in the back office's language: a refusal by its code (with the
// order's current figures for an action's), else by the problem's kind, naming refused fields by
// the labels the merchant sees. The BFF's English `detail` stays out of the page.
import { actionRefusalCodes, amountRefusalCodes, plainRefusalCodes } from '../../contract/merchant-api.ts';
import type { RefusalFacts } from './backoffice-i18n/messages.ts';
import { messages, refusalWords, tr } from './backoffice-i18n/locale.ts';
import type { FailureKind } from './backoffice-i18n/refusal-words.ts';
import { MerchantApiError } from './merchant-client.ts';

/** An action's refusal is worded with the order as it is now, and what the action allows (formatted). */
export interface ActionFacts extends RefusalFacts {
  upTo: string;
}

function isOneOf<Code extends string>(codes: readonly Code[], code: string | undefined): code is Code {
  return code !== undefined && (codes as readonly string[]).includes(code);
}

/** The request fields the back office's forms send, by the label beside each. */
const fieldLabels: Record<string, string> = {
  amount: 'Amount',
  currency: 'Currency',
  description: 'Description',
  reference: 'Reference',
  client: 'Customer name (single use)',
  singleUse: 'Single use',
  url: 'Endpoint URL',
  eventTypes: 'Event types (comma-separated, empty: all)',
  orderNumber: 'Order number',
  startDate: 'From',
  endDate: 'To',
};

function fieldLabel(path: string): string {
  const share = /^commerces\.(\d+)\.(email|amount)$/.exec(path);
  if (share) return share[2] === 'email' ? messages().commerceEmail(Number(share[1]) + 1) : messages().commerceAmount(Number(share[1]) + 1);
  const label = fieldLabels[path];
  return label ? tr(label) : path;
}

function kindOf(status: number): FailureKind {
  if (status === 0) return 'unreachable';
  if (status === 400 || status === 422) return 'invalid';
  if (status === 404) return 'not-found';
  if (status === 409) return 'refused';
  if (status === 502) return 'upstream';
  return status === 429 || status === 503 ? 'busy' : 'failed';
}

/** Whether the refusal is an action's, worded with the order's figures (`ActionFacts`). */
export function isActionRefusal(error: unknown): boolean {
  const code = error instanceof MerchantApiError ? error.problem?.code : undefined;
  return isOneOf(actionRefusalCodes, code) || isOneOf(amountRefusalCodes, code);
}

export function failureText(error: unknown, facts?: ActionFacts): string {
  if (!(error instanceof MerchantApiError)) return error instanceof Error ? error.message : String(error);
  const words = refusalWords();
  const code = error.problem?.code;
  if (isOneOf(plainRefusalCodes, code)) return words.plain[code];
  // An action's refusal needs the order's figures; without them it is said by its kind below.
  if (facts && isOneOf(amountRefusalCodes, code)) return words.amount(code, facts.upTo);
  if (facts && isOneOf(actionRefusalCodes, code)) return messages().refusal(code, facts);
  const fields = [...new Set((error.problem?.errors ?? []).map((field) => fieldLabel(field.path)))].join(', ');
  return words.failure(kindOf(error.status), { fields, status: error.status });
}
