// A lazy part (dist/widget/chunks/invoice-details-<hash>.js, reached by lazy/invoice-details-loader.ts), loaded only when the session offers a Costa
// Rican electronic invoice: the checkbox that reveals ID type, ID number, legal name and invoice
// e-mail, its state and its text. The check is the contract's plain invoice rules
// (contract/invoice-rules.ts, which the BFF's zod schema is built from), imported here (not in the
// checkout-rules part, which every checkout loads). The kept form and the e-mail hint are the
// rules' own modules, imported as they are: this part is only ever loaded from inside the rules, so
// the bundler takes them from the rules' file.
import { html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { CheckoutAddress, CheckoutBillingAddress, ProblemFieldError } from '../../contract/bff-api.ts';
import type { InvoiceDetails } from '../../contract/invoice.ts';
import { invoiceIdNumberLengths, invoiceIdTypes, isInvoiceIdType } from '../../contract/invoice-id-types.ts';
import { emailSuggestionHint } from '../address/email-suggestion-hint.ts';
import { invoiceTextFor, type InvoiceText } from '../invoice/invoice-text.ts';
import type { Translation } from '../i18n/translation.ts';
import { keepInvoiceRequest, keptForm } from '../kept/form-keeper.ts';
import type { KeptInvoice } from '../invoice/invoice-keeping.ts';
import { InvoiceValidator, type InvoiceErrors, type InvoiceFieldName } from '../validation/invoice-validator.ts';
import { partWords } from '../i18n/part-words.ts';

type InvoiceValue = Record<InvoiceFieldName, string>;
type ErrorCode = keyof InvoiceText['errors'];

const fields: ReadonlyArray<{ name: InvoiceFieldName; autocomplete: string; type?: string; inputmode?: string }> = [
  { name: 'idType', autocomplete: 'off' },
  { name: 'idNumber', autocomplete: 'off', inputmode: 'numeric' },
  { name: 'name', autocomplete: 'organization' },
  { name: 'email', autocomplete: 'email', type: 'email' },
];

const emptyValue = (): InvoiceValue => ({ idType: '', idNumber: '', name: '', email: '' });

/** What the form reads of the checkout: its order (whose kept form it joins) and the address typed. */
export interface InvoiceHost {
  requestUpdate(): void;
  readonly view: {
    readonly order?: { orderNumber: string } | undefined;
    readonly billing: CheckoutBillingAddress;
    readonly shipping: CheckoutAddress;
    readonly sameAsBilling: boolean;
  };
}

export class InvoiceDetailsForm {
  private requested = false;
  private value: InvoiceValue = emptyValue();
  private touched = new Set<InvoiceFieldName>();
  /** The fields the shopper typed in: until then the name and e-mail are the billing address's. */
  private changed = new Set<InvoiceFieldName>();
  private serverErrors: Partial<Record<InvoiceFieldName | 'request', ErrorCode>> = {};
  private readonly validator = new InvoiceValidator();

  constructor(private readonly host: InvoiceHost) {
    // A reload, Back, or the next attempt after a decline: the request comes back as it was left.
    // Read once the constructor is done, as the host expects of a restore (a request update later).
    void Promise.resolve().then(() => {
      const kept = host.view.order && keptForm(host.view.order.orderNumber)?.invoice;
      if (!kept || this.changed.size > 0 || this.requested) return;
      this.requested = kept.requested;
      this.value = { ...emptyValue(), ...kept.value };
      this.changed = new Set(kept.edited);
      host.requestUpdate();
    });
  }

  /** Back to an unticked box and empty fields. */
  clear(): void {
    this.requested = false;
    this.value = emptyValue();
    this.touched = new Set();
    this.changed = new Set();
    this.serverErrors = {};
    this.host.requestUpdate();
  }

  /** The fields as sent: the name and e-mail follow billing until the shopper types their own. */
  private current(): InvoiceValue {
    const billing = this.host.view.billing;
    const billingName = [billing.firstName, billing.lastName].filter(Boolean).join(' ');
    return {
      ...this.value,
      name: this.changed.has('name') ? this.value.name : billingName,
      email: this.changed.has('email') ? this.value.email : billing.email,
    };
  }

  /** What the shopper did here, kept with the order's address (form-keeper.ts). */
  private keep(): void {
    const order = this.host.view.order;
    if (!order) return;
    const kept: KeptInvoice = { requested: this.requested, value: { ...this.value }, edited: [...this.changed] };
    keepInvoiceRequest(order.orderNumber, this.host.view, kept);
  }

  /** How many fields are wrong now (0 when no invoice is asked for). */
  errorCount(): number {
    return this.requested ? Object.keys(this.errors()).length : 0;
  }

  /** The part of the checkout body this fieldset adds (sent once errorCount() found none). */
  body(): { invoice?: InvoiceDetails } {
    return this.requested ? { invoice: this.current() as InvoiceDetails } : {};
  }

  /** The BFF's field errors under `invoice`, shown beside their fields until they change. */
  showServerErrors(errors: readonly ProblemFieldError[]): void {
    for (const error of errors) {
      const [head, field] = error.path.split('.');
      if (head !== 'invoice') continue;
      const key = (field as InvoiceFieldName | undefined) ?? 'request';
      this.serverErrors[key] = (error.code ?? 'required') as ErrorCode;
    }
    this.host.requestUpdate();
  }

  /** `didYouMean`: the page's words around a suggested e-mail address (Translation.didYouMean). */
  render(locale: string, busy: boolean, submitted: boolean, didYouMean: Translation['didYouMean']): TemplateResult {
    const text = invoiceTextFor(locale);
    const value = this.current();
    const errors = this.errors();
    const shown = (field: InvoiceFieldName): string | undefined => {
      const code = this.serverErrors[field] ?? (submitted || (this.touched.has(field) && this.changed.has(field)) ? errors[field] : undefined);
      return code === undefined ? undefined : (text.errors[code] ?? text.errors.required);
    };
    const requestError = this.serverErrors.request;
    return html`<div class="invoice field" part="invoice">
      <label class="checkbox" part="invoice-request">
        <input
          type="checkbox"
          .checked=${this.requested}
          ?disabled=${busy}
          aria-invalid=${requestError ? 'true' : 'false'}
          aria-describedby=${requestError ? 'invoice-request-error' : nothing}
          @change=${this.onRequestChange}
        />
        ${text.request}
      </label>
      ${requestError ? html`<p class="error" id="invoice-request-error" part="error">${text.errors[requestError]}</p>` : nothing}
      ${this.requested
        ? html`<fieldset part="invoice-details" ?disabled=${busy}>
            <legend>${text.legend}</legend>
            ${fields.map((field) => this.renderField(text, didYouMean, field, value, shown(field.name)))}
          </fieldset>`
        : nothing}
    </div>`;
  }

  private renderField(text: InvoiceText, didYouMean: Translation['didYouMean'], field: (typeof fields)[number], value: InvoiceValue, error: string | undefined): TemplateResult {
    const id = `invoice-${field.name}`;
    const errorId = `${id}-error`;
    const hintId = `${id}-hint`;
    const lengths = field.name === 'idNumber' && isInvoiceIdType(value.idType) ? invoiceIdNumberLengths[value.idType] : undefined;
    const suggestion = field.name === 'email' ? emailSuggestionHint(id, value.email, didYouMean, (email) => this.onInput('email', email)) : undefined;
    const describedBy =
      [lengths ? hintId : '', suggestion?.id ?? '', error !== undefined ? errorId : ''].filter(Boolean).join(' ') || nothing;
    const onInput = (event: Event) => this.onInput(field.name, (event.target as HTMLInputElement | HTMLSelectElement).value);
    const onBlur = () => {
      this.touched.add(field.name);
      this.host.requestUpdate();
    };
    const control =
      field.name === 'idType'
        ? html`<select id=${id} name="invoice.idType" part="input" required aria-invalid=${error ? 'true' : 'false'} aria-describedby=${describedBy} @change=${onInput} @blur=${onBlur}>
            <option value="" ?selected=${value.idType === ''}>${text.chooseIdType}</option>
            ${invoiceIdTypes.map((type) => html`<option value=${type} ?selected=${value.idType === type}>${text.idTypes[type]}</option>`)}
          </select>`
        : html`<input
            id=${id}
            name=${`invoice.${field.name}`}
            part="input"
            type=${field.type ?? 'text'}
            inputmode=${field.inputmode ?? nothing}
            autocomplete=${field.autocomplete}
            required
            .value=${live(value[field.name])}
            aria-invalid=${error ? 'true' : 'false'}
            aria-describedby=${describedBy}
            @input=${onInput}
            @blur=${onBlur}
          />`;
    return html`<div class="field wide" part="field field-invoice-${field.name}">
      <label for=${id}>${text[field.name]}</label>
      ${control}
      ${lengths ? html`<span class="optional" id=${hintId}>${text.idNumberHint(lengths.min, lengths.max)}</span>` : nothing}
      ${suggestion?.line ?? nothing}
      ${error !== undefined ? html`<p class="error" id=${errorId} part="error">${error}</p>` : nothing}
    </div>`;
  }

  private errors(): InvoiceErrors {
    return this.validator.validate(this.current()).errors;
  }

  private readonly onRequestChange = (event: Event) => {
    this.requested = (event.target as HTMLInputElement).checked;
    delete this.serverErrors.request;
    this.keep();
    this.host.requestUpdate();
  };

  private onInput(field: InvoiceFieldName, value: string): void {
    this.value = { ...this.value, [field]: value };
    this.changed.add(field);
    delete this.serverErrors[field];
    // A new type judges the number already typed again; its server error no longer applies.
    if (field === 'idType') delete this.serverErrors.idNumber;
    this.keep();
    this.host.requestUpdate();
  }
}

/** Its words in the page's language (i18n/<tag>/invoice.ts) arrive with it (parts/loader.ts). */
export const partReady = () => partWords(invoiceTextFor);
