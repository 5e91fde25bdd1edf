// Build-time helper: a country's territorial division below its ISO 3166-2 subdivisions, written as
// the module generated/territory/XX.js (country-modules.ts) and imported only when the shopper picks
// that country. Costa Rica's provincia → cantón → distrito tree is the only one so far
// (contract/cr-territorial-division.json).
//
// A purchase needs one provincia's tree, not seven: territory/CR.js holds the source, the date and
// the provincia list, and territory/CR-<provincia code>.js each provincia's cantones and distritos,
// imported when that provincia is chosen (or kept). Each carries its tree as one string, without the
// codes it can rebuild (a provincia's, cantón's and distrito's number is its place in its parent's
// list; only a distrito out of sequence keeps its own) nor a distrito's name where it repeats its
// cantón's, and rebuilds the contract's places when imported. The whole tree in one such module was
// 3.5 kB gzip (nested arrays of names 3.8 kB, the flat file with every code 5.2 kB).
import { readFileSync } from 'node:fs';
import type { TerritorialDivision, TerritoryProvincia } from '../../contract/cr-territory.ts';

const divisions: Record<string, URL> = {
  CR: new URL('../../contract/cr-territorial-division.json', import.meta.url),
};

/** The countries that have one. */
export const territoryCountries = Object.keys(divisions);

const two = (n: number) => String(n).padStart(2, '0');

/** The separators of the tree's string: between provincias, cantones, a cantón and its distritos, distritos. */
const separators = ['\n', '|', ':', ';'];

/**
 * The packed tree of one provincia: `cantón|cantón…`, each cantón `name:distrito;distrito…`, a
 * distrito empty where it is named as its cantón and `NN name` where its number is not its place.
 */
function packedProvincia(division: TerritorialDivision, provincia: TerritoryProvincia): string {
  const name = (place: { name: string }) => {
    if (separators.some((separator) => place.name.includes(separator)) || /^\d\d /.test(place.name) || place.name === '') {
      throw new Error(`"${place.name}" cannot be written in the territory module`);
    }
    return place.name;
  };
  const cantones = division.cantones.filter((canton) => canton.code.startsWith(provincia.code));
  cantones.forEach((canton, index) => {
    if (canton.code !== `${provincia.code}${two(index + 1)}`) throw new Error(`cantón ${canton.code} is out of sequence`);
  });
  return cantones
    .map((canton) => {
      const distritos = division.distritos
        .filter((distrito) => distrito.code.startsWith(canton.code))
        .map((distrito, index) => {
          const written = distrito.name === canton.name ? '' : name(distrito);
          return distrito.code === `${canton.code}${two(index + 1)}` ? written : `${distrito.code.slice(3)} ${written}`;
        });
      return `${name(canton)}:${distritos.join(';')}`;
    })
    .join('|');
}

/** Rebuilds one provincia's cantones and distritos in the browser (`p` its code): kept short, it ships inside the module. */
const rebuildProvincia = `const t=(n)=>String(n).padStart(2,"0"),cantones=[],distritos=[];
d.split("|").forEach((c,k)=>{const[cn,D]=c.split(":"),cc=p+t(k+1);cantones.push({code:cc,name:cn});
D.split(";").forEach((x,j)=>{const m=/^(\\d\\d) (.*)$/.exec(x);distritos.push({code:m?cc+m[1]:cc+t(j+1),name:(m?m[2]:x)||cn})})})`;

/**
 * The modules of one division, by name: `XX` (its source, date and provincias, `iso|name` a line,
 * the code being the place) and `XX-<provincia code>` (that provincia's cantones and distritos).
 */
export function divisionModuleSources(country: string, division: TerritorialDivision): Record<string, string> {
  const provincias = division.provincias.map((provincia, index) => {
    if (provincia.code !== String(index + 1)) throw new Error(`provincia ${provincia.code} is out of sequence`);
    if (separators.some((separator) => provincia.name.includes(separator) || provincia.iso.includes(separator))) {
      throw new Error(`"${provincia.name}" cannot be written in the territory module`);
    }
    return `${provincia.iso}|${provincia.name}`;
  });
  const modules: Record<string, string> = {
    [country]:
      `const[source,date,P]=${JSON.stringify([division.source, division.date, provincias.join('\n')])},` +
      `provincias=P.split("\\n").map((l,i)=>{const[iso,name]=l.split("|");return{code:String(i+1),iso,name}});\n` +
      'export default {source,date,provincias};\n',
  };
  for (const provincia of division.provincias) {
    modules[`${country}-${provincia.code}`] =
      `const p=${JSON.stringify(provincia.code)},d=${JSON.stringify(packedProvincia(division, provincia))};\n${rebuildProvincia}\nexport default {cantones,distritos};\n`;
  }
  return modules;
}

/** A country's modules by name; undefined for a country without a division. */
export function territoryModuleSources(country: string): Record<string, string> | undefined {
  const file = divisions[country];
  if (!file) return undefined;
  return divisionModuleSources(country, JSON.parse(readFileSync(file, 'utf8')) as TerritorialDivision);
}

/** Every module of generated/territory/, by file name without `.js`. */
export function territoryModules(): Array<{ name: string; source: string }> {
  return territoryCountries.flatMap((country) => Object.entries(territoryModuleSources(country)!).map(([name, source]) => ({ name, source })));
}
