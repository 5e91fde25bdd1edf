// The pages' own scripts (demo/src/*.ts), bundled once at start with esbuild into memory and served
// from /app/. External files only: the pages' CSP allows no inline script.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export type PageScripts = ReadonlyMap<string, string>;

const entries = { storefront: 'storefront.ts', backoffice: 'backoffice.ts' } as const;

export async function buildPageScripts(): Promise<PageScripts> {
  const sourceDir = fileURLToPath(new URL('./src/', import.meta.url));
  const result = await build({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, sourceDir + file])),
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2022',
    outdir: '/app',
    legalComments: 'none',
    logLevel: 'silent',
  });
  return new Map(result.outputFiles.map((file) => [file.path.split('/').pop() ?? file.path, file.text]));
}
