import { Hono } from 'hono';

/** Placeholder until issue 3: the simulated gateway (root) and bank (/banking). */
export function createSandboxApp() {
  const app = new Hono();
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  return app;
}
