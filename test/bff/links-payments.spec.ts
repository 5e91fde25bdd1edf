// Payment links end to end: real links paid in the sandbox report to the BFF by webhook
// (POST /v1/webhooks/links) and by the buyer's callback (GET /v1/links/return). Neither report
// is trusted: the payment is confirmed by lookup, the orderHash checked, and stored once.
import { expect, test } from '../support/node-test.ts';
import { recordOwnLink } from '../../bff/intake/links/link-screen.ts';
import type { Kysely } from 'kysely';
import { linkCallbackQuery } from '../../contract/gateway/links.ts';
import { confirmLinkPayment } from '../../bff/intake/links/link-confirmation.ts';
import { reportFromCallback } from '../../bff/intake/links/link-report.ts';
import { LinkLookups } from '../../bff/intake/links/link-lookups.ts';
import { systemClock } from '../../bff/lib/observability/clock.ts';
import { sandboxDefaults } from '../../sandbox/defaults.ts';
import { demoMerchantClient } from './fixtures/gateway-client.ts';
import { createGatewayLink, linkWebhook, merchantGet, polling, postLinkWebhook, tables } from './webhooks-support.ts';
import { type System, startSystem } from '../support/system.ts';

const approvedCard = '4012000000020071';
const deniedCard = '4012000000020121';

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem({ bank: true,  env: { MERCHANT_NAME: 'Pura Vida <Market>' } });
});
test.afterAll(async () => {
  await stack?.close();
});

/** A link created at the gateway the way the merchant API does, reporting to this BFF. */
async function createLink(options: { webhook?: boolean; callback?: boolean; amount?: string; currency?: string } = {}): Promise<{ id: number; url: string }> {
  const link = await createGatewayLink(stack.sandboxUrl, {
    amount: options.amount ?? '15000.00',
    currency: options.currency ?? 'CRC',
    type: 0,
    description: 'Camiseta <b>edición</b> limitada',
    ...(options.callback !== false && { callback_url: `${stack.bffUrl}/v1/links/return` }),
    ...(options.webhook !== false && { webhook_url: `${stack.bffUrl}/v1/webhooks/links` }),
  });
  expect(link.id).toBeGreaterThan(0);
  // Made at the gateway directly (to choose which reports it sends), then recorded as ours the
  // way /v1/merchant/payment-links records the links it creates.
  await recordOwnLink(tables(stack.bff), { id: String(link.id), amount: options.amount ?? '15000.00', currency: options.currency ?? 'CRC', now: new Date() });
  return link;
}

const linkPayments = (linkId: number) => tables(stack.bff).selectFrom('link_payments').selectAll().where('link_id', '=', String(linkId)).execute();

async function getPage(url: URL | string, acceptLanguage?: string) {
  const response = await fetch(url, { redirect: 'manual', ...(acceptLanguage && { headers: { 'Accept-Language': acceptLanguage } }) });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

test('webhook path: a paid link is confirmed by lookup and stored as paid, once', async () => {
  const link = await createLink({ callback: false });
  // No callback_url: the buyer ends on the sandbox's own page; only the webhook reaches us.
  const landing = await stack.sandbox.payLink(link.url, approvedCard);
  expect(landing.origin).toBe(stack.sandboxUrl);
  await expect.poll(async () => (await linkPayments(link.id)).length, polling('the link payment')).toBe(1);
  const [payment] = await linkPayments(link.id);
  expect(payment).toMatchObject({ status: 'paid', hash_check: 'verified', amount: '15000.00', currency: 'CRC', first_source: 'webhook', gateway_code: '1' });
  expect(payment?.webhook_seen_at).toBeTruthy();
  expect(payment?.callback_seen_at).toBeNull();
  // The confirmation stores the payment before the worker commits the event as processed.
  const externalId = `${link.id}:${payment?.svc_order_id}`;
  await expect
    .poll(async () => (await merchantGet(stack.bffUrl, '/v1/merchant/events?source=links&state=processed')).body.items.map((item: { externalId: string }) => item.externalId), polling('the link event processed'))
    .toContain(externalId);
});

test('callback path: the buyer lands on a localized result page after the payment is confirmed', async () => {
  const link = await createLink({ webhook: false });
  const callback = await stack.sandbox.payLink(link.url, approvedCard);
  expect(callback.pathname).toBe('/v1/links/return');
  const page = await getPage(callback, 'pt-BR,pt;q=0.9,en;q=0.5');
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toContain('text/html');
  expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
  expect(page.headers.get('origin-agent-cluster')).toBe('?1');
  expect(page.headers.get('x-permitted-cross-domain-policies')).toBe('none');
  expect(page.html).toContain('<html lang="pt-BR">');
  expect(page.html).toContain('Pagamento aprovado');
  // Who was paid, for what (the link's description, escaped), the amount as Portuguese writes it, and the way back.
  expect(page.html).toContain('<dt>Loja</dt><dd>Pura Vida &lt;Market&gt;</dd>');
  expect(page.html).toContain('<dt>Descrição</dt><dd>Camiseta &lt;b&gt;edición&lt;/b&gt; limitada</dd>');
  expect(page.html).toContain('<dt>Valor</dt><dd>CRC\u00a015.000,00</dd>');
  expect(page.html).toContain('<a href="http://shop.example.test/">Voltar para Pura Vida &lt;Market&gt;</a>');
  const rows = await linkPayments(link.id);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ status: 'paid', hash_check: 'verified', first_source: 'callback' });
  // The report is listed for the merchant like a webhook's, processed.
  const externalId = `${link.id}:${rows[0]?.svc_order_id}`;
  await expect
    .poll(async () => (await merchantGet(stack.bffUrl, '/v1/merchant/events?source=links')).body.items, polling('the callback listed as processed'))
    .toContainEqual(expect.objectContaining({ externalId, state: 'processed', summary: expect.objectContaining({ via: 'callback' }) }));

  // A reload (or a replayed URL) is answered from the store: no new lookups, no second row.
  const lookupsBefore = await stack.sandbox.calls('getLinkPaymentById');
  const again = await getPage(`${callback.toString()}&lang=en`);
  expect(again.html).toContain('Payment approved');
  expect(await stack.sandbox.calls('getLinkPaymentById')).toBe(lookupsBefore);
  expect(await linkPayments(link.id)).toHaveLength(1);
});

test('both paths for one payment: one stored payment that notes both reports', async () => {
  const link = await createLink();
  const callback = await stack.sandbox.payLink(link.url, approvedCard);
  const page = await getPage(callback, 'es-CR,es;q=0.9');
  expect(page.html).toContain('Pago aprobado');
  await expect
    .poll(() => linkPayments(link.id), polling('both reports noted'))
    .toEqual([expect.objectContaining({ status: 'paid', webhook_seen_at: expect.anything(), callback_seen_at: expect.anything() })])
    .catch(async (error: Error) => {
      // Rare on a loaded machine: what the inbox holds tells which report went missing.
      const events = (await merchantGet(stack.bffUrl, '/v1/merchant/events?source=links')).body.items;
      throw new Error(`${error.message}; link events ${JSON.stringify(events)}`);
    });
});

/**
 * `db`, except that the first statement on `table` (a select or an update) is followed, before its
 * caller sees the result, by `meanwhile`: another writer that commits between two statements.
 */
function afterFirstStatementOn<T extends Kysely<any>>(db: T, table: string, meanwhile: () => Promise<void>): T {
  let done = false;
  const wrap = <B extends object>(builder: B): B =>
    new Proxy(builder, {
      get(target, key) {
        const value = Reflect.get(target, key) as unknown;
        if (typeof value !== 'function') return value;
        if (String(key).startsWith('execute')) {
          return async (...args: unknown[]) => {
            const result = await value.apply(target, args);
            if (!done) {
              done = true;
              await meanwhile();
            }
            return result;
          };
        }
        return (...args: unknown[]) => {
          const next = value.apply(target, args) as unknown;
          return typeof next === 'object' && next !== null && 'execute' in next ? wrap(next) : next;
        };
      },
    });
  return new Proxy(db, {
    get(target, key) {
      const value = Reflect.get(target, key) as unknown;
      if (typeof value !== 'function') return value;
      if (key === 'selectFrom' || key === 'updateTable') return (name: string, ...rest: unknown[]) => (name === table ? wrap(value.call(target, name, ...rest)) : value.call(target, name, ...rest));
      return value.bind(target);
    },
  });
}

test('a callback that arrives just as the webhook stores the payment is still noted', async () => {
  const link = await createLink({ webhook: false });
  const callback = await stack.sandbox.payLink(link.url, approvedCard);
  const report = reportFromCallback(linkCallbackQuery.parse(Object.fromEntries(callback.searchParams)))!;
  const db = tables(stack.bff);
  const gateway = demoMerchantClient(stack.sandboxUrl);
  const deps = { db, gateway, linkLookups: new LinkLookups(gateway, systemClock, 30_000), clock: systemClock, credentials: sandboxDefaults.merchant };
  // The webhook's confirmation commits right after the callback's first statement on the table:
  // whatever that statement is, the callback must end up noted on the stored payment.
  let webhookCommitted = false;
  const racing = afterFirstStatementOn(db, 'link_payments', async () => {
    await confirmLinkPayment(deps, report, 'webhook');
    webhookCommitted = true;
  });

  const confirmation = await confirmLinkPayment({ ...deps, db: racing }, report, 'callback');
  expect(webhookCommitted).toBe(true);
  expect(confirmation).toMatchObject({ state: 'confirmed', payment: { status: 'paid', first_source: 'webhook' } });
  const [stored] = await linkPayments(link.id);
  expect(stored?.webhook_seen_at).not.toBeNull();
  expect(stored?.callback_seen_at).not.toBeNull();
});

test('a declined link payment is stored as declined and the page says so (in the project default, English, without a language)', async () => {
  const link = await createLink();
  const callback = await stack.sandbox.payLink(link.url, deniedCard);
  const page = await getPage(callback);
  expect(page.html).toContain('<html lang="en">');
  expect(page.html).toContain('Payment declined');
  await expect.poll(() => linkPayments(link.id), polling('the declined payment')).toEqual([expect.objectContaining({ status: 'declined' })]);
});

test('a callback whose orderHash does not verify never shows paid: the payment goes to review', async () => {
  const link = await createLink({ webhook: false });
  const callback = await stack.sandbox.payLink(link.url, approvedCard);
  callback.searchParams.set('orderHash', 'f'.repeat(64));
  const page = await getPage(callback, 'en');
  expect(page.html).toContain('Payment under review');
  expect(page.html).not.toContain('Payment approved');
  expect((await linkPayments(link.id))[0]).toMatchObject({ status: 'review', hash_check: 'mismatch' });
});

test('a forged "approved" callback for a declined payment is declined by the lookup', async () => {
  const link = await createLink({ webhook: false });
  const callback = await stack.sandbox.payLink(link.url, deniedCard);
  callback.searchParams.set('code', '1');
  callback.searchParams.set('auth', '999999');
  const page = await getPage(callback, 'en');
  expect(page.html).toContain('Payment declined');
  expect((await linkPayments(link.id))[0]?.status).toBe('declined');
});

test('a webhook for a payment the gateway does not show is never marked paid', async () => {
  const link = await createLink();
  expect((await postLinkWebhook(stack.bffUrl, linkWebhook({ svcLinkId: link.id, svcOrderId: 77_777_777, orderNumber: `LNK${link.id}-1` }))).status).toBe(200);
  await expect
    .poll(() => tables(stack.bff).selectFrom('events').selectAll().where('external_id', '=', `${link.id}:77777777`).executeTakeFirstOrThrow(), polling('a failed attempt'))
    .toMatchObject({ state: expect.stringMatching(/failed|dead/), last_error: expect.stringContaining('no payment') });
  expect(await linkPayments(link.id)).toEqual([]);
});

test('a link webhook that is not the §6.3 body is the generic 400 and is not stored', async () => {
  const response = await postLinkWebhook(stack.bffUrl, { ...linkWebhook(), svcLinkId: 'seven' });
  expect(response.status).toBe(400);
  expect((await response.json()).detail).toBe('The delivery could not be accepted.');
  const notJson = await fetch(`${stack.bffUrl}/v1/webhooks/links`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{nope' });
  expect(notJson.status).toBe(400);
  const rejected = await tables(stack.bff).selectFrom('rejected_deliveries').select(['source', 'reason']).where('source', '=', 'links').execute();
  expect(rejected.map((row) => row.reason).sort()).toEqual(['not_json', 'schema']);
});

test('the return page never echoes the query: a hostile callback gets the fixed "invalid" page', async () => {
  const hostile = `${stack.bffUrl}/v1/links/return?code=<script>alert(1)</script>&svcLinkId=<img src=x>&orderNumber="><svg onload=alert(1)>&lang=en`;
  const page = await getPage(hostile);
  expect(page.status).toBe(400);
  expect(page.html).toContain('We could not read this result');
  expect(page.html).not.toContain('<script>');
  expect(page.html).not.toContain('<img');
  expect(page.html).not.toContain('<svg');
  expect(page.html).not.toContain('onload');
});

test('a callback that cannot be confirmed now shows "processing" and is confirmed later by the worker', async () => {
  const link = await createLink({ webhook: false });
  const callback = await stack.sandbox.payLink(link.url, approvedCard);
  // Earlier tests' retrying events must not use up the injected failures: wait until none is left.
  await expect
    .poll(async () => (await tables(stack.bff).selectFrom('events').select('id').where('state', 'in', ['received', 'failed']).execute()).length, polling('the inbox to be idle'))
    .toBe(0);
  // The gateway's link lookup fails (the client's read retries included) while the buyer waits.
  await stack.sandbox.injectFault({ operation: 'getLinkPaymentById', kind: 'http5xx', status: 503, count: 3 });
  const page = await getPage(callback, 'en');
  expect(page.status).toBe(200);
  expect(page.html).toContain('Payment processing');
  expect(page.html).not.toContain('Payment approved');
  await expect
    .poll(() => linkPayments(link.id), polling('the worker to confirm the queued callback'))
    .toEqual([expect.objectContaining({ status: 'paid', first_source: 'callback', hash_check: 'verified' })]);
  await stack.sandbox.clearFaults();
});

test('the result page language: lang wins, then Accept-Language by q-value, the project default (English) otherwise', async () => {
  const { pageLocale } = await import('../../bff/http/html-page.ts');
  expect(pageLocale(undefined, 'en;q=0.1, pt;q=0.9, fr')).toBe('pt-BR');
  expect(pageLocale(undefined, 'fr-FR, de;q=0.8')).toBe('en');
  expect(pageLocale('en', 'pt-BR')).toBe('en');
  expect(pageLocale('xx', 'es-419,en;q=0.5')).toBe('es');
  expect(pageLocale(undefined, 'pt;q=0, en;q=0.4')).toBe('en');
});

test('with LINK_RESULT_URL the buyer is sent there with the confirmed result', async () => {
  await stack.restartBff({ LINK_RESULT_URL: 'https://shop.example.test/links/done' });
  const link = await createLink({ webhook: false });
  // The link's callback_url names the port of the BFF that created it; send the query to the new one.
  const callback = await stack.sandbox.payLink(link.url, approvedCard);
  const redirected = await getPage(`${stack.bffUrl}/v1/links/return${callback.search}`);
  expect(redirected.status).toBe(303);
  const location = new URL(redirected.headers.get('location')!);
  expect(location.origin + location.pathname).toBe('https://shop.example.test/links/done');
  expect(location.searchParams.get('result')).toBe('paid');
  expect(location.searchParams.get('orderNumber')).toBe((await linkPayments(link.id))[0]?.order_number);
});
