// The element's hook for the optional electronic invoice details: nothing of them is in the first
// script; when the session offers them, their form with the contract's check (lazy/invoice-details.ts)
// is loaded and this forwards to it.
import { nothing } from 'lit';
import type { ProblemFieldError } from '../../contract/bff-api.ts';
import type { Translation } from '../i18n/translation.ts';
import { loadInvoiceDetails } from '../lazy/invoice-details-loader.ts';
import type { InvoiceDetailsForm, InvoiceHost } from '../lazy/invoice-details.ts';

export class InvoiceDetailsHook {
  #form: InvoiceDetailsForm | undefined;
  #loading: Promise<InvoiceDetailsForm> | undefined;

  readonly #host: InvoiceHost;

  constructor(host: InvoiceHost) {
    this.#host = host;
  }

  /** Whether the session offers an invoice; nothing renders or is sent otherwise. */
  offered = false;

  /** Starts loading the form when offered (the checkout renders it once here). */
  offer(offered: boolean): void {
    this.offered = offered;
    if (offered) void this.#load().catch(() => undefined);
  }

  #load(): Promise<InvoiceDetailsForm> {
    this.#loading ??= loadInvoiceDetails().then((module) => {
      this.#form = new module.InvoiceDetailsForm(this.#host);
      this.#host.requestUpdate();
      return this.#form;
    });
    this.#loading.catch(() => (this.#loading = undefined));
    return this.#loading;
  }

  /** Wrong fields now; waits for the form when offered (the BFF judges if it cannot load). */
  async errorCount(): Promise<number> {
    if (!this.offered) return 0;
    const form = await this.#load().catch(() => undefined);
    return form?.errorCount() ?? 0;
  }

  body() {
    return this.offered ? (this.#form?.body() ?? {}) : {};
  }

  showServerErrors(errors: readonly ProblemFieldError[]): void {
    this.#form?.showServerErrors(errors);
  }

  clear(): void {
    this.#form?.clear();
  }

  render(locale: string, busy: boolean, submitted: boolean, didYouMean: Translation['didYouMean']) {
    return this.offered && this.#form ? this.#form.render(locale, busy, submitted, didYouMean) : nothing;
  }
}
