// A language of the widget is its folder, widget/i18n/<tag>/ (its words and its lazy entry, index.ts),
// and one line of widget/i18n/languages.ts; nothing else names it (the loader, the fallback layers
// and the build's chunk name all read that list). The folders and the lines must match: a folder
// without its line would never load, a line without its folder would break the build. A language
// planted in a copy of the tree (a folder and a line, nothing more) is one a page can speak, in
// every feature: the features keep English's words only (the fallback), and no file outside a
// language's folder holds a table of words keyed by language.
import { expect, test } from '../support/node-test.ts';
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

/** A copy of what the widget's words need (widget/ without its generated data, contract/), to plant in. */
function copyOfTheTree(): string {
  const copy = mkdtempSync(join(tmpdir(), 'svc-languages-'));
  const generated = join(root, 'widget/generated');
  cpSync(join(root, 'widget'), join(copy, 'widget'), { recursive: true, filter: (path) => !path.startsWith(generated) });
  cpSync(join(root, 'contract'), join(copy, 'contract'), { recursive: true });
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

/**
 * Each feature's words lookup, by the file a language's folder gives it (i18n/<tag>/<file>.ts, asked
 * for by featureWords) or by its section of the language's translation (i18n/<tag>/index.ts): the
 * module that holds English's words and the function that answers for a tag.
 */
const featureLookups = {
  'sinpe-panel': ['widget/sinpe/sinpe-texts.ts', 'sinpePanelWords'],
  invoice: ['widget/invoice/invoice-text.ts', 'invoiceTextFor'],
  'session-clock': ['widget/lazy/session-clock.ts', 'sessionClockWords'],
  popup: ['widget/popup/popup-rescue.ts', 'popupWords'],
  'dollar-order': ['widget/costa-rica/local-amount.ts', 'dollarOrderWords'],
} as const;
const sectionLookups = {
  sinpeChoice: ['widget/sinpe/method-choice.ts', 'methodChoiceTexts'],
  territory: ['widget/costa-rica/territory-text.ts', 'territoryTextFor'],
} as const;

/** Every widget source file under `tree`, relative to it. */
function widgetSources(tree: string): string[] {
  return (readdirSync(join(tree, 'widget'), { recursive: true }) as string[])
    .filter((path) => path.endsWith('.ts') && !path.startsWith('generated'))
    .map((path) => join('widget', path));
}

test('every words file a feature asks for is one the test plants (and English has nothing to plant)', () => {
  const asked = new Set<string>();
  for (const path of widgetSources(root)) {
    for (const match of readFileSync(join(root, path), 'utf8').matchAll(/featureWords\('([\w-]+)'/g)) asked.add(match[1]!);
  }
  expect([...asked].sort()).toEqual(Object.keys(featureLookups).sort());
  // The complete languages have every file; a regional variant (es-419) may have none.
  for (const tag of ['es', 'pt-BR']) {
    for (const file of Object.keys(featureLookups)) expect(existsSync(join(root, 'widget/i18n', tag, `${file}.ts`)), `${tag}/${file}.ts`).toBe(true);
  }
});

/** A complete French folder: its translation with the features' sections, and a file for each feature. */
function plantFrenchEverywhere(copy: string): void {
  plantFrenchFolder(copy);
  const folder = join(copy, 'widget/i18n/fr');
  writeFileSync(
    join(folder, 'fr.ts'),
    [
      "import type { PartialTranslation } from '../translation.ts';",
      '',
      'export const fr: PartialTranslation = {',
      "  lang: 'fr',",
      "  form: 'Paiement',",
      '  pay: (amount) => `Payer ${amount}`,',
      "  sinpeChoice: { legend: 'fr:sinpeChoice' },",
      "  territory: { provincia: 'fr:territory' },",
      '};',
      '',
    ].join('\n'),
  );
  const firstWord: Record<keyof typeof featureLookups, string> = {
    'sinpe-panel': 'heading',
    invoice: 'legend',
    'session-clock': 'ended',
    popup: 'showAgain',
    'dollar-order': 'legend',
  };
  for (const [file, key] of Object.entries(firstWord)) writeFileSync(join(folder, `${file}.ts`), `export const words = { ${key}: 'fr:${file}' };\n`);
}

test('a language planted as its folder and one line speaks in every feature, and English fills what it leaves out', async () => {
  const copy = planted();
  plantFrenchEverywhere(copy);
  plantLine(copy, "  fr: () => import('./fr/index.ts'),");
  const url = (path: string) => pathToFileURL(join(copy, path)).href;
  const loader = (await import(url('widget/i18n/locale-loader.ts'))) as typeof import('../../widget/i18n/locale-loader.ts');
  const localize = (await import(url('widget/i18n/localize.ts'))) as typeof import('../../widget/i18n/localize.ts');
  await loader.ensureLocale('fr-CA');

  for (const [section, [path, name]] of Object.entries(sectionLookups)) {
    const lookup = ((await import(url(path))) as Record<string, (tag: string) => Record<string, unknown>>)[name]!;
    const words = lookup('fr-CA');
    expect(Object.values(words), `${path} ${name}('fr-CA')`).toContain(`fr:${section}`);
    expect(Object.values(words).filter((word) => typeof word === 'string' && word.startsWith('fr:')), 'one word planted, the others English').toHaveLength(1);
  }
  for (const [file, [path, name]] of Object.entries(featureLookups)) {
    const lookup = ((await import(url(path))) as Record<string, (tag: string) => Record<string, unknown>>)[name]!;
    lookup('fr-CA');
    await localize.wordsSettled();
    const words = lookup('fr-CA');
    expect(Object.values(words), `${path} ${name}('fr-CA')`).toContain(`fr:${file}`);
    expect(Object.values(words).filter((word) => typeof word === 'string' && word.startsWith('fr:')), 'one word planted, the others English').toHaveLength(1);
  }
});

/**
 * The files outside the language folders (widget/i18n/<tag>/) that hold words keyed by language:
 * an object with two or more language tags as keys within a few lines (`es: …, en: …`), or a
 * `Record<'es' | …>` type. English's words beside a feature are one object, keyed by nothing.
 */
function wordTablesOutsideLanguageFolders(tree: string): string[] {
  const languageFolders = readdirSync(join(tree, 'widget/i18n'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => join('widget/i18n', entry.name) + '/');
  const isLanguage = (key: string) => {
    try {
      return new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(key) !== undefined && /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(key);
    } catch {
      return false;
    }
  };
  const found: string[] = [];
  for (const path of widgetSources(tree)) {
    // The registry's lines are keyed by tag, but hold each language's loader, not words.
    if (path === join('widget/i18n/languages.ts') || languageFolders.some((folder) => path.startsWith(folder))) continue;
    const lines = readFileSync(join(tree, path), 'utf8').split('\n');
    const keyed = lines.flatMap((line, index) => {
      const key = /^\s*(?:'([\w-]+)'|([a-z]{2,3}))\s*:/.exec(line);
      const tag = key && (key[1] ?? key[2])!;
      return tag && isLanguage(tag) ? [{ tag, index }] : [];
    });
    const tables = keyed.filter((entry, i) => keyed.some((other, j) => j !== i && other.tag !== entry.tag && Math.abs(other.index - entry.index) <= 12));
    if (tables.length > 0) found.push(`${path}:${tables[0]!.index + 1}: words keyed by ${[...new Set(tables.map((entry) => entry.tag))].join(', ')}`);
    const typed = lines.findIndex((line) => /Record<\s*'[a-z]{2,3}(-[\w]+)?'\s*\|/.test(line));
    if (typed >= 0) found.push(`${path}:${typed + 1}: a Record keyed by language tags`);
  }
  return found;
}

test('no file of the widget outside a language folder holds words keyed by language', () => {
  expect(wordTablesOutsideLanguageFolders(root)).toEqual([]);
});

test('the tables the features kept before their words moved to the language folders would be found', () => {
  // What widget/sinpe/method-choice.ts said before: its words for each language in one table.
  const copy = planted();
  writeFileSync(
    join(copy, 'widget/sinpe/method-choice.ts'),
    [
      "const texts: Record<'es' | 'en' | 'pt-BR', { legend: string }> = {",
      "  es: { legend: 'Forma de pago' },",
      "  en: { legend: 'Payment method' },",
      "  'pt-BR': { legend: 'Forma de pagamento' },",
      '};',
      '',
    ].join('\n'),
  );
  expect(wordTablesOutsideLanguageFolders(copy)).toEqual(['widget/sinpe/method-choice.ts:2: words keyed by es, en, pt-BR', 'widget/sinpe/method-choice.ts:1: a Record keyed by language tags']);
});

test('a table of words keyed by language planted in a feature is found', () => {
  const copy = planted();
  writeFileSync(
    join(copy, 'widget/popup/greeting.ts'),
    ["const greeting: Record<'es' | 'en', string> = {", "  es: 'Hola',", "  en: 'Hello',", '};', 'export const hello = greeting.en;', ''].join('\n'),
  );
  expect(wordTablesOutsideLanguageFolders(copy)).toEqual(['widget/popup/greeting.ts:2: words keyed by es, en', 'widget/popup/greeting.ts:1: a Record keyed by language tags']);
});
