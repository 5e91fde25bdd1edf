// The sales demo: a storefront (`/`) and a back office (`/backoffice.html`) on DEMO_PORT.
// It plays the merchant's own web server: it hosts the built widget like a merchant would, tells
// its pages where the BFF is (/config.json, never inline script), creates authorize-only sessions
// with the merchant secret it keeps server-side, and relays the sandbox bank triggers.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { serveApp, type RunningServer } from '../node/serve-app.ts';
import { loadCatalog } from '../node/catalog-file.ts';
import { buildPageScripts, type PageScripts } from './page-scripts.ts';
import { withProductList } from './product-list.ts';
import { withPageConfig } from './page-config.ts';
import { contentSecurityPolicy, originOf } from './security-headers.ts';
import { merchantRouteGuards } from './merchant-route-guard.ts';

export type Env = Record<string, string | undefined>;

const publicDir = fileURLToPath(new URL('./public/', import.meta.url));
const widgetDir = fileURLToPath(new URL('../dist/widget/', import.meta.url));

export interface DemoConfig {
  /** Where the browser reaches the BFF. */
  bffUrl: string;
  /** The sandbox (its buyer pages open from payment links); null when running against a real gateway. */
  sandboxUrl: string | null;
}

export function demoConfigOf(env: Env): DemoConfig {
  const bffUrl = env.PUBLIC_BFF_URL || env.BFF_URL || `http://127.0.0.1:${env.BFF_PORT ?? 8787}`;
  return { bffUrl: bffUrl.replace(/\/+$/, ''), sandboxUrl: env.SANDBOX_URL ? env.SANDBOX_URL.replace(/\/+$/, '') : null };
}

/**
 * True when the BFF behind the demo pays through the sandbox: a sandbox is named and no other
 * gateway is (`npm start` names the sandbox's URL as GATEWAY_BASE_URL then, and a real one otherwise).
 * Only then may a stranger's click cost nothing real.
 */
function paysThroughSandbox(env: Env, config: DemoConfig): boolean {
  if (!config.sandboxUrl) return false;
  const gateway = env.GATEWAY_BASE_URL?.replace(/\/+$/, '');
  return !gateway || gateway === config.sandboxUrl;
}

export async function createDemoApp(env: Env, scripts: PageScripts) {
  const config = demoConfigOf(env);
  const catalog = loadCatalog(env.CATALOG_FILE || undefined);
  const csp = contentSecurityPolicy({ bffOrigin: originOf(config.bffUrl), sandboxOrigin: config.sandboxUrl ? originOf(config.sandboxUrl) : null });
  const pages: Record<string, string> = {
    '/': 'index.html',
    '/index.html': 'index.html',
    '/backoffice.html': 'backoffice.html',
    '/plain.html': 'plain.html',
  };

  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  });

  for (const [path, file] of Object.entries(pages)) {
    app.get(path, async (c) => {
      c.header('Content-Security-Policy', csp);
      c.header('Cache-Control', 'no-store');
      const page = await readFile(publicDir + file, 'utf8');
      return c.html(file === 'index.html' ? withPageConfig(withProductList(page, catalog.items), config) : page);
    });
  }

  app.get('/config.json', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(config);
  });

  // The storefront shows exactly what the BFF sells: the same catalog file (CATALOG_FILE or the demo one).
  app.get('/catalog.json', (c) => c.json({ items: catalog.items }));

  app.get('/app/:name{[a-z-]+\\.js}', (c) => {
    const code = scripts.get(c.req.param('name'));
    if (code === undefined) return c.notFound();
    c.header('Cache-Control', 'no-store');
    return c.body(code, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  });

  // One limit for the three routes below: one address's calls count together.
  const guarded = merchantRouteGuards();
  const sandboxOnly = guarded(() => config.sandboxUrl !== null);
  app.use('/api/bank-events', sandboxOnly);
  app.use('/api/sinpe-transfers', sandboxOnly);
  app.use('/api/authorize-only-session', guarded(() => paysThroughSandbox(env, config)));

  /**
   * Authorize-only checkout: the merchant's server (this one) creates the session with capture
   * false. The browser names items; the amount comes from the catalog, never from the page.
   */
  app.post('/api/authorize-only-session', async (c) => {
    const body = (await c.req.json().catch(() => undefined)) as { items?: unknown; locale?: unknown } | undefined;
    const items = Array.isArray(body?.items) ? body.items : [];
    const wellFormed = items.every(
      (item): item is { sku: string; quantity: number } =>
        typeof item === 'object' && item !== null && typeof item.sku === 'string' && Number.isInteger(item.quantity) && item.quantity >= 1 && item.quantity <= 99,
    );
    if (!wellFormed || items.length === 0) return c.json({ error: 'items must be [{sku, quantity}]' }, 400);
    const priced = catalog.price(items, typeof body?.locale === 'string' ? body.locale : undefined);
    if (!priced.ok) return c.json({ error: 'unknown items', errors: priced.errors }, 400);
    const origin = new URL(c.req.url).origin;
    const description = priced.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ').slice(0, 255);
    const response = await fetch(`${demoConfigOf(env).bffUrl}/v1/merchant/checkout-sessions`, {
      method: 'POST',
      // While a rotation runs MERCHANT_SECRET is `current,previous`: the current one signs in.
      headers: { Authorization: `Bearer ${env.MERCHANT_SECRET?.split(',')[0]?.trim() ?? ''}`, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({ amount: priced.amount, currency: priced.currency, capture: false, returnUrl: `${origin}/`, description }),
    });
    const text = await response.text();
    return c.body(text, response.status as 201, { 'Content-Type': response.headers.get('Content-Type') ?? 'application/json' });
  });

  /** The back office's bank-event buttons: relayed to the sandbox's control API (it has no CORS). */
  app.post('/api/bank-events', async (c) => {
    const body = (await c.req.json().catch(() => undefined)) as { event_type?: unknown } | undefined;
    const allowed = ['payin.posted', 'payment.succeeded', 'payment.failed', 'payment.reversed'];
    if (typeof body?.event_type !== 'string' || !allowed.includes(body.event_type)) return c.json({ error: `event_type must be one of ${allowed.join(', ')}` }, 400);
    const response = await fetch(`${config.sandboxUrl}/_sandbox/bank/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const result = (await response.json().catch(() => ({}))) as { event_ids?: string[]; payment_id?: string; deliveries?: unknown; error?: string };
    return c.json(
      response.ok ? { eventIds: result.event_ids ?? [], paymentId: result.payment_id ?? null, deliveries: result.deliveries ?? null } : { error: result.error ?? 'sandbox refused' },
      response.ok ? 200 : 502,
    );
  });

  /** The storefront's "simulate the transfer from my bank app" (sandbox only): relayed to the sandbox bank. */
  app.post('/api/sinpe-transfers', async (c) => {
    const body = (await c.req.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    const transfer = { reference: body?.reference, amount: body?.amount, currency: 'CRC', outcome: body?.outcome, reasonCode: body?.reasonCode };
    const response = await fetch(`${config.sandboxUrl}/_sandbox/bank/sinpe-transfers`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(transfer) });
    const result = (await response.json().catch(() => ({}))) as { payment_id?: string; error?: string };
    return c.json(response.ok ? { paymentId: result.payment_id ?? null } : { error: result.error ?? 'sandbox refused' }, response.ok ? 200 : 400);
  });

  // The built widget, exactly as a merchant would host it for <script src>.
  app.use('/widget/*', serveStatic({ root: widgetDir, rewriteRequestPath: (path) => path.replace(/^\/widget/, '') }));
  app.use('/*', serveStatic({ root: publicDir }));
  return app;
}

/** Serves the demo on 127.0.0.1:DEMO_PORT (default 5173; '0' picks a free port). */
export async function startDemo(env: Env = process.env): Promise<RunningServer> {
  const scripts = await buildPageScripts();
  const app = await createDemoApp(env, scripts);
  return serveApp(app, '127.0.0.1', Number(env.DEMO_PORT ?? 5173), 'DEMO_PORT');
}
