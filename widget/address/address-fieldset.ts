import { html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { fieldsOf, type AddressFieldSpec, type AddressSection } from './address-fields.ts';
import type { CountryOption } from '../i18n/countries.ts';
import type { EmailSuggestionHint } from './email-suggestion-hint.ts';
import type { AddressFieldName, Translation } from '../i18n/translation.ts';
import type { Subdivision } from '../../contract/iso-subdivisions.ts';
import type { TerritoryFieldset } from '../costa-rica/territory-hook.ts';

export interface AddressFieldsetContext {
  section: AddressSection;
  /** Only these fields (in the usual order), e.g. what a SINPE Móvil transfer asks; default all. */
  only?: readonly AddressFieldName[];
  /** A legend other than the section's (what those fields are, e.g. "Your details"). */
  legend?: string;
  value: Readonly<Partial<Record<AddressFieldName, string>>>;
  t: Translation;
  countries: { region: CountryOption[]; others: CountryOption[] };
  /** The selected country's subdivisions; undefined while they load. */
  subdivisions: readonly Subdivision[] | undefined;
  disabled: boolean;
  /** The country's provincia → cantón → distrito tree (Costa Rica), once loaded, with its words. */
  territory?: TerritoryFieldset | undefined;
  /** Fields optional for the current value (a postal code where the country has none). */
  isOptional?: (field: AddressFieldName) => boolean;
  /** The keyboard a field wants (`numeric` for a postal code that is a number), or undefined. */
  inputMode?: (field: AddressFieldName) => 'numeric' | undefined;
  /** A hint under a field that never blocks it (the billing e-mail's "did you mean …?"), or undefined. */
  hint?: (field: AddressFieldName, fieldId: string) => EmailSuggestionHint | undefined;
  /** The localized message to show under a field, or undefined when none should show yet. */
  /** `choice`: the label of a country's own list standing for the field (Costa Rica's cantón). */
  shownError: (field: AddressFieldName, choice: string | undefined) => string | undefined;
  onInput: (field: AddressFieldName, value: string) => void;
  onBlur: (field: AddressFieldName) => void;
}

/** One address as a fieldset of labelled controls; ids are prefixed by section, so both can coexist. */
export function renderAddressFieldset(context: AddressFieldsetContext): TemplateResult {
  const { section, t } = context;
  return html`<fieldset part=${section} ?disabled=${context.disabled}>
    <legend>${context.legend ?? (section === 'billing' ? t.billing : t.shipping)}</legend>
    ${fieldsOf(section)
      .filter((field) => !context.only || context.only.includes(field.name))
      .map((field) => renderField(context, field))}
  </fieldset>`;
}

function renderField(context: AddressFieldsetContext, field: AddressFieldSpec): TemplateResult {
  const { section, t } = context;
  // Costa Rica's own label and select for this field, once its territory file is here.
  const level = context.territory?.(field.name, context.value);
  const id = `${section}-${field.name}`;
  const error = context.shownError(field.name, level?.select && level.label);
  const optional = field.optional || context.isOptional?.(field.name) === true;
  const errorId = `${id}-error`;
  const hint = context.hint?.(field.name, id);
  const control = {
    id,
    name: `${section}.${field.name}`,
    autocomplete: `section-${section} ${field.autocomplete}`,
    value: context.value[field.name] ?? '',
    invalid: error !== undefined,
    describedBy: [hint?.id, error !== undefined ? errorId : undefined].filter(Boolean).join(' ') || undefined,
  };
  const onInput = (event: Event) => context.onInput(field.name, (event.target as HTMLInputElement | HTMLSelectElement).value);
  const onBlur = () => context.onBlur(field.name);
  let input: TemplateResult;
  if (level?.select) {
    input = level.select({ ...control, required: !optional, onInput, onBlur });
  } else if (field.name === 'country') {
    input = html`<select
      id=${control.id}
      name=${control.name}
      part="input country"
      autocomplete=${control.autocomplete}
      required
      aria-invalid=${control.invalid ? 'true' : 'false'}
      aria-describedby=${control.describedBy ?? nothing}
      @change=${onInput}
      @blur=${onBlur}
    >
      <option value="" ?selected=${control.value === ''}>${t.chooseCountry}</option>
      ${context.countries.region.map((country) => renderOption(country, control.value))}
      <hr />
      ${context.countries.others.map((country) => renderOption(country, control.value))}
    </select>`;
  } else if (field.name === 'state') {
    const loading = context.subdivisions === undefined && context.value.country !== '';
    input = html`<select
      id=${control.id}
      name=${control.name}
      part="input state"
      autocomplete=${control.autocomplete}
      required
      ?disabled=${loading || !context.value.country}
      aria-busy=${loading ? 'true' : 'false'}
      aria-invalid=${control.invalid ? 'true' : 'false'}
      aria-describedby=${control.describedBy ?? nothing}
      @change=${onInput}
      @blur=${onBlur}
    >
      <option value="" ?selected=${control.value === ''}>${loading ? t.loadingStates : t.chooseState}</option>
      ${(context.subdivisions ?? []).map((subdivision) => renderOption(subdivision, control.value))}
    </select>`;
  } else {
    input = html`<input
      id=${control.id}
      name=${control.name}
      part="input"
      type=${field.type ?? 'text'}
      inputmode=${context.inputMode?.(field.name) ?? nothing}
      autocomplete=${control.autocomplete}
      ?required=${!optional}
      .value=${live(control.value)}
      aria-invalid=${control.invalid ? 'true' : 'false'}
      aria-describedby=${control.describedBy ?? nothing}
      @input=${onInput}
      @blur=${onBlur}
    />`;
  }
  return html`<div class="field ${field.wide ? 'wide' : ''}" part="field field-${field.name}">
    <label for=${id}>
      ${level?.label ?? t.fields[field.name]}${optional ? html` <span class="optional">(${t.optional})</span>` : nothing}
    </label>
    ${input}
    ${hint?.line ?? nothing}
    ${error !== undefined ? html`<p class="error" id=${errorId} part="error">${error}</p>` : nothing}
  </div>`;
}

function renderOption(option: { code: string; name: string }, selected: string): TemplateResult {
  return html`<option value=${option.code} ?selected=${option.code === selected}>${option.name}</option>`;
}
