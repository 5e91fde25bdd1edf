// The back office's "Bank payments" panel: the bank payments no order claimed (the buyer wrote no
// reference, or a wrong one), each attachable to an order in review or pending. The BFF decides
// (POST /v1/merchant/bank-payments/{id}/attach); this panel only asks and shows the answer.
import type { BankPaymentView, BankPaymentsPage } from '../../contract/bank-payment-view.ts';
import { formatMoney } from '../../contract/money-format.ts';
import { currentLocale, messages, tr } from './backoffice-i18n/locale.ts';
import { failureText } from './failure-text.ts';

type Api = <T>(method: 'GET' | 'POST', path: string, options?: { body?: unknown; idempotencyKey?: string }) => Promise<T>;

export interface BankPaymentsPanel {
  refresh(): Promise<void>;
}

export function mountBankPaymentsPanel(table: HTMLTableElement, api: Api, notify: (message: string, isError?: boolean) => void, onAttached: () => void): BankPaymentsPanel {
  const body = table.tBodies[0]!;

  function rowOf(payment: BankPaymentView): HTMLTableRowElement {
    const row = document.createElement('tr');
    row.dataset.paymentId = payment.paymentId;
    const text = (label: string, value: string, asWritten = false) => {
      const td = document.createElement('td');
      td.dataset.label = tr(label);
      td.textContent = value;
      // The buyer's own reference is shown as they wrote it.
      if (asWritten) td.translate = false;
      return td;
    };
    const form = document.createElement('form');
    form.className = 'attach-form';
    const input = document.createElement('input');
    input.setAttribute('aria-label', messages().orderForPaymentLabel(payment.publicId));
    input.name = 'orderNumber';
    input.required = true;
    input.placeholder = tr('Order number');
    input.autocomplete = 'off';
    const submit = document.createElement('button');
    submit.type = 'submit';
    submit.className = 'secondary';
    submit.textContent = tr('Attach');
    form.append(input, submit);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void attach(payment, input.value.trim(), submit);
    });
    const actions = document.createElement('td');
    actions.dataset.label = tr('Attach to order');
    actions.append(form);
    row.append(
      text('Updated', new Date(payment.updatedAt).toLocaleString(currentLocale(), { dateStyle: 'short', timeStyle: 'medium' })),
      text('Status', tr(payment.status)),
      text('Amount', payment.amount && payment.currency ? formatMoney(currentLocale(), payment.amount, payment.currency) : '?'),
      text('Reference', payment.clientReference ?? '—', true),
      text('Failure', payment.failure ? `${payment.failure.code ?? payment.failure.reasonCode ?? ''}` : '—'),
      actions,
    );
    return row;
  }

  async function attach(payment: BankPaymentView, orderNumber: string, trigger: HTMLButtonElement): Promise<void> {
    if (!orderNumber) return;
    trigger.disabled = true;
    try {
      await api('POST', `/v1/merchant/bank-payments/${encodeURIComponent(payment.paymentId)}/attach`, { body: { orderNumber }, idempotencyKey: crypto.randomUUID() });
      notify(messages().paymentAttached(payment.publicId, orderNumber));
      await refresh();
      onAttached();
    } catch (error) {
      notify(`${tr('Attach')}: ${failureText(error)}`, true);
    } finally {
      trigger.disabled = false;
    }
  }

  async function refresh(): Promise<void> {
    try {
      const page = await api<BankPaymentsPage>('GET', '/v1/merchant/bank-payments?matched=false&limit=25');
      // A row being typed into is kept: a live refresh must not wipe the merchant's input.
      const editing = table.contains(document.activeElement);
      if (!editing) body.replaceChildren(...page.items.map(rowOf));
    } catch (error) {
      notify(`${tr('Bank payments')}: ${failureText(error)}`, true);
    }
  }

  return { refresh };
}
