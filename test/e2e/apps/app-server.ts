// A tiny storefront server for the widget's e2e specs: three pages (plain HTML, React 19, Vue 3)
// that embed <svc-checkout>, each answered with a strict Content-Security-Policy. It listens on an
// ephemeral port; the specs route the demo origin's /__e2e/ path to it (see shop-page.ts), so the
// pages run on an origin the e2e BFF allows while the widget comes from the demo server's /widget/.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { Hono } from 'hono';
import { serveApp, type RunningServer } from '../../../node/serve-app.ts';

const appsDir = fileURLToPath(new URL('.', import.meta.url));

/** No inline script, no eval, no inline style: what a careful merchant sends. */
export function strictCsp(bffUrl: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src 'self' ${new URL(bffUrl).origin}`,
    "img-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [`${appsDir}${entry}`],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    // Production builds of React and Vue: no dev-only eval, no devtools hooks.
    define: {
      'process.env.NODE_ENV': '"production"',
      __VUE_OPTIONS_API__: 'false',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    },
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

export async function startAppServer(bffUrl: string): Promise<RunningServer> {
  const scripts: Record<string, string> = {
    'react/main.js': await bundle('react/main.tsx'),
    'vue/main.js': await bundle('vue/main.ts'),
    'csp/shop.js': await bundle('csp/shop.ts'),
  };
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    c.header('Content-Security-Policy', strictCsp(bffUrl));
    c.header('Cache-Control', 'no-store');
  });
  app.get('/__e2e/:page{(react|vue|csp)}/', async (c) => {
    const template = await readFile(`${appsDir}${c.req.param('page')}/index.html`, 'utf8');
    return c.html(template.replaceAll('{{BFF_URL}}', bffUrl));
  });
  app.get('/__e2e/shop.css', async (c) => c.body(await readFile(`${appsDir}shop.css`, 'utf8'), 200, { 'Content-Type': 'text/css' }));
  app.get('/__e2e/:page/:file{[a-z]+\\.js}', (c) => {
    const script = scripts[`${c.req.param('page')}/${c.req.param('file')}`];
    return script === undefined ? c.notFound() : c.body(script, 200, { 'Content-Type': 'text/javascript' });
  });
  return serveApp(app, '127.0.0.1', 0, 'E2E_APP_PORT');
}
