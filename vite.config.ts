import { transform as esbuildTransform } from 'esbuild';
import MagicString from 'magic-string';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { minify as terserMinify } from 'terser';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { countryCodes } from './contract/iso-countries.ts';
import { generatedDir, writeCountryModules } from './scripts/widget-data/country-modules.ts';

/**
 * Builds <svc-checkout> into dist/widget as one ES module graph:
 * - svc-checkout.js, the entry (defines the element), and what it imports at once;
 * - chunks/: the lazy parts (their facades, widget/parts/, reach each by a static `import('../lazy/…')`),
 *   and countries/: one module per country (its subdivisions, postal code pattern and phone
 *   metadata, written at build by scripts/widget-data/country-modules.ts), each imported only when that country is chosen;
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
    plugins: [compactDataImports(), minifyCssLiterals(), emitTypesEntry(), emitScriptTagLoader(), emitServerEntry(), modernLibphonenumber(), preloadRulesImports(), terserAfterOxc()],
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
        // contract/ builds its schemas at module level with zod calls (`z.object(…)`), which the
        // bundler must otherwise keep as if they could have effects; a schema the widget never reads
        // (SINPE Móvil's wire answers beside the phone formatter its panel uses) then kept the zod
        // code only it needs in a chunk every purchase loads. Nothing in the widget's graph calls zod
        // for an effect (no z.config, no registry): 0.51 kB gzip off a purchase.
        treeshake: { manualPureFunctions: ['z'] },
        output: {
          chunkFileNames: (chunk) =>
            chunk.facadeModuleId?.includes('/widget/generated/countries/')
              ? 'countries/[name].js'
              : chunk.facadeModuleId?.includes('/widget/generated/territory/')
                ? 'territory/[name].js'
                : `chunks/${languageEntryTag(chunk.facadeModuleId) ?? '[name]'}-[hash].js`,
          minify: true,
        },
      },
    },
  };
});

/**
 * A language's lazy entry, widget/i18n/<tag>/index.ts (one line of widget/i18n/languages.ts), is
 * named by its folder: chunks/locale-<tag>-<hash>.js, not one more `index`; a words file of a part
 * the purchase never opens (i18n/<tag>/sinpe-panel.ts, widget/i18n/feature-words.ts) is
 * chunks/locale-<tag>-sinpe-panel-<hash>.js, not a second `sinpe-panel` beside the part's own.
 * English's lazy words (i18n/en/) keep their names.
 */
function languageEntryTag(facade: string | null | undefined): string | undefined {
  const [, tag, file] = (facade && /\/widget\/i18n\/([\w-]+)\/([\w-]+)\.ts$/.exec(facade)) || [];
  if (!tag || tag === 'en') return undefined;
  return file === 'index' ? `locale-${tag}` : `locale-${tag}-${file}`;
}

/**
 * A second minifier pass over every chunk: terser after the bundler's own (Oxc); each finds what the
 * other leaves (bench/README.md, "A Costa Rican purchase, smaller"). The comments that tell a
 * merchant's bundler not to follow the loader's computed import stay (`webpackIgnore`,
 * `@vite-ignore`); the `@__PURE__` annotations go (the package is tree-shaken already: keeping
 * them cost 138 B on a purchase and dropped nothing a page imports). Last
 * of the plugins, so it sees the entry as preloadRulesImports left it; the chunk's source map is
 * chained through terser's, so positions still point into widget/.
 */
function terserAfterOxc(): Plugin {
  return {
    name: 'svc-terser-after-oxc',
    async generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        // The bundler has already emitted each chunk's map as an asset beside it: that is the one rewritten.
        const map = bundle[`${file.fileName}.map`];
        const input = map?.type === 'asset' ? String(map.source) : undefined;
        const result = await terserMinify(file.code, {
          module: true,
          ecma: 2020,
          compress: { passes: 2 },
          format: { comments: /webpackIgnore|@vite-ignore/ },
          sourceMap: input ? { content: input, url: `${file.fileName.split('/').pop()}.map` } : false,
        });
        file.code = result.code!;
        if (map?.type === 'asset' && typeof result.map === 'string') map.source = result.map;
      }
    },
  };
}

/**
 * widget/lazy/data-modules.ts imports a data module by a template, `import(`../generated/countries/${country}.js`)`,
 * which browsers (the component tests) and every bundler follow. Left to Vite, the template becomes
 * a table keyed by each file's whole source path beside its import: 250 countries make it 17 kB,
 * 2.0 kB gzip, downloaded with any country's data. This writes the table itself, keyed by the file's
 * name alone (`{AD:()=>import("../generated/countries/AD.js"),…}`, 1.7 kB gzip); a name without a
 * file is refused as Vite's own table refuses it. The countries' table, whose files are exactly the
 * ISO codes the first script already carries (contract/iso-countries.ts), is a list in that order,
 * found by the code's place in it: without a key beside each import, 1.1 kB gzip.
 */
function compactDataImports(): Plugin {
  const template = /\bimport\(`\.\.\/generated\/([\w-]+)\/\$\{(\w+)\}\.js`\)/g;
  return {
    name: 'svc-compact-data-imports',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('/widget/lazy/data-modules.ts')) return null;
      const source = new MagicString(code);
      for (const match of code.matchAll(template)) {
        const [found, folder, variable] = match as unknown as [string, string, string];
        const names = readdirSync(join(generatedDir, folder)).filter((file) => file.endsWith('.js')).map((file) => file.slice(0, -3)).sort();
        const importOf = (name: string) => `()=>import(${JSON.stringify(`../generated/${folder}/${name}.js`)})`;
        const refused = `Promise.reject(new Error(\`Unknown variable dynamic import: ../generated/${folder}/\${name}.js\`))`;
        let lookup: string;
        if (folder === 'countries') {
          if (names.join() !== countryCodes.join()) throw new Error('compactDataImports: generated/countries/ is not exactly contract/iso-countries.ts');
          source.prepend("import { countryCodes as svcCountryCodes } from '../../contract/iso-countries.ts';\n");
          lookup = `((table,name,i=svcCountryCodes.indexOf(name))=>i<0?${refused}:table[i]())([${names.map(importOf).join(',')}],${variable})`;
        } else {
          const table = names.map((name) => `${JSON.stringify(name)}:${importOf(name)}`).join(',');
          lookup = `((table,name)=>Object.hasOwn(table,name)?table[name]():${refused})({${table}},${variable})`;
        }
        source.overwrite(match.index, match.index + found.length, lookup);
      }
      return { code: source.toString(), map: source.generateMap({ hires: true, source: id }) };
    },
  };
}

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
 * The `checkout-rules` part may import a chunk of its own (code it shares with a later part), which
 * the browser would ask for only once the part arrived: one round trip more before the form, and
 * before the result on return (bench/result-after-return.ts). Vite's library build preloads no
 * dynamic import's chunks, so the entry's `import()` of the part is rewritten to import such chunks
 * beside it. A real import, not a <link> naming a file: a merchant's bundler that rebuilds the
 * package follows it like any other. Today the rules have one, Rolldown's namespace helper
 * (chunks/rolldown-runtime-*.js, 157 B gzip), which they share with the method-choice part; the e-mail
 * hint and the kept form they share with the invoice part stay in their own file, because the invoice
 * part is imported from inside the rules (widget/lazy/invoice-details-loader.ts).
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
      if (own.length === 0) return;
      if (!call.test(entry.code)) throw new Error('preloadRulesImports: the entry no longer imports checkout-rules as expected');
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
    ...['ready', 'submit', 'redirect', 'status', 'approved', 'declined', 'lapsed', 'cancelled', 'error', 'sinpe-pending', 'method-change'].map(
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
