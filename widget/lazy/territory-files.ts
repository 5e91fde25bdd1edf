// Build-time helper: a country's territorial division below its ISO 3166-2 subdivisions, written as
// the module generated/territory/XX.js (country-modules.ts) and imported only when the shopper picks
// that country. Costa Rica's provincia → cantón → distrito tree is the only one so far
// (contract/cr-territorial-division.json).
//
// The module carries the tree as one string, without the codes it can rebuild (a provincia's,
// cantón's and distrito's number is its place in its parent's list; only a distrito out of sequence
// keeps its own) nor a distrito's name where it repeats its cantón's, and rebuilds the contract's
// TerritorialDivision when imported: 3.4 kB gzip, where nested arrays of names were 3.8 kB and the
// flat file with every code 5.2 kB.
import { readFileSync } from 'node:fs';
import type { TerritorialDivision } from '../../contract/cr-territory.ts';

const divisions: Record<string, URL> = {
  CR: new URL('../../contract/cr-territorial-division.json', import.meta.url),
};

/** The countries that have one. */
export const territoryCountries = Object.keys(divisions);

const two = (n: number) => String(n).padStart(2, '0');

/** The separators of the tree's string: between provincias, cantones, a cantón and its distritos, distritos. */
const separators = ['\n', '|', ':', ';'];

/**
 * [source, date, tree]: the tree has a line per provincia, `iso|name|cantón|cantón…`, each cantón
 * `name:distrito;distrito…`, a distrito empty where it is named as its cantón and `NN name` where its
 * number is not its place.
 */
function packed(division: TerritorialDivision): [string, string, string] {
  const name = (place: { name: string }) => {
    if (separators.some((separator) => place.name.includes(separator)) || /^\d\d /.test(place.name) || place.name === '') {
      throw new Error(`"${place.name}" cannot be written in the territory module`);
    }
    return place.name;
  };
  const lines = division.provincias.map((provincia, index) => {
    if (provincia.code !== String(index + 1)) throw new Error(`provincia ${provincia.code} is out of sequence`);
    const cantones = division.cantones.filter((canton) => canton.code.startsWith(provincia.code));
    cantones.forEach((canton, index) => {
      if (canton.code !== `${provincia.code}${two(index + 1)}`) throw new Error(`cantón ${canton.code} is out of sequence`);
    });
    const cantonText = cantones.map((canton) => {
      const distritos = division.distritos
        .filter((distrito) => distrito.code.startsWith(canton.code))
        .map((distrito, index) => {
          const written = distrito.name === canton.name ? '' : name(distrito);
          return distrito.code === `${canton.code}${two(index + 1)}` ? written : `${distrito.code.slice(3)} ${written}`;
        });
      return `${name(canton)}:${distritos.join(';')}`;
    });
    return [provincia.iso, name(provincia), ...cantonText].join('|');
  });
  return [division.source, division.date, lines.join('\n')];
}

/** Rebuilds the TerritorialDivision in the browser: kept short, it ships inside the module. */
const rebuild = `const t=(n)=>String(n).padStart(2,"0"),[source,date,P]=d,provincias=[],cantones=[],distritos=[];
P.split("\\n").forEach((p,i)=>{const[iso,name,...C]=p.split("|"),code=String(i+1);provincias.push({code,iso,name});
C.forEach((c,k)=>{const[cn,D]=c.split(":"),cc=code+t(k+1);cantones.push({code:cc,name:cn});
D.split(";").forEach((x,j)=>{const m=/^(\\d\\d) (.*)$/.exec(x);distritos.push({code:m?cc+m[1]:cc+t(j+1),name:(m?m[2]:x)||cn})})})})`;

/** The module's source; undefined for a country without one. */
export function territoryModuleSource(country: string): string | undefined {
  const file = divisions[country];
  if (!file) return undefined;
  return divisionModuleSource(JSON.parse(readFileSync(file, 'utf8')) as TerritorialDivision);
}

/** The module of one division: its packed tree and the code that rebuilds it. */
export function divisionModuleSource(division: TerritorialDivision): string {
  return `const d=${JSON.stringify(packed(division))};\n${rebuild}\nexport default {source,date,provincias,cantones,distritos};\n`;
}

export function territoryModules(): Array<{ country: string; source: string }> {
  return territoryCountries.map((country) => ({ country, source: territoryModuleSource(country)! }));
}
