import { transform as esbuildTransform } from 'esbuild';
import MagicString from 'magic-string';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { subdivisionFiles } from './widget/lazy/subdivision-files.ts';
import { phoneMetadataFiles } from './widget/lazy/phone-metadata-files.ts';
import { postcodeFiles } from './widget/lazy/postcode-files.ts';
import { declineMessageFiles } from './widget/lazy/decline-message-files.ts';
import { territoryFiles } from './widget/lazy/territory-files.ts';

/**
 * Builds <svc-checkout> twice into dist/widget:
 * - default mode: the ES module (svc-checkout.js), the lazily loaded ES modules checkout-rules.js
 *   (the contract's zod-based code) and phone-validator.js, and one subdivision file, one phone
 *   metadata file and one postal code file per country (subdivisions/XX.json, phone-metadata/XX.json,
 *   postcodes/XX.json), and the decline messages per language (decline-messages/<es|en|pt-BR>.json);
 * - `--mode iife`: svc-checkout.iife.js for a plain <script src>. An IIFE cannot code-split, so it
 *   imports the same ES modules and fetches the same JSON from next to itself
 *   (widget/lazy-assets.ts); the ES build must therefore run first (npm run build does).
 *
 * Decorators: Vite 8 compiles TypeScript with Oxc, which does not lower standard
 * decorators (see ../shared/TOOLCHAIN.md). tsconfig.json therefore selects legacy
 * decorators (experimentalDecorators, useDefineForClassFields: false), which Oxc
 * lowers; test/e2e/widget-build.spec.ts loads the built bundles in Chromium to prove it.
 */
export default defineConfig(({ mode }) => {
  const iife = mode === 'iife';
  return {
    publicDir: false,
    // An IIFE has no import.meta; widget/lazy-assets.ts then reads document.currentScript instead.
    define: iife ? { 'import.meta.url': 'undefined' } : {},
    plugins: iife ? [minifyCssLiterals()] : [minifyCssLiterals(), emitSubdivisionFiles(), emitTypesEntry(), modernLibphonenumber()],
    // The ES module is also what a server imports (server-side rendering, a framework's build): Lit's
    // "node" builds stand in a DOM shim where there is no DOM and use the real one in a browser
    // (Lit lists "browser" before "node", so "browser" is left out here).
    // The IIFE, only ever run by a browser, keeps the smaller browser builds.
    resolve: iife ? {} : { conditions: ['node', ...defaultClientConditions.filter((condition) => condition !== 'browser')] },
    build: {
      outDir: 'dist/widget',
      emptyOutDir: !iife,
      target: 'es2022',
      sourcemap: true,
      minify: true,
      lib: iife
        ? { entry: 'widget/svc-checkout.ts', name: 'SvcCheckout', formats: ['iife'], fileName: () => 'svc-checkout.iife.js' }
        : {
            entry: {
              'svc-checkout': 'widget/svc-checkout.ts',
              'checkout-rules': 'widget/lazy/checkout-rules.ts',
              'phone-validator': 'widget/lazy/phone-validator.ts',
              'invoice-details': 'widget/lazy/invoice-details.ts',
              'sinpe-panel': 'widget/lazy/sinpe-panel.ts',
              'method-choice': 'widget/lazy/method-choice.ts',
              'order-watch': 'widget/lazy/order-watch.ts',
              'territory-fields': 'widget/lazy/territory-fields.ts',
              'locale-es': 'widget/lazy/locale-es.ts',
              'locale-es-419': 'widget/lazy/locale-es-419.ts',
              'locale-pt-BR': 'widget/lazy/locale-pt-BR.ts',
            },
            formats: ['es'],
            fileName: (_format, entryName) => `${entryName}.js`,
          },
      rollupOptions: iife ? {} : { output: { chunkFileNames: 'chunks/[name]-[hash].js', minify: true } },
    },
  };
});

/**
 * The ISO 3166-2 table, libphonenumber's metadata and postcode-validator's patterns split per
 * country, the decline catalog per language: a shopper downloads only the country they pick and
 * the words of the page's language.
 */
function emitSubdivisionFiles(): Plugin {
  return {
    name: 'svc-subdivision-files',
    generateBundle() {
      for (const file of [...subdivisionFiles(), ...phoneMetadataFiles(), ...postcodeFiles(), ...declineMessageFiles(), ...territoryFiles()]) this.emitFile({ type: 'asset', ...file });
    },
  };
}

/**
 * The widget's styles are css`…` literals (constructable stylesheets, for a strict CSP), which the
 * JavaScript minifier leaves as written, indentation and all. This minifies each one without
 * interpolations with esbuild's CSS minifier (target esnext: nothing is rewritten for older
 * browsers, custom property values stay verbatim): about 0.4 kB gzip off the first script.
 */
function minifyCssLiterals(): Plugin {
  const literal = /\bcss`([^`$\\]*)`/g;
  return {
    name: 'svc-minify-css-literals',
    enforce: 'pre',
    async transform(code, id) {
      if (!/\/widget\/.*\.ts$/.test(id) || !code.includes('css`')) return null;
      const source = new MagicString(code);
      for (const match of code.matchAll(literal)) {
        const minified = await esbuildTransform(match[1]!, { loader: 'css', minify: true, target: 'esnext' });
        const start = match.index + match[0].indexOf('`') + 1;
        source.overwrite(start, start + match[1]!.length, minified.code.trim());
      }
      return { code: source.toString(), map: source.generateMap({ hires: true, source: id }) };
    },
  };
}

/**
 * libphonenumber-js ships its code twice: es6/ (what its "import" entries point at, down-levelled
 * with Babel's helpers for classes, spreads and destructuring) and es6-modern/ (the same source,
 * same version, left as ES2015+). The widget targets es2022, so phone-validator.js takes the modern
 * copy: the same functions, about 2.4 kB gzip less.
 */
function modernLibphonenumber(): Plugin {
  const legacy = '/libphonenumber-js/es6/';
  const modern = '/libphonenumber-js/es6-modern/';
  return {
    name: 'svc-modern-libphonenumber',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.includes('libphonenumber-js') && !importer?.includes('/libphonenumber-js/')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id.includes(legacy) ? { ...resolved, id: resolved.id.replace(legacy, modern) } : resolved;
    },
  };
}

/**
 * dist/widget/svc-checkout.d.ts: the package's types entry. The declarations themselves are
 * emitted by `tsc -p widget/tsconfig.types.json` into dist/widget/types (npm run build); this
 * entry re-exports them and states the tag map entry where a reader looks for it first.
 */
function emitTypesEntry(): Plugin {
  const source = [
    "import type { SvcCheckout } from './types/widget/svc-checkout.ts';",
    "export * from './types/widget/svc-checkout.ts';",
    '',
    'declare global {',
    '  interface HTMLElementTagNameMap {',
    "    'svc-checkout': SvcCheckout;",
    '  }',
    '}',
    '',
  ].join('\n');
  return {
    name: 'svc-types-entry',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'svc-checkout.d.ts', source });
    },
  };
}
