import { expect, test } from '../support/node-test.ts';
import { loginResponse } from '../../contract/gateway/index.ts';
import { sandboxDefaults, sandboxOptionsFromEnv } from '../../sandbox/defaults.ts';
import { startSandbox } from '../../sandbox/server.ts';

test('sandboxOptionsFromEnv takes each variable when set and the documented default otherwise', () => {
  expect(sandboxOptionsFromEnv({})).toEqual({ merchant: sandboxDefaults.merchant, bankAccessToken: sandboxDefaults.bankAccessToken });
  const options = sandboxOptionsFromEnv({ GATEWAY_API_USER: 'shop@example.com', GATEWAY_API_PASSWORD: 'pw', GATEWAY_API_KEY: 'k', BANK_ACCESS_TOKEN: 'bt', GATEWAY_API_KEY_UNUSED: 'x' });
  expect(options).toEqual({ merchant: { apiUser: 'shop@example.com', apiPassword: 'pw', apiKey: 'k', merchantId: sandboxDefaults.merchant.merchantId }, bankAccessToken: 'bt' });
  expect(sandboxOptionsFromEnv({ GATEWAY_API_USER: '' }).merchant.apiUser).toBe(sandboxDefaults.merchant.apiUser);
});

test('startSandbox serves on an ephemeral port with the credentials of the environment', async () => {
  const server = await startSandbox({ SANDBOX_PORT: '0', GATEWAY_API_USER: 'shop@example.com', GATEWAY_API_PASSWORD: 'pw', GATEWAY_API_KEY: 'k', BANK_ACCESS_TOKEN: 'bank-token' });
  try {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const login = (body: unknown) => fetch(`${server.url}/api/v1/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
    expect(loginResponse.safeParse(await login({ apiuser: 'shop@example.com', password: 'pw' })).success).toBe(true);
    expect(loginResponse.safeParse(await login({ apiuser: sandboxDefaults.merchant.apiUser, password: sandboxDefaults.merchant.apiPassword })).success).toBe(false);
    const features = await fetch(`${server.url}/banking/api/public/v1/webhook/features`, { headers: { Authorization: 'Bearer bank-token' } });
    expect(features.status).toBe(200);
    const featureId = ((await features.json()) as { items: Array<{ id: string }> }).items[0]!.id;
    // Under npm start the BFF is plain http on loopback, so the sandbox accepts such a destination.
    const destination = await fetch(`${server.url}/banking/api/public/v1/webhook/destination`, {
      method: 'POST',
      headers: { Authorization: 'Bearer bank-token', 'Content-Type': 'application/json' },
      body: JSON.stringify({ feature_id: featureId, destination_kind: 'EXTERNAL_WEBHOOK', webhook_url: 'http://127.0.0.1:8787/v1/webhooks/banking', secret_ref: 's', scope_kind: 'TENANT' }),
    });
    expect(destination.status).toBe(201);
  } finally {
    await server.close();
  }
});
