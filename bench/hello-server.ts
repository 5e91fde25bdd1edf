// The baseline every speed figure is divided by: a bare Hono hello-world on @hono/node-server,
// the same framework and adapter the BFF runs on, with nothing else. Run as its own process
// (like the BFF) so the load generator never shares its event loop.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono().get('/', (c) => c.text('Hello Hono!'));

serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
  // The parent reads this line to learn the ephemeral port.
  console.log(`hello    http://127.0.0.1:${info.port}`);
});
