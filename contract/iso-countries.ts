/**
 * ISO 3166-1 alpha-2 codes of assigned countries, as wooorm/iso-3166 lists them, written as one
 * string of two-letter codes: the widget carries this list in its first script, where the package's
 * smallest table (alpha-2 → alpha-3) cost ~1 kB gzip more. test/contract/iso-countries.spec.ts
 * checks it against the package, so an ISO change shows up there.
 */
const packed =
  'ADAEAFAGAIALAMAOAQARASATAUAWAXAZBABBBDBEBFBGBHBIBJBLBMBNBOBQBRBSBTBVBWBYBZCACCCDCFCGCHCICKCLCMCNCOCRCUCVCWCXCYCZDEDJDKDMDODZECEEEGEHERESETFIFJFKFMFOFRGAGBGDGEGFGGGHGIGLGMGNGPGQGRGSGTGUGWGYHKHMHNHRHTHUIDIEILIMINIOIQIRISITJEJMJOJPKEKGKHKIKMKNKPKRKWKYKZLALBLCLILKLRLSLTLULVLYMAMCMDMEMFMGMHMKMLMMMNMOMPMQMRMSMTMUMVMWMXMYMZNANCNENFNGNINLNONPNRNUNZOMPAPEPFPGPHPKPLPMPNPRPSPTPWPYQARERORSRURWSASBSCSDSESGSHSISJSKSLSMSNSOSRSSSTSVSXSYSZTCTDTFTGTHTJTKTLTMTNTOTRTTTVTWTZUAUGUMUSUYUZVAVCVEVGVIVNVUWFWSYEYTZAZMZW';

export const countryCodes: readonly string[] = Object.freeze(packed.match(/[A-Z]{2}/g) ?? []);

const known = new Set(countryCodes);

export function isCountryCode(code: string): boolean {
  return known.has(code);
}
