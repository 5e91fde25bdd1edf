// The back office's "Verificar comprobante SINPE": a buyer shows a transfer receipt (a doctored
// screenshot is a known fraud at Costa Rican tills), and the merchant asks the BFF whether that money
// arrived, by the receipt's bank reference or by its amount and time
// (GET /v1/merchant/bank-payments?externalReference= or ?amount=&receivedSince=&receivedUntil=).
import type { BankPaymentView, BankPaymentsPage } from '../../contract/bank-payment-view.ts';
import { formatMoney } from '../../contract/money-format.ts';
import { currentLocale, messages, tr } from './backoffice-i18n/locale.ts';
import { failureText } from './failure-text.ts';

type Api = <T>(method: 'GET', path: string) => Promise<T>;

/** A receipt's time is read to the minute: the money may have arrived a little before or after it. */
const receiptWindowMs = 30 * 60 * 1000;

export function mountReceiptCheckPanel(section: HTMLElement, api: Api): { render(): void } {
  const form = section.querySelector<HTMLFormElement>('#receipt-check-form')!;
  const result = section.querySelector<HTMLElement>('#receipt-check-result')!;
  let last: { found: BankPaymentView[] } | undefined;

  function field(name: string): string {
    return String(new FormData(form).get(name) ?? '').trim();
  }

  function query(): URLSearchParams | undefined {
    const reference = field('externalReference');
    if (reference) return new URLSearchParams({ externalReference: reference });
    const amount = field('amount').replace(/[\s,₡]/g, '');
    const time = field('time');
    if (!amount || !time) return undefined;
    const at = new Date(time).getTime();
    return new URLSearchParams({ amount, receivedSince: new Date(at - receiptWindowMs).toISOString(), receivedUntil: new Date(at + receiptWindowMs).toISOString() });
  }

  function paymentText(payment: BankPaymentView): string {
    const amount = payment.amount && payment.currency ? formatMoney(currentLocale(), payment.amount, payment.currency) : '?';
    const when = payment.receivedAt ? new Date(payment.receivedAt).toLocaleString(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }) : '?';
    return messages().receiptArrived({ amount, when, payer: payment.payerName ?? null, orderNumber: payment.orderNumber, reference: payment.externalReference ?? '', reversed: payment.reversedAt !== undefined, failed: payment.failure !== null });
  }

  function render(): void {
    if (!last) return;
    const lines = last.found.length ? last.found.map(paymentText) : [tr('No such money arrived: that receipt is not of a transfer this account received.')];
    result.replaceChildren(...lines.map((line) => Object.assign(document.createElement('p'), { textContent: line })));
    result.className = last.found.length ? 'notice' : 'error-text';
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const asked = query();
    if (!asked) {
      last = undefined;
      result.replaceChildren(Object.assign(document.createElement('p'), { textContent: tr('Type the bank reference, or the amount and the time.') }));
      result.className = 'error-text';
      return;
    }
    try {
      const page = await api<BankPaymentsPage>('GET', `/v1/merchant/bank-payments?${asked}`);
      last = { found: page.items };
      render();
    } catch (error) {
      last = undefined;
      result.replaceChildren(Object.assign(document.createElement('p'), { textContent: failureText(error) }));
      result.className = 'error-text';
    }
  });
  return { render };
}
