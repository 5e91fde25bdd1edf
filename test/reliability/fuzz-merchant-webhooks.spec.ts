// fast-check fuzzing of the merchant webhook endpoints (/v1/merchant/webhook-endpoints and
// /v1/merchant/webhook-deliveries), in-process: ≥ 1,000 cases each, with the secret or without,
// against a real endpoint and a real delivery; never a 5xx, errors always problem+json.
import fc from 'fast-check';
import { expect, test } from '../support/node-test.ts';
import { merchantSecret, shopOrigin } from '../support/system.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../bff/fixtures/webhook-receiver.ts';
import { recordOutboundEvent } from '../../bff/outbox/outbox-writer.ts';
import { recordFigures } from './support/figures.ts';
import { bodyFor, fuzzEndpoint, headersFor, queryFor, segment, type EndpointFuzz, type FuzzRequest, type FuzzStats } from './support/fuzz.ts';
import { startInProcessBff, type InProcessBff } from './support/in-process-bff.ts';

let bff: InProcessBff;
let hooks: WebhookReceiver;
let endpointId: string;
let deliveryId: string;
const stats: Record<string, FuzzStats> = {};

const merchantJson = { Authorization: `Bearer ${merchantSecret}`, 'Content-Type': 'application/json' };

// Up to five minutes a test in whichever project runs this file (`npm test` runs it in one project with the bff suites).
test.describe.configure({ timeout: 300_000 });
test.beforeAll(async () => {
  hooks = await startWebhookReceiver();
  bff = await startInProcessBff();
  const created = await bff.app.request('/v1/merchant/webhook-endpoints', { method: 'POST', headers: merchantJson, body: JSON.stringify({ url: hooks.url }) });
  expect(created.status).toBe(201);
  endpointId = ((await created.json()) as { id: string }).id;
  // One event in the outbox (as a change would write it), delivered to the endpoint: a real delivery to replay.
  await recordOutboundEvent(bff.store.db, 'bank.payment.succeeded', { paymentId: 'fuzz', publicId: '1', method: 'SINPE_MOVIL', status: 'confirmed', amount: '1.00', currency: 'CRC', clientReference: null, externalReference: null, orderNumber: null, failure: null, updatedAt: new Date().toISOString() }, new Date().toISOString());
  await bff.deliveries.drain();
  const page = await bff.app.request('/v1/merchant/webhook-deliveries', { headers: merchantJson });
  deliveryId = ((await page.json()) as { items: Array<{ id: string }> }).items[0]?.id ?? 'dlv_none';
});

test.afterAll(async () => {
  await recordFigures('fuzz-merchant-webhooks', stats);
  await bff?.close();
  await hooks?.close();
});

function endpoints(): EndpointFuzz[] {
  const headers = headersFor({ bearer: [merchantSecret, merchantSecret, merchantSecret, `${merchantSecret}x`], origins: [shopOrigin, shopOrigin, 'https://evil.example'] });
  const request = (method: string, path: fc.Arbitrary<string>, template?: unknown): fc.Arbitrary<FuzzRequest> =>
    template === undefined
      ? fc.record({ method: fc.constant(method), path, headers })
      : fc.record({ method: fc.constant(method), path, headers, body: bodyFor(template) });
  const endpoint = segment(endpointId, 'env', 'ep_nope');
  return [
    { name: 'POST /v1/merchant/webhook-endpoints', request: request('POST', fc.constant('/v1/merchant/webhook-endpoints'), { url: hooks.url, eventTypes: ['order.approved', 'link.paid'], description: 'fuzz' }) },
    { name: 'GET /v1/merchant/webhook-endpoints', request: request('GET', fc.constant('/v1/merchant/webhook-endpoints')) },
    { name: 'POST /v1/merchant/webhook-endpoints/{id}/rotate-secret', request: request('POST', endpoint.map((id) => `/v1/merchant/webhook-endpoints/${id}/rotate-secret`), { overlapSeconds: 60 }) },
    { name: 'DELETE /v1/merchant/webhook-endpoints/{id}', request: request('DELETE', segment('ep_nope', 'env', '').map((id) => `/v1/merchant/webhook-endpoints/${id}`)) },
    {
      name: 'GET /v1/merchant/webhook-deliveries',
      request: request('GET', queryFor(['state', 'type', 'endpoint', 'limit', 'cursor'], { state: fc.constantFrom('dead', 'delivered', 'nope'), type: fc.constantFrom('order.approved', 'order.paid') }).map((q) => `/v1/merchant/webhook-deliveries${q}`)),
    },
    { name: 'POST /v1/merchant/webhook-deliveries/{id}/replay', request: request('POST', segment(deliveryId, 'dlv_nope').map((id) => `/v1/merchant/webhook-deliveries/${id}/replay`)) },
  ];
}

test('every merchant webhook endpoint: 1,000+ fuzzed requests each, never a 5xx, errors in problem+json', async () => {
  let seed = 9000;
  for (const endpoint of endpoints()) {
    seed++;
    stats[endpoint.name] = await fuzzEndpoint(bff.app, endpoint, seed, () => bff.logText().split('\n').slice(-3).join('\n'));
    expect(stats[endpoint.name]!.cases).toBeGreaterThanOrEqual(1000);
  }
});
