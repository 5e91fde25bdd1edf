import { transform as esbuildTransform } from 'esbuild';
import MagicString from 'magic-string';
import { readFileSync } from 'node:fs';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { writeCountryModules } from './widget/lazy/country-modules.ts';

/**
 * Builds <svc-checkout> into dist/widget as one ES module graph:
 * - svc-checkout.js, the entry (defines the element), and what it imports at once;
 * - chunks/: the lazy parts (widget/lazy-assets.ts reaches each by a static `import('./lazy/…')`),
 *   and countries/: one module per country (its subdivisions, postal code pattern and phone
 *   metadata, widget/lazy/country-modules.ts), each imported only when that country is chosen;
 * - svc-checkout.iife.js, the script-tag loader: a classic script that imports svc-checkout.js from
 *   next to itself, so a page with one <script src> runs the very same graph;
 * - .vite/manifest.json, which the size test and bench read to follow the graph.
 * A merchant's bundler that imports the package follows the same static imports and emits the
 * parts itself (test/packaging).
 *
 * The browser builds of Lit are used: a server import goes to the package's "node" condition
 * (svc-checkout.server.js, which defines nothing), so no DOM shim ships to browsers.
 *
 * Decorators: Vite 8 compiles TypeScript with Oxc, which does not lower standard
 * decorators (see ../shared/TOOLCHAIN.md). tsconfig.json therefore selects legacy
 * decorators (experimentalDecorators, useDefineForClassFields: false), which Oxc
 * lowers; test/e2e/widget-build.spec.ts loads the built bundles in Chromium to prove it.
 */
export default defineConfig(() => {
  writeCountryModules();
  return {
    publicDir: false,
    plugins: [minifyCssLiterals(), emitTypesEntry(), emitScriptTagLoader(), emitServerEntry(), modernLibphonenumber(), preloadRulesImports()],
    build: {
      outDir: 'dist/widget',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: true,
      minify: true,
      manifest: true,
      lib: {
        entry: { 'svc-checkout': 'widget/svc-checkout.ts' },
        formats: ['es'],
        fileName: (_format, entryName) => `${entryName}.js`,
      },
      rollupOptions: {
        // The entry may export more than its own names, so the modules it shares with the lazy parts
        // stay in it rather than in extra chunks the first paint would wait for.
        preserveEntrySignatures: 'allow-extension',
        output: {
          chunkFileNames: (chunk) =>
            chunk.facadeModuleId?.includes('/widget/generated/countries/')
              ? 'countries/[name].js'
              : chunk.facadeModuleId?.includes('/widget/generated/territory/')
                ? 'territory/[name].js'
                : 'chunks/[name]-[hash].js',
          minify: true,
        },
      },
    },
  };
});

/**
 * svc-checkout.iife.js: one <script src> for a page without a bundler. It imports the ES entry
 * next to itself (its own src, read while it runs), so there is one build and one copy of Lit.
 */
function emitScriptTagLoader(): Plugin {
  const source =
    // A failed import is reported by the browser's console as an unhandled rejection, with its URL.
    '(()=>{const s=document.currentScript;import(new URL("./svc-checkout.js",s&&s.src||document.baseURI).href)})();\n';
  return {
    name: 'svc-script-tag-loader',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'svc-checkout.iife.js', source });
    },
  };
}

/**
 * The `checkout-rules` part imports its zod code from a chunk of its own, which the browser would ask
 * for only once the part arrived: one round trip more before the form, and before the result on
 * return (bench/result-after-return.ts). Vite's library build preloads no dynamic import's chunks, so
 * the entry's `import()` of the part is rewritten to import that chunk beside it. A real import, not a
 * <link> naming a file: a merchant's bundler that rebuilds the package follows it like any other.
 */
function preloadRulesImports(): Plugin {
  return {
    name: 'svc-preload-rules-imports',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      const rules = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/widget/lazy/checkout-rules.ts'));
      if (!entry || !rules) return;
      const own = rules.imports.filter((file) => file !== entry.fileName);
      const call = new RegExp(`import\\((["'\`])\\./${rules.fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1\\)`);
      if (own.length === 0 || !call.test(entry.code)) throw new Error('preloadRulesImports: the entry no longer imports checkout-rules as expected');
      const beside = own.map((file) => `import(\`./${file}\`).catch(()=>{}),`).join('');
      entry.code = entry.code.replace(call, (found) => `(${beside}${found})`);
    },
  };
}

/**
 * svc-checkout.server.js: what a server gets (the package's "node" condition), for server-side
 * rendering and frameworks that import components on the server. It defines nothing and sets no
 * globals: the element only exists in a browser.
 */
function emitServerEntry(): Plugin {
  const source = '// <svc-checkout> runs in the browser only; on a server importing it does nothing.\nexport {};\n';
  return {
    name: 'svc-server-entry',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'svc-checkout.server.js', source });
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
 * same version, left as ES2015+). The widget targets es2022, so the phone-validator part takes the modern
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
 * dist/widget/svc-checkout.d.ts: the package's types entry, widget/svc-checkout.public.d.ts (the
 * public API, importing nothing) with the tag and event maps a page's TypeScript looks up.
 */
function emitTypesEntry(): Plugin {
  const globals = [
    '',
    'declare global {',
    '  interface HTMLElementTagNameMap {',
    "    'svc-checkout': SvcCheckout;",
    '  }',
    '  interface GlobalEventHandlersEventMap {',
    ...['ready', 'submit', 'redirect', 'status', 'approved', 'declined', 'cancelled', 'error', 'sinpe-pending'].map(
      (name) => `    'svc-${name}': Svc${name.replace(/(^|-)(\w)/g, (_, _dash, letter: string) => letter.toUpperCase())}Event;`,
    ),
    '  }',
    '}',
    '',
  ].join('\n');
  return {
    name: 'svc-types-entry',
    generateBundle() {
      const source = readFileSync(new URL('./widget/svc-checkout.public.d.ts', import.meta.url), 'utf8') + globals;
      this.emitFile({ type: 'asset', fileName: 'svc-checkout.d.ts', source });
    },
  };
}
