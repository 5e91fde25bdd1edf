// Costa Rica's provincia → cantón → distrito table (contract/cr-territorial-division.json): the
// counts of the current division, codes that nest, and provincias that are the ISO 3166-2 list.
import { readFileSync } from 'node:fs';
// Checks in the loops over every place/code are node:assert's: Playwright's expect records a step
// (its stack captured and source-mapped) for each call.
import assert from 'node:assert/strict';
import { expect, test } from '../support/node-test.ts';
import { cantonesOf, cantonNamed, distritosOf, type TerritorialDivision } from '../../contract/cr-territory.ts';
import { subdivisionsOf } from '../../contract/iso-subdivisions.ts';
import { divisionModuleSources, territoryModuleSources } from '../../scripts/widget-data/territory-files.ts';

const division = JSON.parse(readFileSync(new URL('../../contract/cr-territorial-division.json', import.meta.url), 'utf8')) as TerritorialDivision;

test('the file names its source and date', () => {
  expect(division.source).toContain('HL7-cr/terminology');
  expect(division.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
});

test('7 provincias, 84 cantones, 491 distritos, each code unique', () => {
  expect(division.provincias).toHaveLength(7);
  expect(division.cantones).toHaveLength(84);
  expect(division.distritos).toHaveLength(491);
  for (const level of [division.provincias, division.cantones, division.distritos]) {
    expect(new Set(level.map((place) => place.code)).size).toBe(level.length);
    for (const place of level) assert.notEqual(place.name.trim(), '', place.code);
  }
});

test('codes nest: provincia 1 digit, cantón 1+2, distrito 1+2+2 = the 5-digit postal code, every parent exists', () => {
  const provincias = new Set(division.provincias.map((provincia) => provincia.code));
  const cantones = new Set(division.cantones.map((canton) => canton.code));
  for (const provincia of division.provincias) assert.match(provincia.code, /^[1-7]$/);
  for (const canton of division.cantones) {
    assert.match(canton.code, /^[1-7]\d{2}$/);
    assert.equal(provincias.has(canton.code.slice(0, 1)), true, canton.code);
  }
  for (const distrito of division.distritos) {
    assert.match(distrito.code, /^[1-7]\d{4}$/);
    assert.equal(cantones.has(distrito.code.slice(0, 3)), true, distrito.code);
  }
  // every cantón has at least one distrito
  for (const canton of division.cantones) assert.ok(distritosOf(division, canton.code).length > 0, canton.code);
});

test('the provincias are exactly the ISO 3166-2:CR subdivisions the address checks accept', () => {
  const iso = subdivisionsOf('CR').map((subdivision) => subdivision.code).sort();
  expect(division.provincias.map((provincia) => provincia.iso).sort()).toEqual(iso);
});

test('lookups by the address fields: state (ISO) → cantones, city (cantón name) → distritos', () => {
  expect(cantonesOf(division, 'CR-SJ')).toHaveLength(20);
  expect(cantonesOf(division, 'CR-XX')).toEqual([]);
  const escazu = cantonNamed(division, 'CR-SJ', 'Escazú');
  expect(escazu?.code).toBe('102');
  expect(distritosOf(division, '102').map((distrito) => distrito.code)).toEqual(['10201', '10202', '10203']);
  expect(cantonNamed(division, 'CR-A', 'Escazú')).toBeUndefined();
  // the newest cantones are in
  expect(cantonNamed(division, 'CR-P', 'Monteverde')?.code).toBe('612');
  expect(cantonNamed(division, 'CR-P', 'Puerto Jiménez')?.code).toBe('613');
  expect(cantonNamed(division, 'CR-A', 'Río Cuarto')?.code).toBe('216');
});

async function importModule<T>(source: string): Promise<T> {
  return ((await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`)) as { default: T }).default;
}

/** The division as the widget gets it: the country's module with its provincias, then each provincia's places. */
async function importDivision(country: string, sources: Record<string, string>): Promise<TerritorialDivision> {
  const top = await importModule<Omit<TerritorialDivision, 'cantones' | 'distritos'>>(sources[country]!);
  const trees = await Promise.all(top.provincias.map((provincia) => importModule<Pick<TerritorialDivision, 'cantones' | 'distritos'>>(sources[`${country}-${provincia.code}`]!)));
  return { ...top, cantones: trees.flatMap((tree) => tree.cantones), distritos: trees.flatMap((tree) => tree.distritos) };
}

test("the widget's modules (the provincias, then one per provincia, packed, codes rebuilt on import) give back exactly this division", async () => {
  const sources = territoryModuleSources('CR')!;
  expect(Object.keys(sources)).toEqual(['CR', 'CR-1', 'CR-2', 'CR-3', 'CR-4', 'CR-5', 'CR-6', 'CR-7']);
  const rebuilt = await importDivision('CR', sources);
  expect(rebuilt).toEqual({ source: division.source, date: division.date, provincias: division.provincias, cantones: division.cantones, distritos: division.distritos });
  // Each provincia's module holds its own places only.
  const sanJose = await importModule<Pick<TerritorialDivision, 'cantones' | 'distritos'>>(sources['CR-1']!);
  expect(sanJose.cantones).toEqual(cantonesOf(division, 'CR-SJ'));
  expect(sanJose.distritos.every((distrito) => distrito.code.startsWith('1'))).toBe(true);
  // Smaller than the file it comes from: what the shopper downloads.
  const total = Object.values(sources).reduce((sum, source) => sum + source.length, 0);
  expect(total).toBeLessThan(JSON.stringify(division).length / 2);
});

test('the packed module keeps a distrito out of sequence, a distrito named as its cantón and refuses a name it cannot write', async () => {
  const places = (...lines: string[]) => lines.map((line) => ({ code: line.slice(0, line.indexOf(' ')), name: line.slice(line.indexOf(' ') + 1) }));
  const small: TerritorialDivision = {
    source: 'test',
    date: '2026-01-01',
    provincias: places('1 San José', '2 Alajuela').map((place, index) => ({ ...place, iso: ['CR-SJ', 'CR-A'][index]! })),
    cantones: places('101 San José', '201 Alajuela', '202 San Ramón'),
    // 20104 and 20203 are out of sequence; 10102, 20101 and 20201 carry their cantón's name.
    distritos: places('10101 Carmen', '10102 San José', '20101 Alajuela', '20104 Carrizal', '20201 San Ramón', '20203 San Ramón'),
  };
  expect(await importDivision('XX', divisionModuleSources('XX', small))).toEqual(small);
  for (const name of ['Norte|Sur', 'Uno: dos', 'a;b', '12 Distrito']) {
    expect(() => divisionModuleSources('XX', { ...small, distritos: [...small.distritos, { code: '20105', name }] }), name).toThrow(/cannot be written/);
  }
  expect(() => divisionModuleSources('XX', { ...small, provincias: [small.provincias[1]!] })).toThrow(/out of sequence/);
});
