// What an unsigned link report costs us at the gateway, driven as the attacker would: link ids are
// sequential, so one of our links (with a real payment on it) is easy to name, and svcOrderIds are
// invented. Whatever the number of such reports, the gateway is asked about that link at most once
// per LINK_LOOKUP_INTERVAL_MS, consult is never asked for a payment the link's listing does not show,
// and each report ends after two lookups instead of eight tries. (What they cost in storage:
// link-report-storage.spec.ts; here the default caps keep at most 20 of them as rows.)
import { expect, test } from '../support/node-test.ts';
import { approvingCard } from './fixtures/buyer.ts';
import { ManualClock, startSystem, type System } from '../support/system.ts';
import { afterWorkerPasses, linkFloodEnv, linkWebhook, unlistedLinkReports, merchantPost, metricsText, postLinkWebhook, tables } from './webhooks-support.ts';

const junkReports = 1_000;
const lookupIntervalMs = 30_000;
const clock = new ManualClock();
let stack: System;

test.beforeAll(async () => {
  stack = await startSystem({ bank: true, 
    clock,
    env: linkFloodEnv(lookupIntervalMs),
  });
});
test.afterAll(async () => {
  await stack?.close();
});

const gatewayCalls = async () => (await stack.sandbox.calls('getLinkPaymentById')) + (await stack.sandbox.calls('consult'));
/** What the BFF's own metric says link reports cost (it counts every call it makes for them). */
const countedCalls = async () => {
  const metrics = await metricsText(stack.bffUrl);
  const of = (operation: string) => Number(new RegExp(`^link_report_gateway_calls_total\\{operation="${operation}"\\} (\\d+)$`, 'm').exec(metrics)?.[1] ?? 0);
  return of('getLinkPaymentById') + of('consult');
};
const storedPerLink = 20;
const unlistedCount = (linkId: string) => unlistedLinkReports(stack.bff, linkId);
const junkEvents = (linkId: string) =>
  tables(stack.bff).selectFrom('events').select(['state', 'attempts', 'last_error']).where('source', '=', 'links').where('external_id', 'like', `${linkId}:9%`).execute();

/** The junk reports' states, for expect.poll: up to a minute (a thousand events on a shared machine). */
const junkStates = async (linkId: string) => (await junkEvents(linkId)).map((row) => row.state);
const aMinute = { timeout: 60_000 };

test(`${junkReports} unsigned reports with invented svcOrderIds for one of our links cost at most 20 gateway calls`, async () => {
  test.setTimeout(240_000);
  const created = await merchantPost(stack.bffUrl, '/v1/merchant/payment-links', { amount: '2500.00', currency: 'CRC' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const link = created.body as { id: string; url: string };
  // A real payment, so the link's listing shows payments (and not the attacker's).
  const callback = await stack.sandbox.payLink(link.url, approvingCard);
  expect((await fetch(`${callback.toString()}&lang=en`)).status).toBe(200);
  const genuine = () => tables(stack.bff).selectFrom('events').select('state').where('source', '=', 'links').where('external_id', 'not like', `${link.id}:9%`).execute();
  await expect.poll(async () => [...new Set((await genuine()).map((row) => row.state))], { ...aMinute, message: 'the genuine report processed' }).toEqual(['processed']);
  await stack.sandbox.resetCalls();
  const countedBefore = await countedCalls();

  for (let start = 0; start < junkReports; start += 50) {
    const statuses = await Promise.all(
      Array.from({ length: Math.min(50, junkReports - start) }, (_, offset) => {
        const index = start + offset;
        return postLinkWebhook(stack.bffUrl, linkWebhook({ svcLinkId: Number(link.id), svcOrderId: 9_000_000 + index, orderNumber: `LNK${link.id}-${index + 2}`, orderHash: '' })).then((response) => response.status);
      }),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
  }
  const waiting = await junkEvents(link.id);
  expect(waiting.length).toBeLessThanOrEqual(storedPerLink);
  await expect.poll(async () => (await junkEvents(link.id)).filter((row) => row.attempts < 1).length, { ...aMinute, message: 'every stored junk report tried once' }).toBe(0);
  // Even the first pass over the flood must be cheap, before any retry.
  expect(await gatewayCalls()).toBeLessThanOrEqual(20);

  // Retries come due only as the manual clock moves: past the lookup interval, then past any backoff.
  for (let round = 0; round < 10; round++) {
    if ((await junkEvents(link.id)).length === 0) break;
    clock.advance(round === 0 ? lookupIntervalMs + 1_000 : 300_000);
    await afterWorkerPasses(stack.bffUrl, 2);
    await expect.poll(() => junkStates(link.id), { ...aMinute, message: 'the retries to run' }).not.toContain('received');
  }
  // Every one ended as a count on the link (the listing refused it), none as a row.
  await expect.poll(() => junkStates(link.id), { ...aMinute, message: 'every junk report ended' }).toEqual([]);
  expect(await unlistedCount(link.id)).toBe(junkReports);
  const lookups = await stack.sandbox.calls('getLinkPaymentById');
  const consults = await stack.sandbox.calls('consult');
  const total = lookups + consults;
  const figure = `${total} gateway calls per ${junkReports} junk link reports (${lookups} getLinkPaymentById, ${consults} consult)`;
  console.log(figure);
  test.info().annotations.push({ type: 'figure', description: figure });
  expect(total).toBeLessThanOrEqual(20);
  expect(consults).toBe(0);

  expect((await countedCalls()) - countedBefore).toBe(total);
  const metrics = await metricsText(stack.bffUrl);
  const byAddress = /^link_reports_by_address\{address="[^"]+"\} (\d+)$/m.exec(metrics);
  expect(Number(byAddress?.[1])).toBeGreaterThanOrEqual(junkReports);
});

test(`${junkReports} unsigned reports for a fresh link of ours, whose listing shows no payment, buy no consult`, async () => {
  test.setTimeout(240_000);
  const created = await merchantPost(stack.bffUrl, '/v1/merchant/payment-links', { amount: '3100.00', currency: 'CRC' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const link = created.body as { id: string };
  await stack.sandbox.resetCalls();
  for (let start = 0; start < junkReports; start += 50) {
    const statuses = await Promise.all(
      Array.from({ length: Math.min(50, junkReports - start) }, (_, offset) =>
        postLinkWebhook(stack.bffUrl, linkWebhook({ svcLinkId: Number(link.id), svcOrderId: 9_500_000 + start + offset, orderNumber: `LNK${link.id}-${start + offset + 1}`, orderHash: '' })).then((response) => response.status),
      ),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
  }
  expect((await junkEvents(link.id)).length).toBeLessThanOrEqual(storedPerLink);
  for (let round = 0; round < 10; round++) {
    if ((await junkEvents(link.id)).length === 0) break;
    clock.advance(round === 0 ? lookupIntervalMs + 1_000 : 300_000);
    await afterWorkerPasses(stack.bffUrl, 2);
  }
  await expect.poll(() => junkStates(link.id), { ...aMinute, message: 'every junk report ended' }).toEqual([]);
  expect(await unlistedCount(link.id)).toBe(junkReports);
  const lookups = await stack.sandbox.calls('getLinkPaymentById');
  const consults = await stack.sandbox.calls('consult');
  console.log(`${lookups + consults} gateway calls per ${junkReports} junk reports on a link with no payment (${lookups} getLinkPaymentById, ${consults} consult)`);
  expect(consults).toBe(0);
  expect(lookups + consults).toBeLessThanOrEqual(20);
});
