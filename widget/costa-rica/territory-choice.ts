import type { AddressFieldName } from '../i18n/translation.ts';
import { cantonNamed, cantonesOf, distritosOf, type TerritorialDivision, type TerritoryPlace } from '../../contract/cr-territory.ts';

/**
 * Where a Costa Rican address keeps the shopper's choice: the provincia's ISO code as `state`, the
 * cantón's name as `city` (what the gateway reads as the city) and the distrito's 5-digit code as
 * `zip` (its postal code). The kept form and the BFF see ordinary address fields.
 */
export interface TerritoryChoice {
  cantones: TerritoryPlace[];
  /** The chosen cantón, when `city` names one of the provincia's. */
  canton: TerritoryPlace | undefined;
  distritos: TerritoryPlace[];
}

export function territoryChoice(division: TerritorialDivision, state: string, city: string): TerritoryChoice {
  const canton = cantonNamed(division, state, city);
  return { cantones: cantonesOf(division, state), canton, distritos: canton ? distritosOf(division, canton.code) : [] };
}

/** A level below a changed one no longer holds: a new provincia empties cantón and distrito, a new cantón the distrito. */
export function fieldsClearedBy(field: AddressFieldName, countryBefore: string, countryAfter: string): AddressFieldName[] {
  if (countryBefore !== 'CR' && countryAfter !== 'CR') return [];
  if (field === 'country') return countryBefore === countryAfter ? [] : ['city', 'zip'];
  if (field === 'state') return ['city', 'zip'];
  return field === 'city' ? ['zip'] : [];
}
