// The merchant's event log (GET /v1/merchant/webhook-events): what a receiver got, found by the
// webhook-id it got, byte for byte the same type, timestamp and data, with every delivery attempt;
// filtered by type and order, paged. The inbound log (GET /v1/merchant/events) is another thing.
import { randomBytes } from 'node:crypto';
import { expect, test } from '../support/node-test.ts';
import { placedOrder } from './fixtures/placed-order.ts';
import { eventsOf, startWebhookReceiver, type WebhookReceiver } from './fixtures/webhook-receiver.ts';
import { merchantGet } from './webhooks-support.ts';
import { type System, startSystem } from '../support/system.ts';

let stack: System;
let hooks: WebhookReceiver;

test.beforeEach(async () => {
  hooks = await startWebhookReceiver();
  stack = await startSystem({ bank: true, 
    env: { MERCHANT_WEBHOOK_URL: hooks.url, MERCHANT_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64')}`, MERCHANT_WEBHOOK_POLL_MS: '100' },
  });
});
test.afterEach(async () => {
  await stack.close();
  await hooks.close();
});

test('an event found by the webhook-id the receiver got is exactly what it received, with its delivery', async () => {
  const orderNumber = (await placedOrder(stack.bff)).orderNumber;
  await hooks.waitFor((received) => eventsOf(received, 'order.approved', (data) => data.orderNumber === orderNumber).length === 1, 'order.approved');
  const [received] = eventsOf(hooks.received, 'order.approved', (data) => data.orderNumber === orderNumber);
  const webhookId = received!.headers['webhook-id'] as string;

  // The receiver has the POST; the worker records its answer once the send ends: drain waits for it.
  await stack.bff.deliveries.drain();
  const event = (await merchantGet(stack.bffUrl, `/v1/merchant/webhook-events/${webhookId}`)).body;
  const { id, deliveries, ...body } = event;
  expect(id).toBe(webhookId);
  expect(body).toEqual(JSON.parse(received!.body));
  expect(deliveries).toEqual([expect.objectContaining({ webhookId, endpointId: 'env', state: 'delivered', attempts: [expect.objectContaining({ statusCode: 204 })] })]);

  // The same event in the list, by order and by type.
  const byOrder = await merchantGet(stack.bffUrl, `/v1/merchant/webhook-events?orderNumber=${orderNumber}`);
  expect(byOrder.body.items.map((item: { id: string }) => item.id)).toEqual([webhookId]);
  expect(byOrder.body.items[0]).toEqual(event);
  const byType = await merchantGet(stack.bffUrl, '/v1/merchant/webhook-events?type=order.declined');
  expect(byType.body.items).toEqual([]);
});

test('the list pages newest first with a cursor, every event once', async () => {
  const orders = [(await placedOrder(stack.bff)).orderNumber, (await placedOrder(stack.bff)).orderNumber, (await placedOrder(stack.bff)).orderNumber];
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { status: number; body: any } = await merchantGet(stack.bffUrl, `/v1/merchant/webhook-events?type=order.approved&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.status).toBe(200);
    expect(page.body.items.length).toBeLessThanOrEqual(2);
    seen.push(...page.body.items.map((item: any) => item.data.orderNumber));
    cursor = page.body.nextCursor;
  } while (cursor);
  expect(seen).toEqual([...orders].reverse());
});

test('an unknown webhook-id is a 404, a bad filter or cursor a 400 naming the field, all problem+json', async () => {
  const missing = await fetch(`${stack.bffUrl}/v1/merchant/webhook-events/msg_nope`, { headers: { Authorization: `Bearer ${stack.env.MERCHANT_SECRET}` } });
  expect(missing.status).toBe(404);
  expect(missing.headers.get('content-type')).toContain('application/problem+json');
  for (const [query, field] of [['type=order.shipped', 'type'], ['limit=0', 'limit'], ['limit=five', 'limit'], ['cursor=not-ours', 'cursor'], ['color=red', 'color']]) {
    const refused = await fetch(`${stack.bffUrl}/v1/merchant/webhook-events?${query}`, { headers: { Authorization: `Bearer ${stack.env.MERCHANT_SECRET}` } });
    expect(refused.status, query).toBe(400);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(((await refused.json()) as any).errors.map((error: { path: string }) => error.path)).toContain(field);
  }
  const anonymous = await fetch(`${stack.bffUrl}/v1/merchant/webhook-events`);
  expect(anonymous.status).toBe(401);
});

test('the event log and the shop’s keys are in /v1/openapi.json', async () => {
  const document = (await (await fetch(`${stack.bffUrl}/v1/openapi.json`)).json()) as any;
  expect(document.paths['/v1/merchant/webhook-events'].get.operationId).toBe('listWebhookEvents');
  expect(document.paths['/v1/merchant/webhook-events/{id}'].get.operationId).toBe('getWebhookEvent');
  const sessionBody = JSON.stringify(document.components.schemas.MerchantSessionRequest);
  expect(sessionBody).toContain('metadata');
  expect(sessionBody).toContain('clientReference');
  expect(JSON.stringify(document.paths['/v1/merchant/orders'].get.parameters)).toContain('clientReference');
});
