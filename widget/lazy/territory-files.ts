// Build-time helper: a country's territorial division below its ISO 3166-2 subdivisions, written as
// the module generated/territory/XX.js (country-modules.ts) and imported only when the shopper picks
// that country. Costa Rica's provincia → cantón → distrito tree is the only one so far
// (contract/cr-territorial-division.json).
//
// The module carries the tree nested and without the codes it can rebuild (a cantón's and a
// distrito's number is its place in its parent's list; only a distrito out of sequence keeps its
// own), and rebuilds the contract's TerritorialDivision when imported: 3.0 kB gzip where the flat
// file with every code is 5.2 kB.
import { readFileSync } from 'node:fs';
import type { TerritorialDivision } from '../../contract/cr-territory.ts';

const divisions: Record<string, URL> = {
  CR: new URL('../../contract/cr-territorial-division.json', import.meta.url),
};

/** The countries that have one. */
export const territoryCountries = Object.keys(divisions);

const two = (n: number) => String(n).padStart(2, '0');

/** [source, date, [[code, iso, name, [[cantón, [distrito | "NN name"…]]…]]…]] */
function nested(division: TerritorialDivision): unknown {
  return [
    division.source,
    division.date,
    division.provincias.map((provincia) => {
      const cantones = division.cantones.filter((canton) => canton.code.startsWith(provincia.code));
      cantones.forEach((canton, index) => {
        if (canton.code !== `${provincia.code}${two(index + 1)}`) throw new Error(`cantón ${canton.code} is out of sequence`);
      });
      return [
        provincia.code,
        provincia.iso,
        provincia.name,
        cantones.map((canton) => [
          canton.name,
          division.distritos
            .filter((distrito) => distrito.code.startsWith(canton.code))
            .map((distrito, index) => (distrito.code === `${canton.code}${two(index + 1)}` ? distrito.name : `${distrito.code.slice(3)} ${distrito.name}`)),
        ]),
      ];
    }),
  ];
}

/** Rebuilds the TerritorialDivision in the browser: kept short, it ships inside the module. */
const rebuild = `const t=(n)=>String(n).padStart(2,"0"),[source,date,P]=d,provincias=[],cantones=[],distritos=[];
for(const[code,iso,name,C]of P){provincias.push({code,iso,name});C.forEach(([cn,D],i)=>{const cc=code+t(i+1);cantones.push({code:cc,name:cn});
D.forEach((x,j)=>{const m=/^(\\d\\d) (.*)$/.exec(x);distritos.push(m?{code:cc+m[1],name:m[2]}:{code:cc+t(j+1),name:x})})})}`;

/** The module's source; undefined for a country without one. */
export function territoryModuleSource(country: string): string | undefined {
  const file = divisions[country];
  if (!file) return undefined;
  const division = JSON.parse(readFileSync(file, 'utf8')) as TerritorialDivision;
  return `const d=${JSON.stringify(nested(division))};\n${rebuild}\nexport default {source,date,provincias,cantones,distritos};\n`;
}

export function territoryModules(): Array<{ country: string; source: string }> {
  return territoryCountries.map((country) => ({ country, source: territoryModuleSource(country)! }));
}
