/**
 * Costa Rica's provincia → cantón → distrito tree (contract/cr-territorial-division.json, whose
 * `source` and `date` say where it comes from). The codes nest: a cantón's 3 digits start with its
 * provincia's digit, a distrito's 5 digits with its cantón's, and those 5 digits are the district's
 * postal code. Pure and DOM-free: the widget fetches the file lazily (territory/CR.json) and reads it
 * with these functions; nothing here imports the table itself.
 */
export interface TerritoryProvincia {
  /** One digit, 1–7. */
  code: string;
  /** ISO 3166-2 (`CR-SJ`): what the address's `state` holds. */
  iso: string;
  name: string;
}

export interface TerritoryPlace {
  code: string;
  name: string;
}

export interface TerritorialDivision {
  source: string;
  date: string;
  provincias: TerritoryProvincia[];
  /** 3 digits: provincia (1) + cantón (2). */
  cantones: TerritoryPlace[];
  /** 5 digits: provincia (1) + cantón (2) + distrito (2) = the postal code. */
  distritos: TerritoryPlace[];
}

/** The cantones of the provincia whose ISO code is `stateIso`, in the official order. */
export function cantonesOf(division: TerritorialDivision, stateIso: string): TerritoryPlace[] {
  const provincia = division.provincias.find((candidate) => candidate.iso === stateIso);
  return provincia ? division.cantones.filter((canton) => canton.code.startsWith(provincia.code)) : [];
}

/** The distritos of one cantón (its 3-digit code), in the official order. */
export function distritosOf(division: TerritorialDivision, cantonCode: string): TerritoryPlace[] {
  return division.distritos.filter((distrito) => distrito.code.startsWith(cantonCode));
}

/** The cantón named `name` in the provincia `stateIso` (the address keeps the cantón's name as its city). */
export function cantonNamed(division: TerritorialDivision, stateIso: string, name: string): TerritoryPlace | undefined {
  return cantonesOf(division, stateIso).find((canton) => canton.name === name);
}
