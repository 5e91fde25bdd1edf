// Part of the first script, with the element (checkout.component.ts) that composes it: the form itself,
// drawn from the flow's view with what the checkout-rules part brought (the summary, the fieldsets,
// the country list) and the element's own checks (which field was left, which was changed).
import { html, nothing } from 'lit';
import type { AddressSection } from './address-fields.ts';
import type { CheckoutFlowApi, CheckoutView } from '../flow/flow-api.ts';
import { formatMoney } from '../i18n/localize.ts';
import type { AddressFieldName, Translation } from '../i18n/translation.ts';
import { asksAddress, sinpeContactFields } from './method-fields.ts';
import type { OrderSummary } from './order-summary.ts';
import type { CheckoutRulesModule } from '../parts/checkout-rules.ts';
import type { AddressErrors } from '../validation/field-error-code.ts';
import type { FormChecks } from './form-checks.ts';

/** What renders the form, from checkout-rules.js. */
export type FormParts = Pick<CheckoutRulesModule, 'renderOrderSummary' | 'renderAddressFieldset' | 'sortedSubdivisions'>;

/** What the form reads of <svc-checkout>: its attributes, which fields the shopper left and changed, and its handlers. */
export interface FormHost {
  readonly noShipping: boolean;
  /** The shopper changed the field at `path` (`billing.email`) and left it. */
  leftChanged(path: string): boolean;
  onFieldInput(section: AddressSection, field: AddressFieldName, value: string): void;
  /** The shopper left the field at `path` (`billing.email`). */
  leave(path: string): void;
  readonly onSubmit: (event: SubmitEvent) => void;
  readonly onFirstFocus: () => void;
  readonly onSameAsBillingChange: (event: Event) => void;
}

/** The form: the order, the method choice, the address or contact fields, the invoice and the pay button. */
export function renderCheckoutForm(host: FormHost, form: FormParts, checks: FormChecks, t: Translation, locale: string, flow: CheckoutFlowApi, order: OrderSummary) {
  const view = flow.view;
  const busy = view.state !== 'idle';
  const countries = checks.countries(locale);
  const fieldset = (section: AddressSection, only?: readonly AddressFieldName[], legend?: string) => {
    const value = view[section];
    const errors = checks.validator.validate(section, value).errors;
    const territory = checks.territories.forCountry(value.country, locale);
    return form.renderAddressFieldset({
      section,
      ...(only && { only, ...(legend && { legend }) }),
      value,
      t,
      countries,
      subdivisions: form.sortedSubdivisions(checks.subdivisions.get(value.country), locale),
      territory,
      // Costa Rica's postal code is its district's, optional (contract/postal-code-optional.ts).
      isOptional: (field) => field === 'zip' && (checks.postcodeFormats.isOptional(value.country) || territory !== undefined),
      disabled: busy,
      inputMode: (field) => (field === 'zip' && checks.postcodeFormats.hintOf(value.country)?.digits ? 'numeric' : undefined),
      hint: (field, fieldId) => (field === 'email' ? checks.emailHint(fieldId, view.billing.email, t.didYouMean, (email) => host.onFieldInput(section, field, email)) : undefined),
      shownError: (field, choice) => shownError(host, checks, t, view, section, field, errors, value.country, choice),
      onInput: (field, fieldValue) => host.onFieldInput(section, field, fieldValue),
      onBlur: (field) => host.leave(`${section}.${field}`),
    });
  };
  // The method choice first, so the buyer picks how to pay before typing what that method needs.
  const methodChoice = view.sinpeOffered && view.methodChoice ? view.methodChoice.renderMethodChoice(locale, view.method, busy, (method) => flow.chooseMethod(method)) : nothing;
  return html`<form part="form" novalidate aria-label=${t.form} @submit=${host.onSubmit} @focusin=${host.onFirstFocus}>
    ${form.renderOrderSummary(t, locale, order)} ${methodChoice} ${order.cardColones?.render(locale, view.method, busy)}
    ${asksAddress(view) ? renderAddresses(host, t, view, busy, fieldset) : fieldset('billing', sinpeContactFields, view.methodChoice?.methodChoiceTexts(locale).contact)}
    ${flow.invoiceDetails.render(locale, busy, view.submitted, t.didYouMean)}
    <button type="submit" part="submit-button" ?disabled=${busy}>${t.pay(order.cardColones?.pay(locale, view.method) ?? formatMoney(locale, order.amount, order.currency))}</button>
  </form>`;
}

/** What a card asks: the billing address, "same as billing" and the shipping address. */
function renderAddresses(host: FormHost, t: Translation, view: CheckoutView, busy: boolean, fieldset: (section: AddressSection) => unknown) {
  return html`${fieldset('billing')}
    ${host.noShipping
      ? nothing
      : html`<label class="checkbox" part="same-as-billing">
          <input type="checkbox" .checked=${view.sameAsBilling} ?disabled=${busy} @change=${host.onSameAsBillingChange} />
          ${t.sameAsBilling}
        </label>`}
    ${host.noShipping || view.sameAsBilling ? nothing : fieldset('shipping')}`;
}

function shownError(host: FormHost, checks: FormChecks, t: Translation, view: CheckoutView, section: AddressSection, field: AddressFieldName, errors: AddressErrors, country: string, choice?: string): string | undefined {
  const path = `${section}.${field}`;
  const fromServer = view.serverErrors[path];
  if (fromServer !== undefined) return fromServer;
  const code = errors[field];
  if (code === undefined) return undefined;
  // Shown once it helps: after the shopper left a field they changed, or after a submit.
  if (!view.submitted && !host.leftChanged(path)) return undefined;
  // A wrong postal code says what a right one looks like, where the country's format is known.
  const zipHint = code === 'invalid_zip' ? checks.postcodeFormats.hintOf(country) : undefined;
  if (zipHint) return t.invalidZipFormat(zipHint.example, zipHint.digits);
  // An empty field says which ("Enter your e-mail address."), a list by its own label.
  return code === 'required' ? (choice ? t.requiredChoice(choice) : t.requiredField[field]) : t.errors[code];
}
