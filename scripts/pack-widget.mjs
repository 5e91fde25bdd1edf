// `npm run pack:widget`: the built widget (dist/widget, `npm run build` first) as an npm tarball,
// dist/svc-checkout-widget-<version>.tgz. Its package.json maps `exports` onto the built files: the
// ES module (with its types; a server gets an empty module), the script-tag loader,
// custom-elements.json and integrity.json. The lazy parts are the ES module's relative imports.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const widgetDir = `${root}dist/widget`;
if (!existsSync(`${widgetDir}/svc-checkout.js`) || !existsSync(`${widgetDir}/integrity.json`)) {
  console.error('dist/widget is not built: run `npm run build` first');
  process.exit(1);
}
const project = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
// Inside the tarball: the widget's README (usage with bundlers and by script tag) and the licence.
copyFileSync(`${root}widget/README.md`, `${widgetDir}/README.md`);
copyFileSync(`${root}LICENSE`, `${widgetDir}/LICENSE`);
const manifest = {
  name: '@svc-checkout/widget',
  version: project.version,
  description: 'The <svc-checkout> web component: an embeddable checkout in front of a hosted card payment page.',
  license: project.license,
  type: 'module',
  // Lit (and libphonenumber) are bundled, not dependencies: the element, its lazy parts and the
  // script-tag loader share one copy inside this package's module graph, and a page's own Lit
  // version never meets it (widget/README.md "As an npm package"). The types import nothing.
  main: './svc-checkout.js',
  module: './svc-checkout.js',
  types: './svc-checkout.d.ts',
  customElements: './custom-elements.json',
  // Defining the element is the entry's side effect; the lazy chunks have none of their own.
  sideEffects: ['./svc-checkout.js', './svc-checkout.iife.js'],
  exports: {
    '.': {
      types: './svc-checkout.d.ts',
      // A server (server-side rendering, a framework's server build) gets a module that defines
      // nothing and sets no globals; browsers and bundlers for browsers get the element.
      node: './svc-checkout.server.js',
      default: './svc-checkout.js',
    },
    './iife': './svc-checkout.iife.js',
    './svc-checkout.iife.js': './svc-checkout.iife.js',
    './custom-elements.json': './custom-elements.json',
    './integrity.json': './integrity.json',
    './package.json': './package.json',
  },
  files: ['*.js', '*.d.ts', '*.map', 'chunks/', 'countries/', 'territory/', 'custom-elements.json', 'integrity.json', 'README.md', 'LICENSE'],
};
writeFileSync(`${widgetDir}/package.json`, `${JSON.stringify(manifest, null, 2)}\n`);
const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', `${root}dist`], { cwd: widgetDir, encoding: 'utf8' }));
console.log(`dist/${packed[0].filename}: ${packed[0].entryCount} files`);
