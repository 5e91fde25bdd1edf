import { expect, test } from '../support/node-test.ts';
import { consultResponse, gatewayFailure, loginResponse, loginSdkResponse } from '../../contract/gateway/index.ts';
import { startSandboxUnderTest, merchant, type SandboxUnderTest } from './support/sandbox-under-test.ts';

let now = new Date('2026-03-02T10:00:00Z');
let sandbox: SandboxUnderTest;
test.beforeEach(async () => {
  now = new Date('2026-03-02T10:00:00Z');
  sandbox = await startSandboxUnderTest({ now: () => now });
});
test.afterEach(() => sandbox.close());

const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${sandbox.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
const consultBody = { key: merchant.apiKey, orderNumber: 'ORD-1', merchantId: '' };

test.describe('login', () => {
  test('accepts apiuser, and email in its place, and answers an integer expires_in', async () => {
    for (const body of [{ apiuser: merchant.apiUser, password: merchant.apiPassword }, { email: merchant.apiUser, password: merchant.apiPassword }]) {
      const response = await postJson('/api/v1/login', body);
      expect(response.status).toBe(200);
      const parsed = loginResponse.parse(await response.json());
      expect(parsed.token_type).toBe('bearer');
      expect(parsed.expires_in).toBe(3600);
    }
  });

  test('wrong credentials fail in the body with HTTP 200, not 401', async () => {
    const response = await postJson('/api/v1/login', { apiuser: merchant.apiUser, password: 'wrong' });
    expect(response.status).toBe(200);
    const body = gatewayFailure.parse(await response.json());
    expect(body.type).toBe('401');
    expect(body.message).toBeTruthy();
  });

  test('loginSdk answers expires_in as a Y-m-d H:i:s date one day ahead and checks the key', async () => {
    const ok = loginSdkResponse.parse(await (await postJson('/api/v1/loginSdk', { apiuser: merchant.apiUser, password: merchant.apiPassword, key: merchant.apiKey })).json());
    // Costa Rica's local time (UTC−6), as the real service writes it.
    expect(ok.expires_in).toBe('2026-03-03 04:00:00');
    const wrongKey = await (await postJson('/api/v1/loginSdk', { apiuser: merchant.apiUser, password: merchant.apiPassword, key: 'nope' })).json();
    expect(wrongKey).toMatchObject({ type: '401' });
  });
});

test.describe('the bearer token', () => {
  test('is required: missing, unknown and SDK tokens get HTTP 401', async () => {
    expect((await postJson('/api/v1/consult', consultBody)).status).toBe(401);
    expect((await postJson('/api/v1/consult', consultBody, { Authorization: 'Bearer not-a-token' })).status).toBe(401);
    const sdk = loginSdkResponse.parse(await (await postJson('/api/v1/loginSdk', { apiuser: merchant.apiUser, password: merchant.apiPassword, key: merchant.apiKey })).json());
    const withSdkToken = await postJson('/api/v1/consult', consultBody, { Authorization: `Bearer ${sdk.access_token}` });
    expect(withSdkToken.status).toBe(401);
    expect(withSdkToken.headers.get('WWW-Authenticate')).toBe('Bearer');
  });

  test('works until it expires after expires_in seconds', async () => {
    const ok = await sandbox.post('/api/v1/consult', consultBody);
    expect(ok.status).toBe(200);
    consultResponse.parse(await ok.json());
    now = new Date(now.getTime() + 3599_000);
    expect((await sandbox.post('/api/v1/consult', consultBody)).status).toBe(200);
    now = new Date(now.getTime() + 2_000);
    expect((await sandbox.post('/api/v1/consult', consultBody)).status).toBe(401);
    await sandbox.login();
    expect((await sandbox.post('/api/v1/consult', consultBody)).status).toBe(200);
  });

  test('stops working when the control API expires every token', async () => {
    await sandbox.control.expireTokens();
    expect((await sandbox.post('/api/v1/consult', consultBody)).status).toBe(401);
  });
});

test('a wrong key fails in the body with HTTP 200, on POST bodies and GET paths', async () => {
  const consult = await sandbox.post('/api/v1/consult', { ...consultBody, key: 'wrong-key' });
  expect(consult.status).toBe(200);
  expect(gatewayFailure.parse(await consult.json()).type).toBe('401');
  const list = await sandbox.get('/api/v1/getLinkPaymentList/wrong-key/10');
  expect(list.status).toBe(200);
  expect(gatewayFailure.parse(await list.json()).type).toBe('401');
});

test('an invalid body fails in the body with type 400 and the field errors', async () => {
  const response = await sandbox.post('/api/v1/processPayment', { key: merchant.apiKey, amount: '12,50' });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { type: string; message: string; errors: Record<string, string[]> };
  expect(body.type).toBe('400');
  expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(['amount', 'orderNumber', 'redirect']));
});
