import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { z } from 'zod';
import { publicDestination } from '../bank/bank-routes.ts';
import { bankTrigger, buildBankEvent } from '../bank/event-builder.ts';
import { emit, type DeliveryResult } from '../bank/emitter.ts';
import { sinpeTransferRoutes } from '../bank/sinpe-transfers.ts';
import type { SandboxState } from '../state.ts';
import { faultSpec } from './faults.ts';
import { truthOf } from './truth.ts';
import { dayLedger } from './day-ledger.ts';
import { feeSchedule } from '../gateway/fee-schedule.ts';

/**
 * Sandbox-only control API under /_sandbox (documented in sandbox/README.md). No auth: the
 * sandbox is a local test double that listens on loopback; nothing here exists on a real gateway.
 */
const variantSwitch = z.object({
  enabled: z.boolean(),
  seed: z.string().min(1).max(100).optional(),
  rate: z.number().min(0).max(1).optional(),
  bodyUnauthorized: z.number().int().min(0).max(100).optional(),
  everyForm: z.boolean().optional(),
});

export function controlRoutes(state: SandboxState) {
  const app = new Hono();
  // The local demo's back office (another loopback port) may press the bank-event buttons
  // from the browser; pages from any other origin may not.
  app.use('*', cors({ origin: (origin) => (/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(origin) ? origin : null) }));

  app.get('/calls', (c) => {
    const calls = state.calls.list(c.req.query('operation') || undefined, c.req.query('orderNumber') || undefined);
    return c.json({ count: calls.length, calls: calls.map((call) => ({ ...call, at: call.at.toISOString() })) });
  });
  app.delete('/calls', (c) => {
    state.calls.reset();
    return c.json({ ok: true });
  });

  app.get('/faults', (c) => c.json({ faults: state.faults.list() }));
  app.post('/faults', async (c) => {
    const parsed = faultSpec.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ error: 'invalid fault', issues: parsed.error.issues }, 400);
    return c.json({ id: state.faults.add(parsed.data) }, 201);
  });
  app.delete('/faults', (c) => {
    state.faults.clear();
    return c.json({ ok: true });
  });

  app.get('/variants', (c) => c.json(state.variants.describe()));
  app.post('/variants', async (c) => {
    const parsed = variantSwitch.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ error: 'expected {enabled: boolean, seed?: string, rate?: 0..1, bodyUnauthorized?: integer >= 0, everyForm?: boolean}' }, 400);
    return c.json(state.variants.configure(parsed.data));
  });

  app.post('/tokens/expire', (c) => {
    state.tokens.expireAll();
    return c.json({ ok: true });
  });

  app.get('/clock', (c) => c.json({ now: state.clock.now().toISOString() }));
  app.post('/clock', async (c) => {
    const parsed = z.object({ advanceSeconds: z.number().min(0) }).safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ error: 'expected {advanceSeconds: number >= 0}' }, 400);
    return c.json({ now: state.clock.advance(parsed.data.advanceSeconds).toISOString() });
  });

  app.get('/truth/:orderNumber', (c) => {
    const orderNumber = c.req.param('orderNumber');
    const truth = truthOf(orderNumber, state.ledger.byOrderNumber(orderNumber), state.clock.now());
    return truth ? c.json(truth) : c.json({ error: `no order ${orderNumber}` }, 404);
  });

  // The sandbox's own books between two instants (from inclusive, to exclusive): day-ledger.ts.
  app.get('/ledger', (c) => {
    const from = new Date(c.req.query('from') ?? '');
    const to = new Date(c.req.query('to') ?? '');
    if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return c.json({ error: 'expected from and to, ISO 8601 instants' }, 400);
    return c.json({ from: from.toISOString(), to: to.toISOString(), totals: dayLedger(state, from, to) });
  });

  app.get('/fees', (c) => c.json(state.fees));
  app.post('/fees', async (c) => {
    const parsed = feeSchedule.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ error: 'invalid fee schedule', issues: parsed.error.issues }, 400);
    state.fees = parsed.data;
    return c.json(state.fees);
  });

  app.get('/links/:id', (c) => {
    const link = state.links.byId(Number(c.req.param('id')));
    if (!link) return c.json({ error: 'no such link' }, 404);
    const { token: _token, ...view } = link;
    return c.json(view);
  });

  app.get('/bank/destinations', (c) => c.json({ destinations: state.bank.destinations.map(publicDestination) }));
  app.post('/bank/events', async (c) => {
    const parsed = bankTrigger.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ error: 'invalid trigger', issues: parsed.error.issues }, 400);
    let event: ReturnType<typeof buildBankEvent>;
    try {
      event = buildBankEvent(state.bank, parsed.data);
    } catch (error) {
      return c.json({ error: (error as Error).message }, 400);
    }
    // A payment referred to by id keeps its own method: the event goes where that payment's events go.
    const payment = parsed.data.payment_id ? state.bank.payments.get(parsed.data.payment_id) : undefined;
    const sending = emit(state.bank, { ...parsed.data, payment_method_code: payment?.payment_method_code ?? parsed.data.payment_method_code }, event);
    if (!parsed.data.wait) sending.catch(() => undefined);
    const deliveries: DeliveryResult[] | 'pending' = parsed.data.wait ? await sending : 'pending';
    return c.json({ event_ids: [event.event.event_id], payment_id: (event.payment as { payment_id: string }).payment_id, event, deliveries });
  });

  app.route('/bank', sinpeTransferRoutes(state));

  return app;
}
