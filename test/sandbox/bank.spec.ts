import { expect, test } from '../support/node-test.ts';
import {
  bankErrorResponse,
  bankEvent,
  DeliveryRejected,
  deliveryBody,
  destinationCreateResponse,
  eventContractResponse,
  featuresResponse,
  paymentFailedEvent,
  paymentSucceededEvent,
} from '../../contract/bank/index.ts';
import { decryptDelivery, openDelivery } from '../../node/bank-delivery-codec.ts';
import { sandboxDefaults } from '../../sandbox/defaults.ts';
import { startReceiver } from './support/receiver.ts';
import { startSandboxUnderTest, type SandboxUnderTest } from './support/sandbox-under-test.ts';

const token = sandboxDefaults.bankAccessToken;
const secretRef = 'test-secret-ref-0123';
const allFour = ['payin.posted', 'payment.succeeded', 'payment.failed', 'payment.reversed'];

let sandbox: SandboxUnderTest;
test.beforeEach(async () => {
  sandbox = await startSandboxUnderTest({ allowHttpLoopbackWebhooks: true });
});
test.afterEach(() => sandbox.close());

function bank(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  return fetch(`${sandbox.url}/banking/api/public/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

async function featureWithAllFour(): Promise<string> {
  const features = featuresResponse.parse(await (await bank('/webhook/features')).json());
  const feature = features.items.find((f) => allFour.every((type) => f.event_types.includes(type as never)));
  expect(feature).toBeDefined();
  return feature!.id;
}

async function register(webhookUrl: string, extra: Record<string, unknown> = {}) {
  const response = await bank('/webhook/destination', {
    method: 'POST',
    body: { feature_id: await featureWithAllFour(), destination_kind: 'EXTERNAL_WEBHOOK', webhook_url: webhookUrl, secret_ref: secretRef, scope_kind: 'TENANT', ...extra },
  });
  expect(response.status).toBe(201);
  return destinationCreateResponse.parse(await response.json());
}

test.describe('the API', () => {
  test('answers 401 UNAUTHORIZED without the access token, on every operation', async () => {
    for (const [method, path] of [['POST', '/webhook/destination'], ['GET', '/webhook/features'], ['GET', '/webhook/event-contracts/payin.posted']] as const) {
      const response = await bank(path, { method, headers: { Authorization: 'Bearer wrong' }, ...(method === 'POST' ? { body: {} } : {}) });
      expect(response.status).toBe(401);
      expect(bankErrorResponse.parse(await response.json()).response_code).toBe('UNAUTHORIZED');
    }
  });

  test('echoes X-Correlation-Id as correlation_id, and makes one up when absent', async () => {
    const echoed = featuresResponse.parse(await (await bank('/webhook/features', { headers: { 'X-Correlation-Id': 'corr-42' } })).json());
    expect(echoed).toMatchObject({ response_code: 'OK', correlation_id: 'corr-42' });
    const generated = featuresResponse.parse(await (await bank('/webhook/features')).json());
    expect(generated.correlation_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('features filter by payment method and list events of the four public types only', async () => {
    const sinpe = featuresResponse.parse(await (await bank('/webhook/features?payment_method_code=SINPE_MOVIL&country_code=CR')).json());
    expect(sinpe.items).toHaveLength(1);
    expect(sinpe.items[0]!.event_types.sort()).toEqual([...allFour].sort());
    const none = featuresResponse.parse(await (await bank('/webhook/features?webhook_enabled=false')).json());
    expect(none.items).toEqual([]);
    expect((await bank('/webhook/features?tenant_id=abc')).status).toBe(403);
  });

  test('webhook_enabled is a boolean however it is written: 1 and true list, 0 and false do not', async () => {
    for (const value of ['1', 'true', 'TRUE']) {
      const response = await bank(`/webhook/features?webhook_enabled=${value}`);
      expect(response.status, value).toBe(200);
      expect(featuresResponse.parse(await response.json()).items.length, value).toBeGreaterThan(0);
    }
    for (const value of ['0', 'false']) expect(featuresResponse.parse(await (await bank(`/webhook/features?webhook_enabled=${value}`)).json()).items).toEqual([]);
  });

  test('event contracts exist for the four events; payment.status_changed and unknown types are 404 NOT_FOUND', async () => {
    for (const type of allFour) {
      const contract = eventContractResponse.parse(await (await bank(`/webhook/event-contracts/${type}`)).json());
      expect(contract).toMatchObject({ response_code: 'OK', event_type: type, schema_version: '1.0.0' });
      expect(bankEvent.parse(contract.example).event.event_type).toBe(type);
    }
    for (const type of ['payment.status_changed', 'payout.posted', 'nope']) {
      const response = await bank(`/webhook/event-contracts/${type}`);
      expect(response.status).toBe(404);
      expect(bankErrorResponse.parse(await response.json()).response_code).toBe('NOT_FOUND');
    }
  });
});

test.describe('destination create', () => {
  const valid = async () => ({ feature_id: await featureWithAllFour(), destination_kind: 'EXTERNAL_WEBHOOK', webhook_url: 'https://merchant.example/hook', secret_ref: secretRef });
  const uuid = '3f0e8a1c-2b4d-4e6f-8a9b-0c1d2e3f4a5b';

  test('applies the scope rules: each kind sends exactly its fields, omitted not null', async () => {
    const accepted = [
      { scope_kind: 'TENANT' },
      { scope_kind: 'ACCOUNT', scope_account_id: uuid },
      { scope_kind: 'OWNER', scope_owner_type: 'partner', scope_owner_id: uuid },
    ];
    for (const scope of accepted) {
      const response = await bank('/webhook/destination', { method: 'POST', body: { ...(await valid()), ...scope } });
      expect(response.status, JSON.stringify(scope)).toBe(201);
      const created = destinationCreateResponse.parse(await response.json());
      expect(created).toMatchObject({ response_code: 'CREATED', ...scope, signature_algo: 'AES_GCM', is_enabled: true });
      expect(created.secret_ref).toBeUndefined();
    }
    const refused = [
      { scope_kind: 'TENANT', scope_account_id: uuid },
      { scope_kind: 'TENANT', scope_owner_id: null },
      { scope_kind: 'ACCOUNT' },
      { scope_kind: 'ACCOUNT', scope_account_id: uuid, scope_owner_type: 'user' },
      { scope_kind: 'OWNER', scope_owner_id: uuid },
      { scope_kind: 'OWNER', scope_owner_type: 'PARTNER', scope_owner_id: uuid },
      { scope_kind: 'OWNER', scope_owner_type: 'user', scope_owner_id: uuid, scope_account_id: null },
    ];
    for (const scope of refused) {
      const response = await bank('/webhook/destination', { method: 'POST', body: { ...(await valid()), ...scope } });
      expect(response.status, JSON.stringify(scope)).toBe(400);
      expect(bankErrorResponse.parse(await response.json()).response_code).toBe('INVALID_REQUEST');
    }
  });

  test('refuses INTERNAL, HMAC, an unknown feature and a non-https url', async () => {
    const cases: Array<Record<string, unknown>> = [
      { destination_kind: 'INTERNAL' },
      { signature_algo: 'HMAC_SHA256' },
      // Fixed to AES_GCM and omitted on create (§4.1): even the right value is not to be sent.
      { signature_algo: 'AES_GCM' },
      { feature_id: '00000000-0000-4000-8000-000000000000' },
      { webhook_url: 'http://merchant.example/hook' },
      { secret_ref: undefined },
    ];
    for (const change of cases) {
      const response = await bank('/webhook/destination', { method: 'POST', body: { ...(await valid()), scope_kind: 'TENANT', ...change } });
      expect(response.status, JSON.stringify(change)).toBe(400);
    }
  });

  test('http:// on loopback is accepted only when the sandbox option allows it', async () => {
    const strict = await startSandboxUnderTest();
    try {
      const body = { ...(await valid()), scope_kind: 'TENANT', webhook_url: 'http://127.0.0.1:9/hook' };
      const refused = await fetch(`${strict.url}/banking/api/public/v1/webhook/destination`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      expect(refused.status).toBe(400);
      expect((await bank('/webhook/destination', { method: 'POST', body })).status).toBe(201);
    } finally {
      await strict.close();
    }
  });
});

test.describe('the emitter', () => {
  test('delivers each of the four events encrypted with secret_ref; each decrypts and parses', async () => {
    const receiver = await startReceiver();
    try {
      await register(`${receiver.url}/v1/webhooks/banking`);
      const succeeded = await sandbox.control.triggerBankEvent({ event_type: 'payment.succeeded', amount: '10000.00' });
      await sandbox.control.triggerBankEvent({ event_type: 'payin.posted' });
      await sandbox.control.triggerBankEvent({ event_type: 'payment.failed', reason_code: '23' });
      const reversed = await sandbox.control.triggerBankEvent({ event_type: 'payment.reversed', payment_id: succeeded.payment_id });
      expect(receiver.received).toHaveLength(4);
      const events = [];
      for (const request of receiver.received) {
        expect(request.headers['content-type']).toContain('application/json');
        expect(request.headers.accept).toContain('application/json');
        events.push(await openDelivery(deliveryBody.parse(JSON.parse(request.body)).data, secretRef));
      }
      expect(events.map((e) => e.event.event_type)).toEqual(['payment.succeeded', 'payin.posted', 'payment.failed', 'payment.reversed']);
      expect(events[0]!.event.event_id).toBe(succeeded.event_ids[0]);
      expect(events[3]!.payment.payment_id).toBe(events[0]!.payment.payment_id);
      expect(reversed.deliveries).toEqual([expect.objectContaining({ delivered: true })]);
    } finally {
      await receiver.close();
    }
  });

  test('each destination gets the events of its own feature (payment method) and scope only', async () => {
    const receiver = await startReceiver();
    const features = featuresResponse.parse(await (await bank('/webhook/features')).json()).items;
    const featureOf = async (method: string) => featuresResponse.parse(await (await bank(`/webhook/features?payment_method_code=${method}`)).json()).items[0]!.id;
    const sinpe = await featureOf('SINPE_MOVIL');
    const pin = await featureOf('PIN');
    expect(features.length).toBeGreaterThanOrEqual(2);
    const account = '3f0e8a1c-2b4d-4e6f-8a9b-0c1d2e3f4a5b';
    const owner = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    try {
      const create = async (feature: string, path: string, scope: Record<string, unknown>) => {
        const response = await bank('/webhook/destination', {
          method: 'POST',
          body: { feature_id: feature, destination_kind: 'EXTERNAL_WEBHOOK', webhook_url: `${receiver.url}${path}`, secret_ref: secretRef, ...scope },
        });
        expect(response.status).toBe(201);
      };
      await create(sinpe, '/sinpe-tenant', { scope_kind: 'TENANT' });
      await create(pin, '/pin-tenant', { scope_kind: 'TENANT' });
      await create(pin, '/pin-account', { scope_kind: 'ACCOUNT', scope_account_id: account });
      await create(pin, '/pin-owner', { scope_kind: 'OWNER', scope_owner_type: 'partner', scope_owner_id: owner });
      const paths = async (trigger: Parameters<typeof sandbox.control.triggerBankEvent>[0]) => {
        receiver.received.length = 0;
        await sandbox.control.triggerBankEvent(trigger);
        return receiver.received.map((request) => request.path).sort();
      };
      expect(await paths({ event_type: 'payin.posted', payment_method_code: 'SINPE_MOVIL' })).toEqual(['/sinpe-tenant']);
      expect(await paths({ event_type: 'payin.posted', payment_method_code: 'PIN' })).toEqual(['/pin-tenant']);
      expect(await paths({ event_type: 'payment.succeeded', payment_method_code: 'PIN', account_id: account })).toEqual(['/pin-account', '/pin-tenant']);
      expect(await paths({ event_type: 'payment.failed', payment_method_code: 'PIN', owner_type: 'partner', owner_id: owner })).toEqual(['/pin-owner', '/pin-tenant']);
      expect(await paths({ event_type: 'payment.failed', payment_method_code: 'PIN', owner_type: 'user', owner_id: owner })).toEqual(['/pin-tenant']);
    } finally {
      await receiver.close();
    }
  });

  test('payin.posted carries the payment status the bank holds, posted unless told otherwise', async () => {
    const posted = await sandbox.control.triggerBankEvent({ event_type: 'payin.posted' });
    expect(bankEvent.parse(posted.event).payment.status).toBe('posted');
    const late = await sandbox.control.triggerBankEvent({ event_type: 'payin.posted', status: 'confirmed' });
    expect(bankEvent.parse(late.event).payment.status).toBe('confirmed');
  });

  test('payment.succeeded fees are consistent with §6.4 for PAYIN and PAYOUT', async () => {
    const payin = paymentSucceededEvent.parse((await sandbox.control.triggerBankEvent({ event_type: 'payment.succeeded', amount: '10000.00' })).event);
    expect(payin.payment).toMatchObject({ fee_total: '100.00', tax_total: '13.00', net_amount: '9887.00' });
    const payout = paymentSucceededEvent.parse((await sandbox.control.triggerBankEvent({ event_type: 'payment.succeeded', amount: '10000.00', direction: 'PAYOUT' })).event);
    expect(payout.payment.net_amount).toBe('10113.00');
  });

  test('payment.failed carries the rejection of its reason_code (§6.5 rules)', async () => {
    const cases: Array<[string, string]> = [['21', 'SINPE_REJECTED'], ['23', 'ACCOUNT_CLOSED'], ['99999', 'SINPE_REJECTED'], ['ABC', 'PHONE_NOT_REGISTERED']];
    for (const [reason, code] of cases) {
      const event = paymentFailedEvent.parse((await sandbox.control.triggerBankEvent({ event_type: 'payment.failed', reason_code: reason })).event);
      expect(event.rejection).toMatchObject({ code, reason_code: reason });
      expect(event.provider.provider_status_code).toBe(reason);
      expect(event.payment.status).toBe('failed');
    }
  });

  test('a retried delivery keeps its event_id', async () => {
    const receiver = await startReceiver((attempt) => (attempt === 1 ? 500 : 200));
    try {
      await register(`${receiver.url}/hook`, { max_attempts: 3 });
      const result = await sandbox.control.triggerBankEvent({ event_type: 'payin.posted' });
      expect(receiver.received).toHaveLength(2);
      const [first, second] = await Promise.all(receiver.received.map((r) => openDelivery(JSON.parse(r.body).data, secretRef)));
      expect(second!.event.event_id).toBe(first!.event.event_id);
      expect(first!.event.event_id).toBe(result.event_ids[0]);
      expect(result.deliveries).toEqual([expect.objectContaining({ delivered: true, attempts: [{ status: 500 }, { status: 200 }] })]);
    } finally {
      await receiver.close();
    }
  });

  test('gives up after max_attempts and honours timeout_ms', async () => {
    const failing = await startReceiver(() => 503);
    try {
      await register(`${failing.url}/hook`, { max_attempts: 2 });
      const result = await sandbox.control.triggerBankEvent({ event_type: 'payin.posted' });
      expect(failing.received).toHaveLength(2);
      expect(result.deliveries).toEqual([expect.objectContaining({ delivered: false })]);
    } finally {
      await failing.close();
    }
    const slow = (await import('node:http')).createServer(() => undefined);
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const port = (slow.address() as { port: number }).port;
      const fresh = await startSandboxUnderTest({ allowHttpLoopbackWebhooks: true, seed: 'timeouts' });
      try {
        const features = featuresResponse.parse(await (await fetch(`${fresh.url}/banking/api/public/v1/webhook/features`, { headers: { Authorization: `Bearer ${token}` } })).json());
        await fetch(`${fresh.url}/banking/api/public/v1/webhook/destination`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ feature_id: features.items[0]!.id, destination_kind: 'EXTERNAL_WEBHOOK', webhook_url: `http://127.0.0.1:${port}/hook`, secret_ref: secretRef, scope_kind: 'TENANT', timeout_ms: 100, max_attempts: 1 }),
        });
        const result = await fresh.control.triggerBankEvent({ event_type: 'payin.posted' });
        expect(result.deliveries).toEqual([expect.objectContaining({ delivered: false, attempts: [{ error: 'timeout after 100 ms' }] })]);
      } finally {
        await fresh.close();
      }
    } finally {
      slow.closeAllConnections();
      slow.close();
    }
  });

  test('a disabled destination receives nothing', async () => {
    const receiver = await startReceiver();
    try {
      await register(`${receiver.url}/hook`, { is_enabled: false });
      const result = await sandbox.control.triggerBankEvent({ event_type: 'payin.posted' });
      expect(result.deliveries).toEqual([]);
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });

  test('a delivery with one flipped bit fails to decrypt', async () => {
    const receiver = await startReceiver();
    try {
      await register(`${receiver.url}/hook`);
      await sandbox.control.triggerBankEvent({ event_type: 'payment.succeeded' });
      const data = JSON.parse(receiver.received[0]!.body).data as string;
      expect(JSON.parse(await decryptDelivery(data, secretRef)).event.event_type).toBe('payment.succeeded');
      for (const index of [0, 20, -1]) {
        const bytes = Buffer.from(data, 'base64');
        const at = index < 0 ? bytes.length + index : index;
        bytes[at] = bytes[at]! ^ 0x01;
        const error = await decryptDelivery(bytes.toString('base64'), secretRef).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DeliveryRejected);
        expect((error as DeliveryRejected).reason).toBe('auth_failed');
      }
      const wrongKey = await decryptDelivery(data, 'another-secret').catch((e: unknown) => e);
      expect((wrongKey as DeliveryRejected).reason).toBe('auth_failed');
    } finally {
      await receiver.close();
    }
  });
});
