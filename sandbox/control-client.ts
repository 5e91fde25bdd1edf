import type { FeeScheduleInput } from './gateway/fee-schedule.ts';
import type { FaultSpec } from './control/faults.ts';
import type { OrderTruth } from './control/truth.ts';
import type { BankTriggerInput } from './bank/event-builder.ts';
import type { DeliveryResult } from './bank/emitter.ts';
import type { SinpeTransferRequest } from './bank/sinpe-transfers.ts';

export type { FaultSpec, OrderTruth, BankTriggerInput, DeliveryResult };

export interface PayOptions {
  card: string;
  cvv?: string;
  /** MM/YY; defaults to a date far in the future. */
  expiry?: string;
  holderName?: string;
  /** Press Cancel instead of Pay. */
  cancel?: boolean;
  /** Press "Use SINPE Móvil instead" (colones orders): the redirect says code=Pending. */
  sinpeMovil?: boolean;
}

export interface BankTriggerResult {
  event_ids: string[];
  payment_id: string;
  /** The decrypted event, as receivers should see it after decryption. */
  event: Record<string, unknown> & { event: { event_id: string; event_type: string } };
  deliveries: DeliveryResult[] | 'pending';
}

/** Thrown when a payment page refuses the form (re-rendered with errors, no redirect). */
export class PaymentFormRejected extends Error {
  constructor(readonly status: number, readonly html: string) {
    super(`payment page answered ${status} instead of a redirect`);
  }
}

/**
 * A small typed client of the sandbox's /_sandbox control API and of its buyer pages, over
 * real HTTP, for tests and other parts. `new SandboxControl('http://127.0.0.1:4010')`.
 */
export class SandboxControl {
  private readonly base: string;

  constructor(baseUrl: string) {
    this.base = baseUrl.replace(/\/$/, '');
  }

  /** How many calls an operation received (optionally for one orderNumber). */
  async calls(operation: string, orderNumber?: string): Promise<number> {
    return (await this.callLog(operation, orderNumber)).length;
  }

  /** When each of those calls arrived, by the sandbox clock. */
  async callLog(operation?: string, orderNumber?: string): Promise<Date[]> {
    const query = new URLSearchParams();
    if (operation) query.set('operation', operation);
    if (orderNumber) query.set('orderNumber', orderNumber);
    const body = await this.json<{ calls: Array<{ at: string }> }>('GET', `/_sandbox/calls?${query}`);
    return body.calls.map((call) => new Date(call.at));
  }

  async resetCalls(): Promise<void> {
    await this.json('DELETE', '/_sandbox/calls');
  }

  /** Returns the fault's id. */
  async injectFault(spec: FaultSpec): Promise<number> {
    return (await this.json<{ id: number }>('POST', '/_sandbox/faults', spec)).id;
  }

  async clearFaults(): Promise<void> {
    await this.json('DELETE', '/_sandbox/faults');
  }

  /** The variance mode for what follows (sandbox/variants/answer-variants.ts); the same seed replays the same answers. */
  async setVariants(change: { enabled: boolean; seed?: string; rate?: number; bodyUnauthorized?: number; everyForm?: boolean }): Promise<void> {
    await this.json('POST', '/_sandbox/variants', change);
  }

  async expireTokens(): Promise<void> {
    await this.json('POST', '/_sandbox/tokens/expire');
  }

  /** Moves the sandbox clock forward; returns the new sandbox time. */
  async advanceClock(seconds: number): Promise<Date> {
    return new Date((await this.json<{ now: string }>('POST', '/_sandbox/clock', { advanceSeconds: seconds })).now);
  }

  /** The sandbox's own record of an order, or undefined when it never saw that number. */
  async truth(orderNumber: string): Promise<OrderTruth | undefined> {
    const response = await fetch(`${this.base}/_sandbox/truth/${encodeURIComponent(orderNumber)}`);
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`truth: HTTP ${response.status}`);
    return (await response.json()) as OrderTruth;
  }

  /** Emits a bank event to the registered destinations; waits for the deliveries unless wait:false. */
  async triggerBankEvent(spec: BankTriggerInput): Promise<BankTriggerResult> {
    return this.json<BankTriggerResult>('POST', '/_sandbox/bank/events', spec);
  }

  /** The sandbox's own books between two instants: totals per method and currency (control/day-ledger.ts). */
  async ledger(from: Date, to: Date): Promise<Array<Record<string, string>>> {
    const query = new URLSearchParams({ from: from.toISOString(), to: to.toISOString() });
    return (await this.json<{ totals: Array<Record<string, string>> }>('GET', `/_sandbox/ledger?${query}`)).totals;
  }

  /** Sets the processor's deductions on approved card payments (gateway/fee-schedule.ts). */
  async setFees(fees: FeeScheduleInput): Promise<void> {
    await this.json('POST', '/_sandbox/fees', fees);
  }

  /** The buyer's bank app sends a SINPE Móvil transfer; the bank emits its events (waits for the deliveries). */
  sendSinpeTransfer(transfer: SinpeTransferRequest): Promise<{ payment_id: string; event_ids: string[]; deliveries: DeliveryResult[]; sms?: string }> {
    return this.json('POST', '/_sandbox/bank/sinpe-transfers', transfer);
  }

  /**
   * Pays (or cancels) on a hosted payment page like a browser: GET the page, POST its form,
   * and return the redirect's Location without following it.
   */
  payHostedPage(hostedUrl: string, options: PayOptions): Promise<URL> {
    return this.submitCardPage(hostedUrl, options);
  }

  /** Pays a payment link's buyer page the same way; the Location is callback_url or a result page. */
  payLink(linkUrl: string, card: string | PayOptions): Promise<URL> {
    return this.submitCardPage(linkUrl, typeof card === 'string' ? { card } : card);
  }

  private async submitCardPage(pageUrl: string, options: PayOptions): Promise<URL> {
    const page = await fetch(pageUrl, { redirect: 'manual' });
    if (page.status === 303) return new URL(page.headers.get('Location')!, pageUrl);
    const html = await page.text();
    if (!page.ok) throw new PaymentFormRejected(page.status, html);
    const action = /<form[^>]*\saction="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error('payment page has no form');
    const form = new URLSearchParams({
      cardNumber: options.card,
      expiry: options.expiry ?? '12/39',
      cvv: options.cvv ?? '123',
      holderName: options.holderName ?? 'Sandbox Buyer',
      action: options.cancel ? 'cancel' : options.sinpeMovil ? 'sinpe_movil' : 'pay',
    });
    const response = await fetch(new URL(action.replace(/&amp;/g, '&'), pageUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
      redirect: 'manual',
    });
    if (response.status !== 303) throw new PaymentFormRejected(response.status, await response.text());
    return new URL(response.headers.get('Location')!, pageUrl);
  }

  private async json<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.base}${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }
}
