// `npm run pack:widget`: the built widget (dist/widget, `npm run build` first) as an npm tarball,
// dist/svc-checkout-widget-<version>.tgz. Its package.json maps `exports` onto the built files: the
// ES module (with its types), the IIFE, the lazy parts, custom-elements.json and integrity.json.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const widgetDir = `${root}dist/widget`;
if (!existsSync(`${widgetDir}/svc-checkout.js`) || !existsSync(`${widgetDir}/integrity.json`)) {
  console.error('dist/widget is not built: run `npm run build` first');
  process.exit(1);
}
const project = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
const manifest = {
  name: '@svc-checkout/widget',
  version: project.version,
  description: 'The <svc-checkout> web component: an embeddable checkout in front of a hosted card payment page.',
  type: 'module',
  license: 'UNLICENSED',
  main: './svc-checkout.js',
  module: './svc-checkout.js',
  types: './svc-checkout.d.ts',
  customElements: './custom-elements.json',
  // The lazy parts are found next to the module at run time (widget/lazy-assets.ts): ship them all.
  sideEffects: ['./svc-checkout.js', './svc-checkout.iife.js'],
  exports: {
    '.': { types: './svc-checkout.d.ts', import: './svc-checkout.js', default: './svc-checkout.js' },
    './iife': './svc-checkout.iife.js',
    './svc-checkout.iife.js': './svc-checkout.iife.js',
    './checkout-rules.js': './checkout-rules.js',
    './phone-validator.js': './phone-validator.js',
    './order-watch.js': './order-watch.js',
    './territory-fields.js': './territory-fields.js',
    './locale-*.js': './locale-*.js',
    './chunks/*': './chunks/*',
    './subdivisions/*': './subdivisions/*',
    './phone-metadata/*': './phone-metadata/*',
    './postcodes/*': './postcodes/*',
    './decline-messages/*': './decline-messages/*',
    './territory/*': './territory/*',
    './custom-elements.json': './custom-elements.json',
    './integrity.json': './integrity.json',
    './package.json': './package.json',
  },
  files: ['*.js', '*.d.ts', '*.map', 'chunks/', 'subdivisions/', 'phone-metadata/', 'postcodes/', 'decline-messages/', 'territory/', 'types/', 'custom-elements.json', 'integrity.json'],
};
writeFileSync(`${widgetDir}/package.json`, `${JSON.stringify(manifest, null, 2)}\n`);
const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', `${root}dist`], { cwd: widgetDir, encoding: 'utf8' }));
console.log(`dist/${packed[0].filename}: ${packed[0].entryCount} files`);
