// The typed gateway client against the sandbox over real HTTP: every operation, the token cache,
// one re-login on 401, retries for reads only, typed body failures, timeouts.
import { expect, test } from '../support/node-test.ts';
import type { GatewayClient } from '../../bff/gateway/client.ts';
import { GatewayError, GatewayUnavailableError } from '../../bff/gateway/errors.ts';
import { AppMetrics } from '../../bff/lib/observability/metrics.ts';
import { formatGatewayDateTime } from '../../bff/gateway/date-time.ts';
import { startSandbox } from '../../sandbox/server.ts';
import { SandboxControl } from '../../sandbox/control-client.ts';
import type { RunningServer } from '../../node/serve-app.ts';
import { approvingCard } from './fixtures/buyer.ts';
import { demoMerchantClient, gatewayBuyer } from './fixtures/gateway-client.ts';
import { refusedUrl } from './fixtures/closed-port.ts';

let sandboxServer: RunningServer;
let sandbox: SandboxControl;
test.beforeAll(async () => {
  sandboxServer = await startSandbox({ SANDBOX_PORT: '0' });
  sandbox = new SandboxControl(sandboxServer.url);
});
test.afterAll(async () => {
  await sandboxServer?.close();
});
test.afterEach(async () => {
  await sandbox.clearFaults();
});

function client(overrides: { baseUrl?: string; timeoutMs?: number; metrics?: AppMetrics } = {}) {
  return demoMerchantClient(overrides.baseUrl ?? sandboxServer.url, overrides);
}

const buyer = gatewayBuyer;

async function paidOrder(gateway: GatewayClient, capture: '0' | '1', amount = '100.00') {
  const orderNumber = `GW-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const created = await gateway.processPayment({
    ...buyer, redirect: 'http://127.0.0.1:1/v1/return', amount, currency: 'USD', orderNumber, capture,
    subscription: '0', platform: 'test', hashVersion: 'V2',
  });
  await sandbox.payHostedPage(created.url, { card: approvingCard });
  return orderNumber;
}

test('a 401 mid-flight causes exactly one new login, shared by concurrent calls', async () => {
  const gateway = client();
  await gateway.consult('NOTHING-1');
  await sandbox.resetCalls();
  await sandbox.expireTokens();
  const results = await Promise.all(Array.from({ length: 10 }, (_, i) => gateway.consult(`NOTHING-${i}`)));
  expect(results.every((records) => Array.isArray(records))).toBe(true);
  expect(await sandbox.calls('login')).toBe(1);
});

test('the API token is cached: many calls, one login', async () => {
  const gateway = client();
  await sandbox.resetCalls();
  for (let i = 0; i < 5; i++) await gateway.consult('CACHE-TEST');
  expect(await sandbox.calls('login')).toBe(1);
  expect(await sandbox.calls('consult')).toBe(5);
});

test('reads are retried after a 5xx and after a timeout', async () => {
  const gateway = client({ timeoutMs: 400 });
  await gateway.consult('WARM');
  await sandbox.resetCalls();
  await sandbox.injectFault({ operation: 'consult', kind: 'http5xx', count: 1 });
  await expect(gateway.consult('RETRY-5XX')).resolves.toEqual([]);
  expect(await sandbox.calls('consult', 'RETRY-5XX')).toBe(2);
  await sandbox.injectFault({ operation: 'consult', kind: 'hang', count: 1 });
  await expect(gateway.consult('RETRY-HANG')).resolves.toEqual([]);
  expect(await sandbox.calls('consult', 'RETRY-HANG')).toBe(2);
});

test('reads give up after their retries with a typed unavailable error', async () => {
  const gateway = client();
  await gateway.consult('WARM');
  await sandbox.injectFault({ operation: 'consult', kind: 'http5xx' });
  const error = await gateway.consult('ALWAYS-5XX').catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(GatewayUnavailableError);
  expect(error).toMatchObject({ operation: 'consult', kind: 'http', httpStatus: 503 });
  expect(await sandbox.calls('consult', 'ALWAYS-5XX')).toBe(3);
});

test('processPayment is never retried, even after a 5xx', async () => {
  const gateway = client();
  await gateway.consult('WARM');
  await sandbox.injectFault({ operation: 'processPayment', kind: 'http5xx', count: 1 });
  const error = await gateway
    .processPayment({ ...buyer, redirect: 'http://127.0.0.1:1/r', amount: '1.00', currency: 'USD', orderNumber: 'NO-RETRY-1', capture: '1', subscription: '0', platform: 'test' })
    .catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(GatewayUnavailableError);
  expect((error as GatewayUnavailableError).mayHaveExecuted).toBe(true);
  expect(await sandbox.calls('processPayment', 'NO-RETRY-1')).toBe(1);
});

test('processModification is never retried either: a 5xx leaves the capture to be checked, not repeated', async () => {
  const gateway = client();
  const authorised = await paidOrder(gateway, '0', '20.00');
  await sandbox.injectFault({ operation: 'processModification', kind: 'http5xx', count: 1 });
  const error = await gateway.processModification({ orderNumber: authorised, type: '1', amount: '20.00' }).catch((caught: unknown) => caught);
  expect(error).toMatchObject({ kind: 'http', mayHaveExecuted: true });
  expect(await sandbox.calls('processModification', authorised)).toBe(1);
});

test('a failure in the body becomes a GatewayError with type and message, not retried', async () => {
  const metrics = new AppMetrics();
  const gateway = client({ metrics });
  await gateway.consult('WARM');
  await sandbox.injectFault({ operation: 'consult', kind: 'bodyFailure', type: '402', message: 'Merchant disabled', count: 1 });
  const error = await gateway.consult('BODY-FAIL').catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(GatewayError);
  expect(error).toMatchObject({ operation: 'consult', type: '402', message: 'Merchant disabled' });
  expect(await sandbox.calls('consult', 'BODY-FAIL')).toBe(1);
  const exposition = await metrics.registry.metrics();
  expect(exposition).toMatch(/upstream_calls_total\{upstream="gateway",operation="consult",outcome="gateway_error"\} 1/);
  expect(exposition).toMatch(/upstream_calls_total\{upstream="gateway",operation="consult",outcome="ok"\} 1/);
});

test('a malformed answer is an unavailable error, not a crash', async () => {
  const gateway = client();
  await gateway.consult('WARM');
  await sandbox.injectFault({ operation: 'processPayment', kind: 'malformedJson', count: 1 });
  const error = await gateway
    .processPayment({ ...buyer, redirect: 'http://127.0.0.1:1/r', amount: '1.00', currency: 'USD', orderNumber: 'MALFORMED-1', capture: '1', subscription: '0', platform: 'test' })
    .catch((caught: unknown) => caught);
  expect(error).toMatchObject({ kind: 'invalid_response', mayHaveExecuted: true });
});

test('a refused connection is known not to have executed', async () => {
  const gateway = client({ baseUrl: await refusedUrl() });
  const error = await gateway.consult('X').catch((caught: unknown) => caught);
  expect(error).toMatchObject({ kind: 'network', mayHaveExecuted: false });
});

test('the loginSdk token is cached until its expires_in date-time', async () => {
  const gateway = client();
  await sandbox.resetCalls();
  const first = await gateway.loginSdk();
  const second = await gateway.loginSdk();
  expect(second).toEqual(first);
  expect(await sandbox.calls('loginSdk')).toBe(1);
  // Reported with a one-day lifetime (gateway-facts.md): the expiry is the date-time the gateway gave.
  const hoursLeft = (first.expiresAt.getTime() - Date.now()) / 3_600_000;
  expect(hoursLeft).toBeGreaterThan(23);
  expect(hoursLeft).toBeLessThanOrEqual(24);
});

test('every operation is typed and talks to the gateway: modifications, split, transactions, links', async () => {
  const gateway = client();
  const authorised = await paidOrder(gateway, '0', '80.00');
  const records = await gateway.consult(authorised);
  expect(records[0]).toMatchObject({ orderNumber: authorised, code: '1' });

  const capture = await gateway.processModification({ orderNumber: authorised, type: '1', amount: '80.00' });
  expect(['1', '1101']).toContain(capture.ReasonCode);
  const refused = await gateway.processModification({ orderNumber: authorised, type: '2', amount: '500.00' }).catch((caught: unknown) => caught);
  expect(refused).toBeInstanceOf(GatewayError);
  expect((refused as GatewayError).message).toBeTruthy();

  const captured = await paidOrder(gateway, '1', '100.00');
  const split = await gateway.split({ order_id: captured, commerces: [{ email: 'partner@example.com', amount: '30.00' }], lang: 'en' }, 'USD');
  expect(split.response.order_number).toBe(captured);

  const now = new Date();
  const list = await gateway.consultTransactions({
    startDate: formatGatewayDateTime(new Date(now.getTime() - 3_600_000)),
    endDate: formatGatewayDateTime(new Date(now.getTime() + 3_600_000)),
    orderNumber: captured,
  });
  expect(list.some((item) => item.orderNumber === captured)).toBe(true);

  const link = await gateway.createLinkPayment({ amount: '12.50', currency: 'USD', reference: 'REF-1', type: 1, description: 'A link', client: 'Ana' });
  const byId = await gateway.getLinkPaymentById(String(link.id));
  expect(byId.data.url).toBe(link.url);
  const detail = await gateway.getDetailLinkPayment(String(link.id));
  expect(detail.detail.id).toBe(link.id);
  const page = await gateway.getLinkPaymentList(5);
  expect(page.data.payment_link.length).toBeGreaterThan(0);
  const deleted = await gateway.deleteLinkPayment(String(link.id));
  expect(deleted.type).toBe('200');
});
