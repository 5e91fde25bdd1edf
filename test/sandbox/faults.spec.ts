import { expect, test } from '../support/node-test.ts';
import { bankErrorResponse } from '../../contract/bank/index.ts';
import { consultResponse, gatewayFailure } from '../../contract/gateway/index.ts';
import { sandboxDefaults } from '../../sandbox/defaults.ts';
import { payOrder } from './support/payments.ts';
import { cards, merchant, startSandboxUnderTest, type SandboxUnderTest } from './support/sandbox-under-test.ts';

let sandbox: SandboxUnderTest;
test.beforeEach(async () => {
  sandbox = await startSandboxUnderTest();
});
test.afterEach(() => sandbox.close());

const consult = (orderNumber = 'ORD-1') => sandbox.post('/api/v1/consult', { key: merchant.apiKey, orderNumber, merchantId: '' });

test('call counters count per operation and per orderNumber, and reset', async () => {
  await payOrder(sandbox, 'C1', cards.approved);
  await consult('C1');
  await consult('C1');
  await consult('C2');
  expect(await sandbox.control.calls('processPayment')).toBe(1);
  expect(await sandbox.control.calls('processPayment', 'C1')).toBe(1);
  expect(await sandbox.control.calls('consult')).toBe(3);
  expect(await sandbox.control.calls('consult', 'C1')).toBe(2);
  expect(await sandbox.control.calls('hostedPagePay', 'C1')).toBe(1);
  expect(await sandbox.control.callLog('consult', 'C1')).toHaveLength(2);
  await sandbox.control.resetCalls();
  expect(await sandbox.control.calls('consult')).toBe(0);
});

test('http5xx answers the status for the next N calls, then the operation recovers', async () => {
  await sandbox.control.injectFault({ operation: 'consult', kind: 'http5xx', status: 502, count: 2 });
  expect((await consult()).status).toBe(502);
  expect((await consult()).status).toBe(502);
  expect((await consult()).status).toBe(200);
  // Faulted calls still count: the caller did reach the sandbox.
  expect(await sandbox.control.calls('consult')).toBe(3);
});

test('a fault on one operation leaves the others alone; clearFaults removes it', async () => {
  await sandbox.control.injectFault({ operation: 'processPayment', kind: 'http5xx' });
  expect((await consult()).status).toBe(200);
  await sandbox.control.clearFaults();
  await payOrder(sandbox, 'AFTER-CLEAR', cards.approved);
});

test('malformedJson answers 200 with a body that does not parse', async () => {
  await sandbox.control.injectFault({ operation: 'consult', kind: 'malformedJson', count: 1 });
  const response = await consult();
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/json');
  await expect(response.json()).rejects.toThrow();
});

test('bodyFailure answers HTTP 200 with a failure type and message', async () => {
  await sandbox.control.injectFault({ operation: 'consult', kind: 'bodyFailure', type: '402', message: 'Temporarily unavailable', count: 1 });
  const response = await consult();
  expect(response.status).toBe(200);
  expect(gatewayFailure.parse(await response.json())).toEqual({ type: '402', message: 'Temporarily unavailable' });
});

test('expireToken expires every token now: the call gets 401 and a new login works', async () => {
  await sandbox.control.injectFault({ operation: 'consult', kind: 'expireToken', count: 1 });
  expect((await consult()).status).toBe(401);
  await sandbox.login();
  consultResponse.parse(await (await consult()).json());
});

test('latency delays the answer past a client timeout; a shorter one then answers normally', async () => {
  await sandbox.control.injectFault({ operation: 'consult', kind: 'latency', latencyMs: 60_000, count: 1 });
  const timedOut = await fetch(`${sandbox.url}/api/v1/consult`, { method: 'POST', body: '{}', signal: AbortSignal.timeout(1000) }).catch((e: unknown) => e);
  expect((timedOut as Error).name).toBe('TimeoutError');
  await sandbox.control.injectFault({ operation: 'consult', kind: 'latency', latencyMs: 50, count: 1 });
  consultResponse.parse(await (await consult()).json());
  expect(await sandbox.control.calls('consult')).toBe(2);
});

test('hang never answers; the client gives up with its own timeout and the sandbox stays usable', async () => {
  await sandbox.control.injectFault({ operation: 'consult', kind: 'hang', count: 1 });
  const error = await fetch(`${sandbox.url}/api/v1/consult`, { method: 'POST', body: '{}', signal: AbortSignal.timeout(1000) }).catch((e: unknown) => e);
  expect((error as Error).name).toBe('TimeoutError');
  expect((await consult()).status).toBe(200);
});

test('probability is drawn from the seed: same seed, same hits', async () => {
  const pattern = async (s: SandboxUnderTest) => {
    await s.control.injectFault({ operation: 'consult', kind: 'http5xx', probability: 0.5 });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await s.post('/api/v1/consult', { key: merchant.apiKey, orderNumber: 'P', merchantId: '' })).status);
    return statuses;
  };
  const other = await startSandboxUnderTest();
  try {
    const a = await pattern(sandbox);
    expect(a).toContain(503);
    expect(a).toContain(200);
    expect(await pattern(other)).toEqual(a);
  } finally {
    await other.close();
  }
});

test('bank operations take faults too, answered with the bank envelope', async () => {
  await sandbox.control.injectFault({ operation: 'bank.features', kind: 'bodyFailure', count: 1 });
  const response = await fetch(`${sandbox.url}/banking/api/public/v1/webhook/features`, { headers: { Authorization: `Bearer ${sandboxDefaults.bankAccessToken}` } });
  expect(response.status).toBe(503);
  expect(((await response.json()) as { response_code: string }).response_code).toBe('SERVICE_UNAVAILABLE');
});

test('bank operations answer injected statuses with their §7 error envelope, 429 included', async () => {
  await sandbox.control.injectFault({ operation: 'bank.eventContract', kind: 'http5xx', status: 429, count: 1 });
  await sandbox.control.injectFault({ operation: 'bank.createDestination', kind: 'http5xx', status: 500, count: 1 });
  const headers = { Authorization: `Bearer ${sandboxDefaults.bankAccessToken}`, 'X-Correlation-Id': 'corr-7' };
  const limited = await fetch(`${sandbox.url}/banking/api/public/v1/webhook/event-contracts/payin.posted`, { headers });
  expect(limited.status).toBe(429);
  expect(bankErrorResponse.parse(await limited.json())).toMatchObject({ response_code: 'TOO_MANY_REQUESTS', correlation_id: 'corr-7' });
  const broken = await fetch(`${sandbox.url}/banking/api/public/v1/webhook/destination`, { method: 'POST', headers, body: '{}' });
  expect(broken.status).toBe(500);
  expect(bankErrorResponse.parse(await broken.json()).response_code).toBe('INTERNAL_ERROR');
});

test('an invalid fault spec is refused', async () => {
  await expect(sandbox.control.injectFault({ operation: 'consult', kind: 'explode' as never })).rejects.toThrow(/400/);
  await expect(sandbox.control.injectFault({ operation: 'consult', kind: 'http5xx', status: 404 })).rejects.toThrow(/400/);
});

test('the control API lets loopback pages call it cross-origin, and no other origin', async () => {
  const preflight = (origin: string) =>
    fetch(`${sandbox.url}/_sandbox/bank/events`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } });
  expect((await preflight('http://127.0.0.1:5173')).headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
  expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
});
