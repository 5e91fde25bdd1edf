// POST /v1/webhooks/banking: decrypt, validate, store in the inbox, 2xx after the
// commit; every rejection is the same 400, logged without plaintext, counted and recorded.
import { expect, test } from '../support/node-test.ts';
import { encryptDelivery } from '../../node/bank-delivery-codec.ts';
import { bankEvent, capturingLogger, currentSecret, deliveryBody, eventState, metricsText, polling, postBank, previousSecret, tables } from './webhooks-support.ts';
import { type System, startSystem } from '../support/system.ts';

let stack: System;
const log = capturingLogger();

test.beforeAll(async () => {
  stack = await startSystem({ bank: true,  logger: log.logger });
});
test.afterAll(async () => {
  await stack.close();
});

const flipBit = (base64: string, byteIndex: number) => {
  const bytes = Buffer.from(base64, 'base64');
  bytes[byteIndex] = (bytes[byteIndex] ?? 0) ^ 0x01;
  return bytes.toString('base64');
};

/** Sent in chunks without a Content-Length (Transfer-Encoding: chunked), as some senders do. */
const postChunked = (body: string) =>
  fetch(`${stack.bffUrl}/v1/webhooks/banking`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: new ReadableStream({
      start(controller) {
        for (let at = 0; at < body.length; at += 1000) controller.enqueue(new TextEncoder().encode(body.slice(at, at + 1000)));
        controller.close();
      },
    }),
    duplex: 'half',
  } as RequestInit);

test('a delivery sent in chunks is read and stored like any other; chunks past the body limit get 413', async () => {
  const event = bankEvent('payin.posted');
  expect((await postChunked(await deliveryBody(event))).status).toBe(200);
  const row = await tables(stack.bff).selectFrom('events').select('external_id').where('external_id', '=', event.event.event_id).executeTakeFirst();
  expect(row?.external_id).toBe(event.event.event_id);

  const oversized = await postChunked(JSON.stringify({ data: 'A'.repeat(70 * 1024) }));
  expect(oversized.status).toBe(413);
  expect(oversized.headers.get('content-type')).toContain('application/problem+json');
  const declared = await postBank(stack.bffUrl, JSON.stringify({ data: 'A'.repeat(70 * 1024) }));
  expect(declared.status).toBe(413);
});

test('every answer of the receiver carries its request id and the security headers: the acknowledgement, a duplicate, a refusal, a body past the limit', async () => {
  const post = (body: string, requestId?: string) =>
    fetch(`${stack.bffUrl}/v1/webhooks/banking`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(requestId ? { 'X-Request-Id': requestId } : {}) }, body });
  const delivery = await deliveryBody(bankEvent('payin.posted'));
  const answers = [
    { name: 'acknowledged', response: await post(delivery, 'bank-ack.1'), status: 200, id: 'bank-ack.1' },
    { name: 'duplicate', response: await post(delivery), status: 200 },
    { name: 'refused', response: await post(JSON.stringify({ data: 'not base64!' }), 'bank-refused.1'), status: 400, id: 'bank-refused.1' },
    { name: 'too large', response: await post(JSON.stringify({ data: 'A'.repeat(70 * 1024) })), status: 413 },
    { name: 'unsafe id replaced', response: await post(await deliveryBody(bankEvent('payin.posted')), 'bad id\r\n'), status: 200 },
  ];
  const ids = new Set<string>();
  for (const { name, response, status, id } of answers) {
    expect(response.status, name).toBe(status);
    const echoed = response.headers.get('x-request-id')!;
    if (id) expect(echoed, name).toBe(id);
    else expect(echoed, name).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    ids.add(echoed);
    expect(response.headers.get('x-content-type-options'), name).toBe('nosniff');
    expect(response.headers.get('x-frame-options'), name).toBe('SAMEORIGIN');
    expect(response.headers.get('strict-transport-security'), name).toBe('max-age=15552000; includeSubDomains');
    expect(response.headers.get('referrer-policy'), name).toBe('no-referrer');
    expect(response.headers.get('content-type'), name).toContain(status === 200 ? 'application/json' : 'application/problem+json');
  }
  expect(ids.size).toBe(answers.length);
  expect(await answers[0]!.response.json()).toEqual({ received: true });
  // The request line of the acknowledgement names its id, as every request line does.
  await expect.poll(() => log.lines.some((line) => line.includes('"msg":"request"') && line.includes('"requestId":"bank-ack.1"') && line.includes('"status":200'))).toBe(true);
});

test('a valid delivery is acknowledged after it is stored, then processed by the worker', async () => {
  const event = bankEvent('payin.posted');
  const response = await postBank(stack.bffUrl, await deliveryBody(event));
  expect(response.status).toBe(200);
  // Acknowledged means committed: the row is there as soon as the answer is.
  const row = await tables(stack.bff).selectFrom('events').selectAll().where('external_id', '=', event.event.event_id).executeTakeFirst();
  expect(row?.source).toBe('bank');
  expect(row?.type).toBe('payin.posted');
  await expect.poll(() => eventState(stack.bff, event.event.event_id), polling('the event to be processed')).toBe('processed');
  const payment = await tables(stack.bff).selectFrom('bank_payments').selectAll().where('payment_id', '=', event.payment.payment_id).executeTakeFirstOrThrow();
  expect(payment.status).toBe('posted');
  expect(payment.direction).toBe('PAYIN');
});

test('a delivery encrypted with the previous secret (key rotation) is accepted', async () => {
  const event = bankEvent('payment.succeeded');
  const response = await postBank(stack.bffUrl, await deliveryBody(event, previousSecret));
  expect(response.status).toBe(200);
  await expect
    .poll(() => tables(stack.bff).selectFrom('bank_payments').select('payment_id').where('payment_id', '=', event.payment.payment_id).executeTakeFirst(), polling('the payment row'))
    .toBeDefined();
});

test.describe('rejections', () => {
  const valid = () => bankEvent('payment.failed');
  const cases: Array<{ reason: string; body: () => Promise<string> }> = [
    { reason: 'bad_base64', body: async () => JSON.stringify({ data: 'not*base64!' }) },
    { reason: 'too_short', body: async () => JSON.stringify({ data: Buffer.alloc(27, 7).toString('base64') }) },
    { reason: 'auth_failed', body: async () => deliveryBody(valid(), 'some-other-secret') },
    {
      reason: 'auth_failed',
      body: async () => JSON.stringify({ data: flipBit(await encryptDelivery(JSON.stringify(valid()), currentSecret), 20) }),
    },
    { reason: 'not_json', body: async () => JSON.stringify({ data: await encryptDelivery('{"schema_version": "1.0.0", oops', currentSecret) }) },
    // An authentic JSON object is kept even when our contract cannot read it (unreadable-bank-deliveries.spec.ts);
    // JSON that is no object is no event of any version.
    { reason: 'schema', body: async () => deliveryBody([bankEvent('payment.succeeded')]) },
    { reason: 'malformed_body', body: async () => JSON.stringify({ payload: 'x' }) },
  ];

  const names = ['bad base64', 'data shorter than 28 bytes', 'wrong key', 'flipped bit', 'plaintext not JSON', 'plaintext JSON but not an object', 'body without data'];
  cases.forEach((testCase, index) => {
    test(`${names[index]} → the generic 400, recorded as ${testCase.reason}, never stored`, async () => {
      const body = await testCase.body();
      const before = await tables(stack.bff).selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rejectedBefore = await tables(stack.bff).selectFrom('rejected_deliveries').select('id').execute();
      const response = await postBank(stack.bffUrl, body);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      // The same answer whatever went wrong: it tells a prober nothing.
      expect(await response.json()).toEqual({
        type: 'urn:svc-checkout:problem:validation',
        title: 'Bad request',
        status: 400,
        detail: 'The delivery could not be accepted.',
        errors: [],
      });
      const after = await tables(stack.bff).selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
      const rejected = await tables(stack.bff).selectFrom('rejected_deliveries').selectAll().orderBy('id', 'desc').execute();
      expect(rejected.length).toBe(rejectedBefore.length + 1);
      expect(rejected[0]?.reason).toBe(testCase.reason);
      expect(rejected[0]?.body_bytes).toBe(Buffer.byteLength(body));
      expect(rejected[0]?.body_sha256).toMatch(/^[0-9a-f]{64}$/);
    });
  });

  test('rejections are counted by reason in /metrics and logged without plaintext', async () => {
    const secretPayer = 'Plaintext Payer Name 4f1d';
    const event = bankEvent('payin.posted', (e) => {
      e.payment.origin_client_name = secretPayer;
    });
    expect((await postBank(stack.bffUrl, await deliveryBody([event]))).status).toBe(400);
    expect((await postBank(stack.bffUrl, await deliveryBody(event, 'wrong-secret'))).status).toBe(400);
    const metrics = await metricsText(stack.bffUrl);
    for (const reason of ['bad_base64', 'too_short', 'auth_failed', 'not_json', 'schema']) {
      expect(metrics).toMatch(new RegExp(`webhook_rejections_total\\{source="bank",reason="${reason}"\\} [1-9]`));
    }
    const logged = log.text();
    expect(logged).toContain('webhook delivery rejected');
    expect(logged).toContain('"reason":"schema"');
    expect(logged).not.toContain(secretPayer);
    expect(logged).not.toContain(event.payment.payment_id);
    expect(logged).not.toContain(currentSecret);
    // The table keeps a hash and a size, never the plaintext.
    const rows = await tables(stack.bff).selectFrom('rejected_deliveries').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(secretPayer);
    expect(rows.find((row) => row.reason === 'schema')).toBeTruthy();
  });
});

test('a duplicate delivery is acknowledged but stored and processed once', async () => {
  const event = bankEvent('payment.reversed');
  // The bank's retry re-encrypts with a new nonce: a different body, the same event_id.
  const first = await postBank(stack.bffUrl, await deliveryBody(event));
  const second = await postBank(stack.bffUrl, await deliveryBody(event));
  expect([first.status, second.status]).toEqual([200, 200]);
  await expect
    .poll(() => tables(stack.bff).selectFrom('events').select('state').where('external_id', '=', event.event.event_id).execute(), polling('one processed row'))
    .toEqual([{ state: 'processed' }]);
  const third = await postBank(stack.bffUrl, await deliveryBody(event));
  expect(third.status).toBe(200);
  const rows = await tables(stack.bff).selectFrom('events').selectAll().where('external_id', '=', event.event.event_id).execute();
  expect(rows).toHaveLength(1);
  expect(rows[0]?.state).toBe('processed');
  expect(await metricsText(stack.bffUrl)).toMatch(/webhook_deliveries_total\{source="bank",outcome="duplicate"\} [2-9]/);
});

test('20 concurrent copies of one delivery → all 2xx, one row, one processing', async () => {
  const event = bankEvent('payment.succeeded');
  const bodies = await Promise.all(Array.from({ length: 20 }, () => deliveryBody(event)));
  const processedBefore = processedCount(await metricsText(stack.bffUrl));
  const responses = await Promise.all(bodies.map((body) => postBank(stack.bffUrl, body)));
  expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
  const rows = await tables(stack.bff).selectFrom('events').selectAll().where('external_id', '=', event.event.event_id).execute();
  expect(rows).toHaveLength(1);
  await expect.poll(() => eventState(stack.bff, event.event.event_id), polling('processed')).toBe('processed');
  expect(processedCount(await metricsText(stack.bffUrl)) - processedBefore).toBe(1);
});

function processedCount(metrics: string): number {
  const match = /inbox_events_total\{source="bank",outcome="processed"\} (\d+)/.exec(metrics);
  return match ? Number(match[1]) : 0;
}
