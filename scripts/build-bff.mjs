// Builds the BFF for production: dist/bff/ is a package of its own, deployed as it is:
//   server.js, worker.js  ES modules run with plain `node` (no tsx loader thread, no TypeScript
//                         transform at start: about 30 MB less resident memory); packages external
//   package.json          the packages those import at run time, pinned from the root lock
//   package-lock.json     the root lock cut down to them (bff-package.mjs), for `npm ci --omit=dev`
//   demo-catalog.json     the catalog read at run time next to the code
//   swagger-ui/           the /docs page's built assets, copied here so that swagger-ui-dist (and the
//                         @scarf/scarf install script it pulls in) is a devDependency only
//
//   node scripts/build-bff.mjs [outdir]     (default dist/bff)
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { productionPackage, runtimePackagesOf, startFlags } from './bff-package.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The Swagger UI files /docs serves (bff/http/openapi/reference-page.ts reads them from `swagger-ui/`). */
export const swaggerUiAssets = ['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-bundle.js.LICENSE.txt', 'LICENSE', 'NOTICE'];

/** Bundles one Node entry (a path from the project root) into `outfile`; packages stay external. */
export async function bundleForNode(entry, outfile) {
  await bundleWithImports(entry, outfile);
  return outfile;
}

/** bundleForNode, answering esbuild's metafile: what the bundle imports at run time. */
async function bundleWithImports(entry, outfile) {
  const result = await build({
    entryPoints: [join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  return result.metafile;
}

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

export async function buildBff(outdir = join(root, 'dist/bff')) {
  mkdirSync(outdir, { recursive: true });
  const metafiles = [await bundleWithImports('bff/server.ts', join(outdir, 'server.js')), await bundleWithImports('bff/worker.ts', join(outdir, 'worker.js'))];
  copyFileSync(join(root, 'node/demo-catalog.json'), join(outdir, 'demo-catalog.json'));

  const { manifest, lock } = productionPackage(runtimePackagesOf(metafiles), readJson(join(root, 'package.json')), readJson(join(root, 'package-lock.json')));
  writeFileSync(join(outdir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(outdir, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);

  const swaggerUi = dirname(createRequire(join(root, 'package.json')).resolve('swagger-ui-dist/package.json'));
  mkdirSync(join(outdir, 'swagger-ui'), { recursive: true });
  for (const file of swaggerUiAssets) copyFileSync(join(swaggerUi, file), join(outdir, 'swagger-ui', file));
  return join(outdir, 'server.js');
}

/** The node flags of `npm run start:bff` (package.json): how production runs the bundle. */
export function startBffNodeFlags() {
  return startFlags(readJson(join(root, 'package.json')));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(await buildBff(process.argv[2] ? resolve(process.argv[2]) : undefined));
}
