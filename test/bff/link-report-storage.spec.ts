// What an unsigned link report costs us in storage, driven as the attacker would: one of our links
// is easy to name (the gateway's link ids are sequential) and svcOrderIds are invented. A report for
// a payment the link's listing does not show is kept as a counter on the link, not an `events` row:
// at most LINK_UNLISTED_REPORTS_PER_LINK of them wait as rows per link and
// LINK_UNLISTED_REPORTS_PER_ADDRESS_PER_HOUR per sender, and those end as counts too once the
// listing refuses them. A report the gateway signed (a verifying orderHash) is never held back.
import { expect, test } from '../support/node-test.ts';
import { approvingCard } from './fixtures/buyer.ts';
import { ManualClock, startSystem, type System } from '../support/system.ts';
import { afterWorkerPasses, linkFloodEnv, linkWebhook, unlistedLinkReports, merchantPost, metricsText, postLinkWebhook, tables } from './webhooks-support.ts';

const [junkReports, perLink, perAddress, lookupIntervalMs] = [1_000, 10, 15, 30_000];
const caps = { LINK_UNLISTED_REPORTS_PER_LINK: String(perLink), LINK_UNLISTED_REPORTS_PER_ADDRESS_PER_HOUR: String(perAddress) };
const clock = new ManualClock();
let stack: System;

test.beforeAll(async () => {
  stack = await startSystem({ bank: true,  env: { ...linkFloodEnv(lookupIntervalMs), ...caps }, clock });
});
test.afterAll(async () => {
  await stack?.close();
});

const linkEventRows = async () => Number((await tables(stack.bff).selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).where('source', '=', 'links').executeTakeFirstOrThrow()).n);
const junkRows = (linkId: string) => tables(stack.bff).selectFrom('events').select(['state', 'external_id']).where('source', '=', 'links').where('external_id', 'like', `${linkId}:9%`).execute();
const unlistedCount = (linkId: string) => unlistedLinkReports(stack.bff, linkId);

async function ourLink(amount: string): Promise<{ id: string; url: string }> {
  const created = await merchantPost(stack.bffUrl, '/v1/merchant/payment-links', { amount, currency: 'CRC' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

/** `count` invented reports for the link, 50 at a time, each answered 200. */
async function flood(linkId: string, count: number, firstSvcOrderId: number): Promise<void> {
  for (let start = 0; start < count; start += 50) {
    const statuses = await Promise.all(
      Array.from({ length: Math.min(50, count - start) }, (_, offset) =>
        postLinkWebhook(stack.bffUrl, linkWebhook({ svcLinkId: Number(linkId), svcOrderId: firstSvcOrderId + start + offset, orderNumber: `LNK${linkId}-${start + offset + 2}`, orderHash: 'f'.repeat(64) })).then((response) => response.status),
      ),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
  }
}

/** Moves the clock past the lookup interval and any backoff until no junk row of the link waits. */
async function settle(linkId: string): Promise<void> {
  for (let round = 0; round < 12 && (await junkRows(linkId)).length > 0; round++) {
    clock.advance(round === 0 ? lookupIntervalMs + 1_000 : 300_000);
    await afterWorkerPasses(stack.bffUrl, 2);
  }
}

test(`${junkReports} unsigned reports for invented payments of one of our links add at most ${perLink} rows, and none stay`, async () => {
  test.setTimeout(240_000);
  const link = await ourLink('2500.00');
  // A real payment first: the link's listing shows a payment, and not the attacker's.
  const callback = await stack.sandbox.payLink(link.url, approvingCard);
  expect((await fetch(`${callback.toString()}&lang=en`)).status).toBe(200);
  await expect.poll(async () => (await tables(stack.bff).selectFrom('link_payments').select('status').where('link_id', '=', link.id).execute()).map((row) => row.status), { timeout: 30_000 }).toEqual(['paid']);
  const before = await linkEventRows();

  await flood(link.id, junkReports, 9_000_000);
  const added = (await linkEventRows()) - before;
  console.log(`${added} events rows for ${junkReports} junk link reports (cap ${perLink} per link)`);
  expect(added).toBeLessThanOrEqual(perLink);
  expect(await unlistedCount(link.id)).toBeGreaterThanOrEqual(junkReports - perLink);

  // The rows that were kept wait for a listing fetched after them; it does not show them either,
  // so they end as counts on the link, not as dead rows kept for a month.
  await settle(link.id);
  expect(await junkRows(link.id)).toEqual([]);
  expect(await unlistedCount(link.id)).toBe(junkReports);
  expect((await linkEventRows()) - before).toBe(0);
  expect(await metricsText(stack.bffUrl)).toMatch(/^link_reports_ignored_total\{via="webhook",reason="unlisted_payment"\} \d+$/m);
});

test(`one sender spreading reports over several of our links keeps at most ${perAddress} rows an hour`, async () => {
  test.setTimeout(240_000);
  clock.advance(60 * 60 * 1000 + 1);
  const links = [await ourLink('1100.00'), await ourLink('1200.00'), await ourLink('1300.00'), await ourLink('1400.00')];
  const before = await linkEventRows();
  for (const [index, link] of links.entries()) await flood(link.id, 100, 9_100_000 + index * 1_000);
  const added = (await linkEventRows()) - before;
  console.log(`${added} events rows for 400 junk link reports over 4 links from one address (cap ${perAddress} an hour)`);
  expect(added).toBeLessThanOrEqual(perAddress);
  let counted = 0;
  for (const link of links) counted += await unlistedCount(link.id);
  expect(counted).toBeGreaterThanOrEqual(400 - perAddress);
});

test('a genuine report for a link whose caps are full is stored and confirmed as paid', async () => {
  test.setTimeout(120_000);
  const link = await ourLink('3300.00');
  await flood(link.id, 200, 9_200_000);
  // The sandbox's webhook carries an orderHash that verifies: never held back by the caps.
  await stack.sandbox.payLink(link.url, approvingCard);
  await expect.poll(async () => (await tables(stack.bff).selectFrom('link_payments').select(['status', 'first_source']).where('link_id', '=', link.id).execute()), { timeout: 30_000 }).toEqual([
    expect.objectContaining({ status: 'paid' }),
  ]);
});
