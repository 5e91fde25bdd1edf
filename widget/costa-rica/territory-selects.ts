import { html, nothing, type TemplateResult } from 'lit';
import type { TerritorialDivision, TerritoryPlace } from '../../contract/cr-territory.ts';
import type { AddressFieldName } from '../i18n/translation.ts';
import { territoryChoice } from './territory-choice.ts';
import type { TerritoryText } from './territory-text.ts';

/** What one select needs from the fieldset around it. */
export interface TerritorySelectControl {
  id: string;
  name: string;
  autocomplete: string;
  value: string;
  invalid: boolean;
  describedBy: string | undefined;
  disabled: boolean;
  onInput: (event: Event) => void;
  onBlur: () => void;
}

export interface TerritoryLevel {
  label: string;
  /** The select, or undefined for a field that keeps its own control (the postal code). */
  select: (control: TerritorySelectControl) => TemplateResult;
}

/**
 * Costa Rica's address levels in place of the generic fields: `state` becomes the provincia select,
 * `city` the cantón select, `zip` the distrito select (whose value is the district's postal code).
 * A value that is none of the options (a merchant's prefill) stays visible as its own option, so
 * what is sent is what is shown.
 */
export function territoryLevel(
  division: TerritorialDivision,
  text: TerritoryText,
  field: AddressFieldName,
  address: Readonly<Partial<Record<AddressFieldName, string>>>,
): TerritoryLevel | undefined {
  const choice = territoryChoice(division, address.state ?? '', address.city ?? '');
  if (field === 'state') {
    const provincias = division.provincias.map((provincia) => ({ code: provincia.iso, name: provincia.name }));
    return { label: text.provincia, select: (control) => select(control, 'address-level1', text.chooseProvincia, provincias, { empty: false, required: true }) };
  }
  if (field === 'city') {
    const cantones = choice.cantones.map((canton) => ({ code: canton.name, name: canton.name }));
    return { label: text.canton, select: (control) => select(control, 'address-level2', text.chooseCanton, cantones, { empty: !address.state, required: true }) };
  }
  if (field === 'zip') {
    // The postal code stays a field of its own (optional, filled from here): the district is how
    // a Costa Rican names it, so this select is a way to fill the code, not a second required field.
    const options = { empty: !choice.canton, required: false, hideUnknown: true };
    return { label: text.distrito, select: (control) => select(control, 'address-level3', text.chooseDistrito, choice.distritos, options) };
  }
  return undefined;
}

const partOfLevel: Record<string, string> = { 'address-level1': 'state', 'address-level2': 'canton', 'address-level3': 'district' };

interface SelectOptions {
  /** Nothing to choose yet (no provincia, no cantón): the select is disabled. */
  empty: boolean;
  required: boolean;
  /** A value that is none of the options is not repeated as one (the postal code shows it). */
  hideUnknown?: boolean;
}

function select(control: TerritorySelectControl, level: string, prompt: string, options: TerritoryPlace[], how: SelectOptions): TemplateResult {
  const known = options.some((option) => option.code === control.value);
  const shownValue = known || !how.hideUnknown ? control.value : '';
  return html`<select
    id=${control.id}
    name=${control.name}
    part="input ${partOfLevel[level]}"
    autocomplete=${control.autocomplete.replace(/\S+$/, level)}
    ?required=${how.required}
    ?disabled=${control.disabled || how.empty}
    aria-invalid=${control.invalid ? 'true' : 'false'}
    aria-describedby=${control.describedBy ?? nothing}
    @change=${control.onInput}
    @blur=${control.onBlur}
  >
    <option value="" ?selected=${shownValue === ''}>${prompt}</option>
    ${shownValue !== '' && !known ? html`<option value=${control.value} selected>${control.value}</option>` : nothing}
    ${options.map((option) => html`<option value=${option.code} ?selected=${option.code === control.value}>${option.name}</option>`)}
  </select>`;
}
