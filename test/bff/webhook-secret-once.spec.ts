// A webhook endpoint's secret is answered once. Replaying the request's Idempotency-Key (a retry,
// or someone who learnt the key) answers the endpoint again, never its secret, and the idempotency
// table never holds one.
import { expect, test } from '../support/node-test.ts';
import { merchantSecret, startSystem, type System } from '../support/system.ts';

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem({ mode: 'listening' });
});
test.afterAll(async () => {
  await stack?.close();
});

async function postKeyed(path: string, body: unknown, key: string) {
  const response = await fetch(`${stack.bffUrl}/v1/merchant${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${merchantSecret}`, 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

async function storedAnswers(): Promise<string> {
  const rows = await stack.bff.store.db.selectFrom('idempotency').select('response_body').execute();
  return rows.map((row) => row.response_body ?? '').join('\n');
}

test('replaying the creation key after the endpoint was deleted answers the endpoint without its secret', async () => {
  const key = crypto.randomUUID();
  const request = { url: 'http://127.0.0.1:9/hooks' };
  const created = await postKeyed('/webhook-endpoints', request, key);
  expect(created.status).toBe(201);
  expect(created.body.secret).toMatch(/^whsec_/);
  const deleted = await fetch(`${stack.bffUrl}/v1/merchant/webhook-endpoints/${created.body.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${merchantSecret}` } });
  expect(deleted.status).toBe(204);

  const replay = await postKeyed('/webhook-endpoints', request, key);
  expect(replay.status).toBe(201);
  expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
  expect(replay.body).toMatchObject({ id: created.body.id, secretShownOnce: true });
  expect(replay.body).not.toHaveProperty('secret');
  expect(await storedAnswers()).not.toContain(created.body.secret);
});

test('replaying a rotation key answers the endpoint without the new secret', async () => {
  const created = await postKeyed('/webhook-endpoints', { url: 'http://127.0.0.1:9/rotated' }, crypto.randomUUID());
  const key = crypto.randomUUID();
  const rotated = await postKeyed(`/webhook-endpoints/${created.body.id}/rotate-secret`, { overlapSeconds: 60 }, key);
  expect(rotated.status).toBe(200);
  expect(rotated.body.secret).toMatch(/^whsec_/);

  const replay = await postKeyed(`/webhook-endpoints/${created.body.id}/rotate-secret`, { overlapSeconds: 60 }, key);
  expect(replay.status).toBe(200);
  expect(replay.body).toMatchObject({ id: created.body.id, secretShownOnce: true });
  expect(replay.body).not.toHaveProperty('secret');
  expect(await storedAnswers()).not.toContain(rotated.body.secret);
});
