// Link reports are unsigned claims anyone can send. Tried as an attacker would, against the
// sandbox and a real store (SQLite, or PostgreSQL with TEST_DATABASE_URL): a flood for invented
// links, a report borrowing another payment, one naming a checkout order of ours, one for a link
// the gateway does not know; and a bank event delivered while link reports with a slow gateway are
// being worked off.
import { expect, test } from '../support/node-test.ts';
import { recordOwnLink } from '../../bff/intake/links/link-screen.ts';
import { sandboxDefaults } from '../../sandbox/defaults.ts';
import { approvingCard, checkout, createMerchantSession, followReturn } from './fixtures/buyer.ts';
import { bankEvent, deliveryBody, eventState, linkWebhook, merchantPost, metricsText, polling, postBank, postLinkWebhook, tables } from './webhooks-support.ts';
import { type System, startSystem } from '../support/system.ts';

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem({ mode: 'listening', bank: true,  env: { INBOX_MAX_ATTEMPTS: '8' } });
});
test.afterAll(async () => {
  await stack?.close();
});

const gatewayLookups = async () => (await stack.sandbox.calls('getLinkPaymentById')) + (await stack.sandbox.calls('consult'));
const linkEvents = () => tables(stack.bff).selectFrom('events').selectAll().where('source', '=', 'links').execute();

/** A link created through the merchant API (so recorded as ours), reporting to this BFF. */
async function ourLink(amount = '15000.00'): Promise<{ id: string; url: string }> {
  const created = await merchantPost(stack.bffUrl, '/v1/merchant/payment-links', { amount, currency: 'CRC' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

/** A link made at the gateway by someone else (not through our merchant API), paid with the approving card. */
async function someoneElsesPaidLink(amount: string): Promise<{ svcOrderId: string; orderNumber: string }> {
  const login = await fetch(`${stack.sandboxUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ apiuser: sandboxDefaults.merchant.apiUser, password: sandboxDefaults.merchant.apiPassword }),
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const response = await fetch(`${stack.sandboxUrl}/api/v1/createLinkPayment`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ key: sandboxDefaults.merchant.apiKey, amount, currency: 'CRC', type: 0, callback_url: `${stack.bffUrl}/v1/links/return` }),
  });
  const link = (await response.json()) as { url: string };
  const callback = await stack.sandbox.payLink(link.url, '4012000000020071');
  return { svcOrderId: callback.searchParams.get('svcOrderId')!, orderNumber: callback.searchParams.get('orderNumber')! };
}

test('300 unsigned link webhooks and 50 callbacks for invented links: all 2xx, none stored, no gateway call', async () => {
  const before = await gatewayLookups();
  const eventsBefore = (await linkEvents()).length;
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: 300 }, (_, index) => postLinkWebhook(stack.bffUrl, linkWebhook({ svcLinkId: 700_000 + index, svcOrderId: 800_000 + index })).then((response) => response.status)),
  );
  const webhookMs = performance.now() - started;
  expect(new Set(statuses)).toEqual(new Set([200]));
  for (let index = 0; index < 50; index++) {
    const page = await fetch(`${stack.bffUrl}/v1/links/return?code=1&auth=1&svcLinkId=${900_000 + index}&orderNumber=LNK${index}-1&svcOrderId=${910_000 + index}&lang=en`);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain('Payment approved');
  }
  expect((await linkEvents()).length).toBe(eventsBefore);
  expect(await gatewayLookups()).toBe(before);
  const metrics = await metricsText(stack.bffUrl);
  expect(metrics).toMatch(/link_reports_ignored_total\{via="webhook",reason="unknown_link"\} 300/);
  expect(metrics).toMatch(/link_reports_ignored_total\{via="callback",reason="unknown_link"\} 50/);
  test.info().annotations.push({ type: 'figure', description: `300 invented-link webhooks: ${Math.round(webhookMs)} ms, 0 stored, 0 gateway calls` });
});

test('a link created through the merchant API is ours: its real payment is still confirmed paid', async () => {
  const link = await ourLink('2500.00');
  const callback = await stack.sandbox.payLink(link.url, approvingCard);
  const page = await fetch(`${callback.toString()}&lang=en`);
  expect(await page.text()).toContain('Payment approved');
  await expect
    .poll(() => tables(stack.bff).selectFrom('link_payments').selectAll().where('link_id', '=', link.id).execute(), polling('the payment'))
    .toEqual([expect.objectContaining({ status: 'paid', hash_check: 'verified', amount: '2500.00' })]);
});

test('a report without orderHash borrowing another payment of the same amount is never paid', async () => {
  const borrowed = await someoneElsesPaidLink('15000.00');
  const link = await ourLink('15000.00');
  const page = await fetch(`${stack.bffUrl}/v1/links/return?code=1&auth=123456&svcLinkId=${link.id}&svcOrderId=${borrowed.svcOrderId}&orderNumber=${borrowed.orderNumber}&lang=en`);
  const html = await page.text();
  expect(html).not.toContain('Payment approved');
  const rows = await tables(stack.bff).selectFrom('link_payments').selectAll().where('link_id', '=', link.id).execute();
  expect(rows.map((row) => row.status)).not.toContain('paid');
});

test("a report naming one of our checkout orders (the paid checkout's tpt) is refused and records nothing", async () => {
  const session = await createMerchantSession(stack.bffUrl);
  const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
  const returned = await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard });
  expect((await followReturn(returned)).status).toBe(303);
  const tpt = returned.searchParams.get('tpt')!;
  const link = await ourLink();
  const query = `code=1&auth=123456&svcLinkId=${link.id}&svcOrderId=${tpt}&orderNumber=${session.orderNumber}&lang=en`;
  const page = await fetch(`${stack.bffUrl}/v1/links/return?${query}`);
  expect(page.status).toBe(400);
  expect(await page.text()).not.toContain('Payment approved');
  const webhook = await postLinkWebhook(stack.bffUrl, linkWebhook({ svcLinkId: Number(link.id), svcOrderId: Number(tpt), orderNumber: session.orderNumber, orderHash: '' }));
  expect(webhook.status).toBe(400);
  expect(await tables(stack.bff).selectFrom('link_payments').selectAll().where('link_id', '=', link.id).execute()).toEqual([]);
  expect(await tables(stack.bff).selectFrom('events').selectAll().where('external_id', '=', `${link.id}:${tpt}`).execute()).toEqual([]);
});

test('a report for a link of ours the gateway does not know is dead after one lookup, not eight', async () => {
  await recordOwnLink(tables(stack.bff), { id: '987654321', amount: '1.00', currency: 'CRC', now: new Date() });
  expect((await postLinkWebhook(stack.bffUrl, linkWebhook({ svcLinkId: 987_654_321, svcOrderId: 1_000_002 }))).status).toBe(200);
  await expect
    .poll(() => tables(stack.bff).selectFrom('events').selectAll().where('external_id', '=', '987654321:1000002').executeTakeFirstOrThrow(), polling('the report to be dead'))
    .toMatchObject({ state: 'dead', attempts: 1, last_error: expect.stringContaining('no link') });
});

test('a bank event is processed within its poll interval while link reports with a slow gateway are worked off', async () => {
  // One poll a second: the bank event must not wait for more than one.
  const bff = await stack.restartBff({ INBOX_POLL_MS: '1000', INBOX_RETRY_BASE_MS: '60000' });
  const link = await ourLink();
  // Every link lookup takes 400 ms: 40 reports are 16 s of gateway time for the links lane.
  await stack.sandbox.injectFault({ operation: 'getLinkPaymentById', kind: 'latency', latencyMs: 400 });
  try {
    for (let index = 0; index < 40; index++) {
      expect((await postLinkWebhook(stack.bffUrl, linkWebhook({ svcLinkId: Number(link.id), svcOrderId: 3_000_000 + index, orderNumber: `LNK${link.id}-${index}` }))).status).toBe(200);
    }
    // The flood is being worked on: its first lookups are in flight.
    await expect.poll(() => stack.sandbox.calls('getLinkPaymentById'), polling('link lookups under way')).toBeGreaterThan(0);
    const event = bankEvent('payin.posted');
    const acknowledged = performance.now();
    expect((await postBank(stack.bffUrl, await deliveryBody(event))).status).toBe(200);
    // Polled every 20 ms: the time measured is the worker's, not the poll's back-off.
    await expect.poll(() => eventState(bff, event.event.event_id), { message: 'the bank event processed', intervals: [20] }).toBe('processed');
    const waitedMs = performance.now() - acknowledged;
    expect(waitedMs).toBeLessThan(1000);
    // And the link reports were still being worked off when it was done.
    const waiting = (await linkEvents()).filter((row) => row.external_id.startsWith(`${link.id}:3`) && row.state === 'received');
    expect(waiting.length).toBeGreaterThan(0);
    test.info().annotations.push({ type: 'figure', description: `bank event processed ${Math.round(waitedMs)} ms after its 2xx, ${waiting.length} link reports still waiting` });
  } finally {
    await stack.sandbox.clearFaults();
  }
});
