// Builds the BFF for production: dist/bff/server.js and worker.js (the inbox worker on its own), ES
// modules run with plain `node` (no tsx loader thread, no TypeScript transform at start: about 30 MB
// less resident memory). The packages stay in node_modules (better-sqlite3 and pg are native or
// optional there); the demo catalog, read at run time next to the code, is copied beside it.
//
//   node scripts/build-bff.mjs [outdir]     (default dist/bff)
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Bundles one Node entry (a path from the project root) into `outfile`; packages stay external. */
export async function bundleForNode(entry, outfile) {
  await build({
    entryPoints: [join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  return outfile;
}

export async function buildBff(outdir = join(root, 'dist/bff')) {
  mkdirSync(outdir, { recursive: true });
  await bundleForNode('bff/server.ts', join(outdir, 'server.js'));
  await bundleForNode('bff/worker.ts', join(outdir, 'worker.js'));
  copyFileSync(join(root, 'node/demo-catalog.json'), join(outdir, 'demo-catalog.json'));
  return join(outdir, 'server.js');
}

/** The node flags of `npm run start:bff` (package.json): how production runs the bundle. */
export function startBffNodeFlags() {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return (manifest.scripts['start:bff'] ?? '').split(/\s+/).filter((word) => word.startsWith('--'));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(await buildBff(process.argv[2] ? resolve(process.argv[2]) : undefined));
}
