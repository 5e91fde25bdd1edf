// The dialog behind Capture, Refund, Reverse and Split: the amount (prefilled with the most the
// action allows), or the commerces of a split with the owner's remainder shown live. Its
// Idempotency-Key is made when it opens, so pressing Confirm twice cannot act twice.
import type { MerchantOrder } from '../../contract/merchant-api.ts';
import { fromMinorUnits, toMinorUnits } from '../../contract/money.ts';
import { keyForNextTry } from './idempotency-key.ts';
import { formatMoney } from '../../contract/money-format.ts';
import { currentLocale, messages, tr } from './backoffice-i18n/locale.ts';

type Action = 'capture' | 'refund' | 'reverse' | 'split';

export interface ActionDialogOptions {
  order: MerchantOrder;
  action: Action;
  onConfirm(request: unknown, idempotencyKey: string): Promise<void>;
  /** What the merchant reads under the form; may ask the BFF first (an action's refusal is worded with the order as it is now). */
  errorText(error: unknown): string | Promise<string>;
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const money = (amount: string, currency: string) => formatMoney(currentLocale(), amount, currency);

const titles: Record<Action, string> = { capture: 'Capture', refund: 'Refund', reverse: 'Reverse', split: 'Split the settlement' };
const descriptions: Record<Action, string> = {
  capture: 'Capture all or part of the authorization. What is not captured is released.',
  refund: 'Refund all or part of what was captured. Refunds add up.',
  reverse: 'Release the whole authorization. The buyer is not charged.',
  split: 'Share the settlement with other commerces. What you do not give away stays with you.',
};

/** What is left for the owner after the shares, or undefined when they do not fit. Exact minor units. */
export function remainderOf(amount: string, currency: string, shares: readonly string[]): string | undefined {
  try {
    const shared = shares.filter(Boolean).reduce((sum, share) => sum + toMinorUnits(share, currency), 0n);
    const rest = toMinorUnits(amount, currency) - shared;
    return rest < 0n ? undefined : fromMinorUnits(rest, currency);
  } catch {
    return undefined;
  }
}

let current: { options: ActionDialogOptions; key: string } | undefined;
let wired = false;

function splitRow(index: number, email = '', amount = ''): HTMLDivElement {
  const row = document.createElement('div');
  row.className = 'split-row';
  const emailLabel = document.createElement('label');
  emailLabel.textContent = messages().commerceEmail(index);
  const emailInput = document.createElement('input');
  emailInput.type = 'email';
  emailInput.name = 'split-email';
  emailInput.value = email;
  emailLabel.append(emailInput);
  const amountLabel = document.createElement('label');
  amountLabel.textContent = messages().commerceAmount(index);
  const amountInput = document.createElement('input');
  amountInput.name = 'split-amount';
  amountInput.inputMode = 'decimal';
  amountInput.value = amount;
  amountLabel.append(amountInput);
  row.append(emailLabel, amountLabel);
  return row;
}

function splitShares(): Array<{ email: string; amount: string }> {
  return [...byId('split-rows').querySelectorAll('.split-row')]
    .map((row) => ({
      email: (row.querySelector('input[name="split-email"]') as HTMLInputElement).value.trim(),
      amount: (row.querySelector('input[name="split-amount"]') as HTMLInputElement).value.trim(),
    }))
    .filter((share) => share.email || share.amount);
}

function showRemainder(): void {
  if (!current) return;
  const { order } = current.options;
  const rest = remainderOf(order.amount, order.currency, splitShares().map((share) => share.amount));
  byId('split-remainder').textContent =
    rest === undefined ? messages().sharesTooBig(money(order.amount, order.currency)) : messages().remainder(money(rest, order.currency));
}

function wire(): void {
  if (wired) return;
  wired = true;
  const dialog = byId<HTMLDialogElement>('action-dialog');
  byId('action-cancel').addEventListener('click', () => dialog.close());
  byId('split-rows').addEventListener('input', showRemainder);
  byId('split-add').addEventListener('click', () => {
    const rows = byId('split-rows');
    rows.append(splitRow(rows.children.length + 1));
    (rows.lastElementChild?.querySelector('input') as HTMLInputElement | null)?.focus();
  });
  byId<HTMLFormElement>('action-form').addEventListener('submit', (event) => {
    event.preventDefault();
    void confirm();
  });
}

async function confirm(): Promise<void> {
  if (!current) return;
  const { options, key } = current;
  const confirmButton = byId<HTMLButtonElement>('action-confirm');
  const amount = byId<HTMLInputElement>('action-amount').value.trim();
  const request =
    options.action === 'split' ? { commerces: splitShares(), lang: (document.documentElement.lang || 'en').split('-')[0] } : amount ? { amount } : {};
  confirmButton.disabled = true;
  byId('action-error').textContent = '';
  try {
    await options.onConfirm(request, key);
    byId<HTMLDialogElement>('action-dialog').close();
  } catch (error) {
    current.key = keyForNextTry(error, key);
    byId('action-error').textContent = await options.errorText(error);
  } finally {
    confirmButton.disabled = false;
  }
}

export function openActionDialog(options: ActionDialogOptions): void {
  wire();
  const { order, action } = options;
  current = { options, key: crypto.randomUUID() };
  const limit = order.actions[action];
  byId('action-title').textContent = `${tr(titles[action])} · ${order.orderNumber}`;
  byId('action-description').textContent = `${tr(descriptions[action])} ${messages().upTo(money(limit.maxAmount ?? '0', order.currency))}.`;
  const amountInput = byId<HTMLInputElement>('action-amount');
  amountInput.value = limit.maxAmount ?? '';
  // A reversal always releases everything: no amount to choose.
  amountInput.readOnly = action === 'reverse';
  byId('action-amount-label').hidden = action === 'split';
  byId('split-fields').hidden = action !== 'split';
  byId('action-error').textContent = '';
  if (action === 'split') {
    byId('split-rows').replaceChildren(splitRow(1), splitRow(2));
    showRemainder();
  }
  byId<HTMLDialogElement>('action-dialog').showModal();
  (action === 'split' ? (byId('split-rows').querySelector('input') as HTMLInputElement) : amountInput).focus();
}
