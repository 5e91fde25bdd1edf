// Size of the first download a merchant page makes (the script-tag loader and the ES entry), against
// a floor measured in the same run: a minimal Lit element bundled the same way (Vite, IIFE, Lit
// included). `tsx bench/widget-size.ts [--build]` prints it; the bench runner imports
// measureWidgetSize().
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';

/**
 * The budget, the target: the first blocking download, Lit included, is at most 16 kB gzip.
 * Since the widget is one module graph, that download is the script-tag loader (svc-checkout.iife.js)
 * and the ES entry it imports (svc-checkout.js) with every file the entry imports statically; a
 * bundler-built page downloads the entry's code inside its own bundle. 15.62 kB measured (2026-11-24)
 * for the former self-contained IIFE.
 */
export const widgetGzipBudgetBytes = 16 * 1000;

/**
 * Everything a shopper downloads for a Costa Rican card purchase on a Spanish page: the first
 * download, the lazy parts the element imports (rules with the payment flow, phone code, es-419 and
 * es words, the order watch that polls and shows the outcome on return, the table of country
 * modules) and Costa Rica's data module, each with the chunks it imports. Budget 40 kB gzip, the
 * target: 37.89 kB measured (2026-11-24) with the former IIFE and JSON files.
 */
export const purchaseGzipBudgetBytes = 40 * 1000;

/**
 * What the test holds a Costa Rican purchase to meanwhile: the budget above is missed since the
 * purchase gained the provincia → cantón → distrito selects and their tree (3.8 kB), the colones
 * line, the decline rescue and the SMS part (45.87 kB measured 2026-11-25), then the kept work
 * (the invoice request, the result and the session kept for the tab: 46.19 kB, 2026-11-26), then the
 * checkout's state table, the form carried to a changed cart and the popup's rescue (46.44 kB, the
 * first download 1 kB smaller for it, 2026-11-26), then what the form says as the shopper types
 * (+1.00 kB: the billing e-mail's "did you mean" with its typo table 0.56 kB in its own chunk, the
 * first script 0.34 kB for the amount on the pay button, the postal code format message and the
 * numeric keyboard, the rest in checkout-rules, locale-es and countries/CR.js) and the result's status
 * asked by the first script on return with the rules' chunk imported beside the rules (+0.27 kB),
 * then the payment method first as two buttons and the SINPE Móvil form without the address
 * (+0.34 kB, 48.08 kB measured 2026-11-26). The build then took 1.37 kB off (46.70 kB, 2026-11-26;
 * bench/README.md "A Costa Rican purchase, smaller"): zod calls treated as pure, so a contract schema
 * the widget never reads drops the zod code only it used (-0.51 kB); the invoice part imported from
 * inside the rules, so the zod code and the e-mail hint ride in the rules' file instead of a chunk of
 * their own (-0.30 kB, one file less; the first script -0.08 kB); the country table keyed by file
 * name (-0.30 kB); Costa Rica's tree packed in one string (-0.27 kB). Measured and not kept: esbuild
 * as minifier (+5.4 kB), Oxc's minifier options (no change), leaving out annotation comments (loses
 * webpack's webpackIgnore); the result panel's ran-out clock then added 0.03 kB (46.73 kB), and the
 * result kept for a reload after a popup's or a transfer's outcome 0.02 kB (46.75 kB), and the cart
 * changed during a payment taken at "Try again" 0.07 kB (46.82 kB), and the status of a kept result
 * asked by the first script on a reload (+0.25 kB in the first script: kept-result.ts moved there).
 * A second minifier pass then took 0.82 kB off (46.05 kB; the first script 0.21 kB): terser after
 * Oxc, keeping the comments a merchant's bundler reads (vite.config.ts, terserAfterOxc); the colones
 * line moved to the `dollar-order` part that only dollar orders load, with the card's choice of
 * currency (45.72 kB). A second pass then took 2.54 kB off (43.18 kB, 2026-11-26; bench/README.md
 * "A Costa Rican purchase, smaller: second pass"), each measured alone against the build before it:
 * Costa Rica's territory by provincia, territory/CR.js keeping the provincias and CR-1.js … CR-7.js
 * each provincia's cantones and distritos, so the purchase list below names San José's file (CR-1.js,
 * the test buyer's provincia) beside CR.js instead of the whole tree (-1.44 kB); the flow's popup
 * mode (its own part, `popup-mode`) and an open transfer's steps (in `method-choice`) out of the
 * rules (-0.21 kB); English's outcome words a part of their own (`en-outcome`) that a Spanish page
 * never asks for (-0.18 kB, asked by order-watch so that every outcome has them); the countries' import table a list found by the code's place in the ISO
 * list the first script carries (-0.54 kB); the territory hook slimmer (-0.04 kB); SINPE Móvil's
 * decline rescue button in `method-choice`, asked only for a decline it may rescue (-0.13 kB). The
 * 3.2 kB left are code a purchase runs (bench/README.md says where); this ceiling keeps it from
 * growing until the budget is met (the bench prints the miss).
 */
export const purchaseGzipCeilingBytes = 43.18 * 1000;

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(projectRoot, 'dist/widget');
/** The ES entry: what a bundler imports, and what the script-tag loader imports. */
export const firstScriptPath = join(distDir, 'svc-checkout.js');
/** The script-tag loader. */
export const loaderPath = join(distDir, 'svc-checkout.iife.js');

/** The sources of a Costa Rican card purchase's lazy parts, as the build's manifest names them. */
const costaRicanPurchaseSources = [
  'widget/lazy/checkout-rules.ts',
  'widget/lazy/phone-validator.ts',
  'widget/lazy/locale-es-419.ts',
  'widget/lazy/locale-es.ts',
  'widget/lazy/order-watch.ts',
  'widget/lazy/data-modules.ts',
  'widget/generated/countries/CR.js',
  // A Costa Rican address: the provincia → cantón → distrito selects, the provincias, and the
  // cantones and distritos of the test buyer's provincia, San José (CR-1.js; the whole tree was
  // territory/CR.js until each provincia got its own file).
  'widget/lazy/territory-fields.ts',
  'widget/generated/territory/CR.js',
  'widget/generated/territory/CR-1.js',
];

/** The built file of a source (dist/widget/.vite/manifest.json, `build.manifest` in vite.config.ts). */
export function builtFileOf(source: string, directory = distDir): string {
  const manifest = JSON.parse(readFileSync(join(directory, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is not in the build's manifest`);
  return entry.file;
}

/** The first download's files: the loader, the entry and what the entry imports statically. */
export function firstDownloadFiles(directory = distDir): string[] {
  return ['svc-checkout.iife.js', ...withImportedChunks(['svc-checkout.js'], directory)];
}

export function costaRicanPurchaseFiles(directory = distDir): string[] {
  const parts = costaRicanPurchaseSources.map((source) => builtFileOf(source, directory));
  return [...new Set([...firstDownloadFiles(directory), ...withImportedChunks(parts, directory)])];
}

/** `modules` (ES modules of dist/widget) and every file they import statically, however deep, each once. */
export function withImportedChunks(modules: readonly string[], directory = distDir): string[] {
  const files = new Set<string>();
  const pending = [...modules];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const source = readFileSync(join(directory, file), 'utf8');
    for (const match of source.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["'`](\.{1,2}\/[\w./-]+\.js)["'`]/g)) {
      pending.push(posix.normalize(posix.join(posix.dirname(file), match[1]!)));
    }
  }
  return [...files];
}

function gzipSum(files: readonly string[], directory: string): Array<{ file: string; gzip: number }> {
  return files.map((file) => ({ file, gzip: compressedSize(readFileSync(join(directory, file))).gzip }));
}

export function measurePurchase(directory = distDir): { files: Array<{ file: string; gzip: number }>; gzip: number } {
  const files = gzipSum(costaRicanPurchaseFiles(directory), directory);
  return { files, gzip: files.reduce((sum, entry) => sum + entry.gzip, 0) };
}

/** The first download's sizes, summed over its files (each compressed apart, as a server sends them). */
export function measureFirstDownload(directory = distDir): CompressedSize {
  const sizes = firstDownloadFiles(directory).map((file) => compressedSize(readFileSync(join(directory, file))));
  return sizes.reduce((sum, size) => ({ raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip, brotli: sum.brotli + size.brotli }), { raw: 0, gzip: 0, brotli: 0 });
}

export interface CompressedSize {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface WidgetSizeReport {
  widget: CompressedSize;
  /** A minimal Lit element (one property, one template) bundled as an IIFE the same way. */
  floor: CompressedSize;
  /** widget.gzip / floor.gzip */
  gzipRatio: number;
  budgetGzip: number;
  withinBudget: boolean;
}

export function compressedSize(code: Buffer | string): CompressedSize {
  const bytes = typeof code === 'string' ? Buffer.from(code) : code;
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const floorSource = `
import { LitElement, html } from 'lit';
import { property } from 'lit/decorators.js';
class MinimalElement extends LitElement {
  @property() name = '';
  render() { return html\`<p>\${this.name}</p>\`; }
}
customElements.define('minimal-element', MinimalElement);
`;

/** The floor, built by Vite in IIFE mode from a virtual entry, into a throwaway folder. */
export async function buildFloor(): Promise<CompressedSize> {
  const outDir = mkdtempSync(join(tmpdir(), 'svc-floor-'));
  // A virtual module inside the project root, so `lit` resolves from the project's node_modules.
  const entryId = 'minimal-lit-element.ts';
  const virtualEntry: Plugin = {
    name: 'minimal-lit-element',
    enforce: 'pre',
    resolveId: (id) => (id.endsWith(entryId) ? `\0${entryId}` : undefined),
    load: (id) => (id === `\0${entryId}` ? floorSource : undefined),
  };
  try {
    await build({
      root: projectRoot,
      configFile: false,
      logLevel: 'silent',
      publicDir: false,
      plugins: [virtualEntry],
      build: {
        outDir,
        emptyOutDir: true,
        target: 'es2022',
        lib: { entry: entryId, name: 'MinimalElement', formats: ['iife'], fileName: () => 'floor.js' },
      },
    });
    return compressedSize(readFileSync(join(outDir, 'floor.js')));
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Widget sources changed after the first script was built (its size may then be out of date). */
export function sourcesNewerThanBuild(): string[] {
  if (!existsSync(firstScriptPath)) return [];
  const built = statSync(firstScriptPath).mtimeMs;
  const widgetDir = join(projectRoot, 'widget');
  return readdirSync(widgetDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && statSync(join(widgetDir, file)).mtimeMs > built)
    .map((file) => `widget/${file}`);
}

/**
 * The first script built from the widget's sources as they are now, with the project's own Vite
 * config in IIFE mode, into a throwaway folder (dist/, which other work serves, is left alone).
 */
export async function buildFirstScriptFromSources(): Promise<CompressedSize> {
  const outDir = mkdtempSync(join(tmpdir(), 'svc-first-script-'));
  try {
    await build({
      root: projectRoot,
      configFile: join(projectRoot, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, sourcemap: false },
    });
    return measureFirstDownload(outDir);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * Measures the first script: dist's (building it first when asked or when it is missing), or with
 * fromSources a fresh build of the current sources that leaves dist/ untouched.
 */
export async function measureWidgetSize(options: { build?: boolean; fromSources?: boolean } = {}): Promise<WidgetSizeReport> {
  if (options.build || !existsSync(firstScriptPath)) {
    const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: projectRoot, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('npm run build failed');
  }
  const widget = options.fromSources ? await buildFirstScriptFromSources() : measureFirstDownload();
  const floor = await buildFloor();
  return {
    widget,
    floor,
    gzipRatio: widget.gzip / floor.gzip,
    budgetGzip: widgetGzipBudgetBytes,
    withinBudget: widget.gzip <= widgetGzipBudgetBytes,
  };
}

export function formatWidgetSizeReport(report: WidgetSizeReport): string {
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;
  return [
    'widget size (the first download: svc-checkout.iife.js loader + svc-checkout.js and its static imports, Lit included)',
    `  widget   gzip ${kB(report.widget.gzip)}   brotli ${kB(report.widget.brotli)}   raw ${kB(report.widget.raw)}`,
    `  floor    gzip ${kB(report.floor.gzip)}   brotli ${kB(report.floor.brotli)}   raw ${kB(report.floor.raw)}   (minimal Lit element, same build)`,
    `  ratio    ${report.gzipRatio.toFixed(2)}x the floor (gzip)`,
    `  budget   ${kB(report.budgetGzip)} gzip: ${report.withinBudget ? 'within' : 'OVER'}`,
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const report = await measureWidgetSize({ build: process.argv.includes('--build') });
  console.log(formatWidgetSizeReport(report));
  process.exitCode = report.withinBudget ? 0 : 1;
}
