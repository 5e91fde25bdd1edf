// A language of the widget is its folder, widget/i18n/<tag>/ (its words and its lazy entry, index.ts),
// and one line of widget/i18n/languages.ts; nothing else names it (the loader, the fallback layers
// and the build's chunk name all read that list). The folders and the lines must match: a folder
// without its line would never load, a line without its folder would break the build. A language
// planted in a copy of the tree (a folder and a line, nothing more) is one a page can speak.
import { expect, test } from '@playwright/test';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { defaultLanguage } from '../../contract/language-chain.ts';
import type { LanguageModule } from '../../widget/i18n/translation.ts';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

type Registry = Readonly<Record<string, () => Promise<LanguageModule>>>;

/** A registry line: `tag: () => import('./folder/index.ts'),`, the tag quoted when it has a dash. */
const registryLine = /^\s*(?:'([\w-]+)'|(\w+)): \(\) => import\('\.\/([\w-]+)\/index\.ts'\),\s*$/;

/** What is wrong between the language folders of `tree`'s widget/i18n and its languages.ts; empty when they match. */
async function languageProblems(tree: string): Promise<string[]> {
  const i18n = join(tree, 'widget/i18n');
  const problems: string[] = [];
  const folders = readdirSync(i18n, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const source = readFileSync(join(i18n, 'languages.ts'), 'utf8');
  const lines = new Map<string, string>();
  for (const line of source.split('\n')) {
    const match = registryLine.exec(line);
    if (match) lines.set(match[1] ?? match[2]!, match[3]!);
  }
  const { languages } = (await import(pathToFileURL(join(i18n, 'languages.ts')).href)) as { languages: Registry };
  for (const tag of Object.keys(languages)) {
    if (!lines.has(tag)) problems.push(`languages.ts: ${tag} is not one line of the form \`${tag}: () => import('./${tag}/index.ts'),\``);
  }
  for (const [tag, folder] of lines) {
    if (folder !== tag) problems.push(`languages.ts: ${tag}'s line imports ./${folder}/, not its own folder`);
    if (!folders.includes(folder) || !existsSync(join(i18n, folder, 'index.ts'))) {
      problems.push(`languages.ts: ${tag}'s line has no folder (widget/i18n/${folder}/index.ts)`);
      continue;
    }
    const { translation } = await languages[tag]!();
    if (translation.lang !== tag) problems.push(`widget/i18n/${tag}/index.ts: its translation says lang ${String(translation.lang)}`);
  }
  for (const folder of folders) {
    if (folder === defaultLanguage) {
      if (lines.has(folder)) problems.push(`languages.ts: ${folder} is the default language, in the first script, not a lazy line`);
    } else if (!lines.has(folder)) {
      problems.push(`widget/i18n/${folder}/ has no line in languages.ts`);
    }
  }
  return problems;
}

/** A copy of what the widget's words need (widget/i18n, widget/parts, contract/), to plant in. */
function copyOfTheTree(): string {
  const copy = mkdtempSync(join(tmpdir(), 'svc-languages-'));
  for (const folder of ['widget/i18n', 'widget/parts', 'contract']) cpSync(join(root, folder), join(copy, folder), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  writeFileSync(join(copy, 'package.json'), '{ "type": "module" }\n');
  return copy;
}

/** A French folder: its words (what differs from English) and its lazy entry. */
function plantFrenchFolder(copy: string): void {
  const folder = join(copy, 'widget/i18n/fr');
  mkdirSync(folder);
  writeFileSync(
    join(folder, 'fr.ts'),
    [
      "import type { PartialTranslation } from '../translation.ts';",
      '',
      "export const fr: PartialTranslation = { lang: 'fr', form: 'Paiement', pay: (amount) => `Payer ${amount}` };",
      '',
    ].join('\n'),
  );
  writeFileSync(join(folder, 'index.ts'), "export { fr as translation } from './fr.ts';\n");
}

function plantLine(copy: string, line: string): void {
  const path = join(copy, 'widget/i18n/languages.ts');
  const source = readFileSync(path, 'utf8');
  writeFileSync(path, source.replace(/\n};\n/, `\n${line}\n};\n`));
}

const copies: string[] = [];
function planted(): string {
  const copy = copyOfTheTree();
  copies.push(copy);
  return copy;
}
test.afterAll(() => {
  for (const copy of copies) rmSync(copy, { recursive: true, force: true });
});

test('every language folder of widget/i18n has its line in languages.ts, and every line its folder, whose words say that language', async () => {
  expect(await languageProblems(root)).toEqual([]);
});

test('a folder without its line, or a line without its folder, is found', async () => {
  const folderOnly = planted();
  plantFrenchFolder(folderOnly);
  expect(await languageProblems(folderOnly)).toEqual(['widget/i18n/fr/ has no line in languages.ts']);

  const lineOnly = planted();
  plantLine(lineOnly, "  de: () => import('./de/index.ts'),");
  expect(await languageProblems(lineOnly)).toEqual(["languages.ts: de's line has no folder (widget/i18n/de/index.ts)"]);
});

test('a language planted as its folder and one line is one a page can speak: it loads, and its words win over English', async () => {
  // Without it, a French page reads English.
  const real = (await import('../../widget/i18n/localize.ts')) as typeof import('../../widget/i18n/localize.ts');
  expect(real.missingLayers('fr-CA')).toEqual([]);
  expect(real.translationFor('fr-CA').form).toBe('Checkout');

  const copy = planted();
  plantFrenchFolder(copy);
  plantLine(copy, "  fr: () => import('./fr/index.ts'),");
  expect(await languageProblems(copy)).toEqual([]);

  const url = (path: string) => pathToFileURL(join(copy, path)).href;
  const localize = (await import(url('widget/i18n/localize.ts'))) as typeof import('../../widget/i18n/localize.ts');
  const loader = (await import(url('widget/i18n/locale-loader.ts'))) as typeof import('../../widget/i18n/locale-loader.ts');
  expect(localize.missingLayers('fr-CA')).toEqual(['fr']);
  expect(loader.isLocaleReady('fr-CA')).toBe(false);
  await loader.ensureLocale('fr-CA');
  expect(loader.isLocaleReady('fr-CA')).toBe(true);
  const words = localize.translationFor('fr-CA');
  expect(words.lang).toBe('fr');
  expect(words.form).toBe('Paiement');
  expect(words.pay('CRC 1 000,00')).toBe('Payer CRC 1 000,00');
  // What the new folder does not say yet is English's, the end of every chain.
  expect(words.billing).toBe(localize.translationFor('en').billing);
});
