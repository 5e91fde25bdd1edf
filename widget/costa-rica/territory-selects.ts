import type { TemplateResult, html as litHtml, nothing as litNothing } from 'lit';
import type { TerritorialDivision, TerritoryPlace } from '../../contract/cr-territory.ts';
import type { AddressFieldName } from '../i18n/translation.ts';
import { territoryChoice } from './territory-choice.ts';
import { territoryTextFor } from './territory-text.ts';

/** What one select needs from the fieldset around it. */
export interface TerritorySelectControl {
  id: string;
  name: string;
  autocomplete: string;
  value: string;
  invalid: boolean;
  describedBy: string | undefined;
  required: boolean;
  onInput: (event: Event) => void;
  onBlur: () => void;
}

export interface TerritoryLevel {
  label: string;
  /** Absent for a field that keeps its generic control under Costa Rica's label (the street line). */
  select?: (control: TerritorySelectControl) => TemplateResult;
}

/** The element's own Lit, handed in: this file is part of territory-fields.js, a lazy part. */
export interface TerritoryLit {
  html: typeof litHtml;
  nothing: typeof litNothing;
}

/**
 * Costa Rica's address levels in place of the generic fields: `state` is labelled Provincia, `city`
 * becomes the cantón select, `zip` the distrito select (whose value is the district's postal code).
 * A value that is none of the options (a merchant's prefill) stays visible as its own option, so
 * what is sent is what is shown.
 */
export function territoryLevel(
  lit: TerritoryLit,
  division: TerritorialDivision,
  locale: string,
  field: AddressFieldName,
  address: Readonly<Partial<Record<AddressFieldName, string>>>,
): TerritoryLevel | undefined {
  const text = territoryTextFor(locale);
  const choice = territoryChoice(division, address.state ?? '', address.city ?? '');
  // The provincias are the ISO subdivisions the generic select already lists: it stays (the same
  // element, so the focus stays on it when this file arrives), under its Costa Rican name.
  if (field === 'state') return { label: text.provincia };
  if (field === 'city') {
    const cantones = choice.cantones.map((canton) => ({ code: canton.name, name: canton.name }));
    // Disabled until there is something to choose: no provincia yet, or its places still on their way.
    return { label: text.canton, select: (control) => select(lit, control, 'canton', text.chooseCanton, cantones, cantones.length === 0) };
  }
  if (field === 'zip') {
    // The district's 5-digit code is its postal code: choosing the district fills the code, shown with its name.
    const distritos = choice.distritos.map((distrito) => ({ code: distrito.code, name: `${distrito.name} (${distrito.code})` }));
    return { label: text.distrito, select: (control) => select(lit, control, 'district', text.chooseDistrito, distritos, !choice.canton) };
  }
  if (field === 'address') return { label: text.otrasSenas };
  return undefined;
}

/** `empty`: nothing to choose yet (no provincia, no cantón), so the select is disabled. */
function select(lit: TerritoryLit, control: TerritorySelectControl, part: string, prompt: string, options: TerritoryPlace[], empty: boolean): TemplateResult {
  const { html } = lit;
  const nothing = lit.nothing;
  const known = options.some((option) => option.code === control.value);
  return html`<select
    id=${control.id}
    name=${control.name}
    part="input ${part}"
    autocomplete=${control.autocomplete}
    ?required=${control.required}
    ?disabled=${empty}
    aria-invalid=${control.invalid ? 'true' : 'false'}
    aria-describedby=${control.describedBy ?? nothing}
    @change=${control.onInput}
    @blur=${control.onBlur}
  >
    <option value="" ?selected=${control.value === ''}>${prompt}</option>
    ${control.value !== '' && !known ? html`<option value=${control.value} selected>${control.value}</option>` : nothing}
    ${options.map((option) => html`<option value=${option.code} ?selected=${option.code === control.value}>${option.name}</option>`)}
  </select>`;
}
