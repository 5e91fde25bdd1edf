import { Hono } from 'hono';

/** Placeholder until issue 4: the BFF factory. */
export function createApp() {
  const app = new Hono();
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  return app;
}
