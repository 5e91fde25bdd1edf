// An endpoint created with `expiresAt` lives until then unless renewed: past it, it is not listed,
// receives nothing, and cannot be renewed back (a listener that died stays gone). The BFF's clock
// decides, here a manual one.
import { expect, test } from '../support/node-test.ts';
import { ManualClock, startSystem, type System } from '../support/system.ts';
import { startWebhookReceiver, type WebhookReceiver } from './fixtures/webhook-receiver.ts';
import { merchantGet, merchantPost } from './webhooks-support.ts';

const clock = new ManualClock();
let stack: System;
let hooks: WebhookReceiver;
test.beforeAll(async () => {
  hooks = await startWebhookReceiver();
  stack = await startSystem({ bank: true,  clock });
});
test.afterAll(async () => {
  await stack?.close();
  await hooks?.close();
});

const inSeconds = (seconds: number) => new Date(clock.now().getTime() + seconds * 1000).toISOString();
const listedIds = async () => ((await merchantGet(stack.bffUrl, '/v1/merchant/webhook-endpoints')).body.items as Array<{ id: string }>).map((endpoint) => endpoint.id);

function fieldsOf(answer: { status: number; body: any }): string[] {
  expect(answer.status).toBe(400);
  return answer.body.errors.map((error: { path: string }) => error.path);
}

test('an expiry in the past, or not a date-time, is refused naming expiresAt', async () => {
  expect(fieldsOf(await merchantPost(stack.bffUrl, '/v1/merchant/webhook-endpoints', { url: hooks.url, expiresAt: inSeconds(-1) }))).toEqual(['expiresAt']);
  expect(fieldsOf(await merchantPost(stack.bffUrl, '/v1/merchant/webhook-endpoints', { url: hooks.url, expiresAt: 'tomorrow' }))).toEqual(['expiresAt']);
});

test('renewed, an endpoint outlives its first expiry; unrenewed, it lapses and stays gone', async () => {
  const created = await merchantPost(stack.bffUrl, '/v1/merchant/webhook-endpoints', { url: hooks.url, expiresAt: inSeconds(600) });
  expect(created.status).toBe(201);
  const { id } = created.body;
  expect(Date.parse(created.body.expiresAt)).toBe(Date.parse(inSeconds(600)));
  clock.advance(300_000);
  const renewed = await merchantPost(stack.bffUrl, `/v1/merchant/webhook-endpoints/${id}/expiry`, { expiresAt: inSeconds(600) });
  expect(renewed.status).toBe(200);
  expect(Date.parse(renewed.body.expiresAt)).toBe(Date.parse(inSeconds(600)));
  expect(fieldsOf(await merchantPost(stack.bffUrl, `/v1/merchant/webhook-endpoints/${id}/expiry`, { expiresAt: inSeconds(0) }))).toEqual(['expiresAt']);
  clock.advance(400_000);
  expect(await listedIds()).toContain(id);
  clock.advance(200_001);
  expect(await listedIds()).not.toContain(id);
  expect((await merchantPost(stack.bffUrl, `/v1/merchant/webhook-endpoints/${id}/expiry`, { expiresAt: inSeconds(600) })).status).toBe(404);
  expect((await merchantPost(stack.bffUrl, `/v1/merchant/webhook-endpoints/${id}/rotate-secret`, { overlapSeconds: 0 })).status).toBe(404);
});
