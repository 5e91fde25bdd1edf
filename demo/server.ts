import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { serveApp, type RunningServer } from '../scripts/serve-app.ts';

export type Env = Record<string, string | undefined>;

/** Placeholder until issue 7: serves the storefront and back office on DEMO_PORT (default 5173). */
export function startDemo(env: Env = process.env): Promise<RunningServer> {
  const app = new Hono();
  // The built widget, exactly as a merchant would host it for <script src>.
  app.use('/widget/*', serveStatic({ root: './dist/widget', rewriteRequestPath: (path) => path.replace(/^\/widget/, '') }));
  app.use('/*', serveStatic({ root: './demo/public' }));
  return serveApp(app, '127.0.0.1', Number(env.DEMO_PORT ?? 5173), 'DEMO_PORT');
}
