// Build-time and test-server helper (Node, run by vite.config.ts and the component tests' server): writes
// widget/generated/ (git-ignored), the data the widget imports per country and per language as
// ordinary ES modules:
// - countries/XX.js: one country's ISO 3166-2 subdivisions, its postal code pattern, the phone
//   metadata of its calling code and the plan that judges its plain numbers without libphonenumber's
//   code (each from its own helper in this folder);
// - decline-messages/<es|en|pt-BR>.js: one language's decline and cancel messages;
// - territory/XX.js and XX-<n>.js: a country's division below its subdivisions (Costa Rica's provincias,
//   then each provincia's cantones and distritos).
// Modules rather than fetched JSON, because a bundler follows `import(`./countries/${code}.js`)`
// (Vite and Rollup through dynamic-import-vars, webpack as a context, esbuild as a glob) and emits
// every file, wherever it then serves them; a fetched URL next to the module breaks as soon as a
// bundler moves the module (Vite's dependency optimizer, any production build).
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countryCodes } from '../../contract/iso-countries.ts';
import { declineMessages } from '../../contract/decline-messages.ts';
import { subdivisionFile } from './subdivision-files.ts';
import { phoneMetadataFile, phonePlanOf } from './phone-metadata-files.ts';
import { postcodeFile } from './postcode-files.ts';
import { territoryModules } from './territory-files.ts';

export const generatedDir = fileURLToPath(new URL('../../widget/generated/', import.meta.url));

/** The source of countries/XX.js. */
export function countryModuleSource(country: string, subdivisions = subdivisionFile(country)): string {
  return `export default {subdivisions:${subdivisions},postcode:${postcodeFile(country)},phone:${phoneMetadataFile(country) ?? 'null'},phonePlan:${JSON.stringify(phonePlanOf(country) ?? null)}};\n`;
}

function writeIfChanged(path: string, source: string): void {
  if (existsSync(path) && readFileSync(path, 'utf8') === source) return;
  writeFileSync(path, source);
}

/** Writes (or refreshes) widget/generated/: the build and the component tests call it first. */
export function writeCountryModules(): void {
  mkdirSync(join(generatedDir, 'countries'), { recursive: true });
  mkdirSync(join(generatedDir, 'decline-messages'), { recursive: true });
  mkdirSync(join(generatedDir, 'territory'), { recursive: true });
  for (const { name, source } of territoryModules()) writeIfChanged(join(generatedDir, 'territory', `${name}.js`), source);
  for (const country of countryCodes) writeIfChanged(join(generatedDir, 'countries', `${country}.js`), countryModuleSource(country));
  for (const [language, words] of Object.entries(declineMessages)) {
    writeIfChanged(join(generatedDir, 'decline-messages', `${language}.js`), `export default ${JSON.stringify(words)};\n`);
  }
}
