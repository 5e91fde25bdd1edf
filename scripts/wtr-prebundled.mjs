// web-test-runner serves every module of a package as its own file: zod is some sixty modules,
// libphonenumber-js some thirty, Lit and the testing helpers some fifty, fetched again by each test
// file's page (a context of its own, an empty cache). Each request costs the browser's network
// service, the browser process and this server. This plugin bundles those packages once, at the
// server's start, into one module per specifier the tests import (esbuild, code split so that the
// specifiers share one copy of each package, as they do when served file by file), and answers
// those bare imports with them.
import { build } from 'esbuild';

const prefix = '/__prebundled__/';

/** @param {string[]} specifiers bare imports to serve bundled, e.g. 'zod', 'zod/mini' */
export function prebundled(specifiers) {
  const files = new Map();
  const entryName = (specifier) => specifier.replace(/[^\w]+/g, '_');
  const packageName = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
  const bundledPackages = specifiers.map(packageName);
  return {
    name: 'prebundled-dependencies',
    async serverStart() {
      const result = await build({
        entryPoints: Object.fromEntries(specifiers.map((specifier) => [entryName(specifier), specifier])),
        bundle: true,
        splitting: true,
        format: 'esm',
        target: 'es2022',
        outdir: 'prebundled',
        // Not .js: the esbuild plugin of the config transforms every .js response it cannot cache,
        // and it caches only files on disk. These are already built for the same target.
        outExtension: { '.js': '.mjs' },
        write: false,
        logLevel: 'silent',
      });
      for (const file of result.outputFiles) files.set(`${prefix}${file.path.slice(file.path.lastIndexOf('/prebundled/') + '/prebundled/'.length)}`, file.text);
    },
    resolveImport({ source }) {
      if (specifiers.includes(source)) return `${prefix}${entryName(source)}.mjs`;
      // Served file by file beside the bundle, another entry of a bundled package would be a second
      // copy of it in the page (a second Lit, a second zod core).
      if (bundledPackages.includes(packageName(source))) throw new Error(`${source}: add it to prebundled()'s list in web-test-runner.config.mjs, beside the other imports of ${packageName(source)}`);
    },
    serve(context) {
      const body = files.get(context.path);
      if (body !== undefined) return { body, type: 'js', headers: { 'cache-control': 'no-cache' } };
    },
  };
}
