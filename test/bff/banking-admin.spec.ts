// The bank's webhook API through the merchant API and the operators' command line:
// scope rules checked before the bank is called, the bank's error codes in problem+json.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '../support/node-test.ts';
import { runBankCli } from '../../bff/intake/cli/bank.ts';
import { bundledEntry } from './fixtures/entry-bundles.ts';
import { currentSecret, merchantGet, merchantPost } from './webhooks-support.ts';
import { type System, startSystem } from '../support/system.ts';

const run = promisify(execFile);
const sinpeFeature = '5b0f3a52-8c1e-4d7a-9f3b-2a6c1e9d0001';
const someUuid = '0d6f4a1e-2b3c-4d5e-8f90-123456789abc';

let stack: System;

test.beforeAll(async () => {
  stack = await startSystem({ mode: 'listening', bank: true });
});
test.afterAll(async () => {
  await stack?.close();
});
test.afterEach(async () => {
  await stack.sandbox.clearFaults();
});

const destinations = async () =>
  ((await (await fetch(`${stack.sandboxUrl}/_sandbox/bank/destinations`)).json()) as { destinations: Array<Record<string, unknown>> }).destinations;

test.describe('POST /v1/merchant/banking/destinations', () => {
  test('creates a TENANT destination for our receiver and our current secret by default; no secret comes back', async () => {
    const created = await merchantPost(stack.bffUrl, '/v1/merchant/banking/destinations', { feature_id: sinpeFeature, scope_kind: 'TENANT' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ feature_id: sinpeFeature, scope_kind: 'TENANT', destination_kind: 'EXTERNAL_WEBHOOK', signature_algo: 'AES_GCM', webhook_url: `${stack.bffUrl}/v1/webhooks/banking` });
    expect(JSON.stringify(created.body)).not.toContain(currentSecret);
    expect((await destinations()).map((destination) => destination.id)).toContain(created.body.id);
    // It works: the bank's next event reaches this BFF, encrypted with the secret we registered.
    const trigger = await stack.sandbox.triggerBankEvent({ event_type: 'payin.posted' });
    expect((trigger.deliveries as Array<{ delivered: boolean; attempts: Array<{ status?: number }> }>).find((d) => d.delivered)?.attempts[0]?.status).toBe(200);
  });

  const scopeViolations: Array<[string, Record<string, unknown>, string]> = [
    ['ACCOUNT without its account id', { scope_kind: 'ACCOUNT' }, 'scope_account_id'],
    ['TENANT with an owner id', { scope_kind: 'TENANT', scope_owner_id: someUuid }, 'scope_owner_id'],
    ['ACCOUNT with an owner type', { scope_kind: 'ACCOUNT', scope_account_id: someUuid, scope_owner_type: 'user' }, 'scope_owner_type'],
    ['OWNER with an unknown owner type', { scope_kind: 'OWNER', scope_owner_type: 'Admin', scope_owner_id: someUuid }, 'scope_owner_type'],
    ['OWNER with a null account id (omit, never null)', { scope_kind: 'OWNER', scope_owner_type: 'user', scope_owner_id: someUuid, scope_account_id: null }, 'scope_account_id'],
    ['a plain-http receiver off this machine', { scope_kind: 'TENANT', webhook_url: 'http://merchant.example/hook' }, 'webhook_url'],
    ['an INTERNAL destination', { scope_kind: 'TENANT', destination_kind: 'INTERNAL' }, 'destination_kind'],
  ];
  for (const [name, fields, path] of scopeViolations) {
    test(`refuses ${name} without calling the bank`, async () => {
      const before = await stack.sandbox.calls('bank.createDestination');
      const response = await merchantPost(stack.bffUrl, '/v1/merchant/banking/destinations', { feature_id: sinpeFeature, ...fields });
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
      expect(await stack.sandbox.calls('bank.createDestination')).toBe(before);
    });
  }

  test('OWNER and ACCOUNT scopes with exactly their fields are accepted', async () => {
    const owner = await merchantPost(stack.bffUrl, '/v1/merchant/banking/destinations', { feature_id: sinpeFeature, scope_kind: 'OWNER', scope_owner_type: 'customer', scope_owner_id: someUuid });
    expect(owner.status).toBe(201);
    expect(owner.body).toMatchObject({ scope_kind: 'OWNER', scope_owner_type: 'customer', scope_owner_id: someUuid });
    expect(owner.body.scope_account_id).toBeUndefined();
    const account = await merchantPost(stack.bffUrl, '/v1/merchant/banking/destinations', { feature_id: sinpeFeature, scope_kind: 'ACCOUNT', scope_account_id: someUuid });
    expect(account.status).toBe(201);
  });

  test("the bank's own refusal (unknown feature) shows its response code", async () => {
    const response = await merchantPost(stack.bffUrl, '/v1/merchant/banking/destinations', { feature_id: someUuid, scope_kind: 'TENANT' });
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain('INVALID_REQUEST');
    expect(response.body.errors).toEqual([expect.objectContaining({ path: 'feature_id', code: 'INVALID_REQUEST' })]);
  });

  const bankFailures: Array<[number, string, number]> = [
    [429, 'TOO_MANY_REQUESTS', 429],
    [503, 'SERVICE_UNAVAILABLE', 503],
    [500, 'INTERNAL_ERROR', 502],
  ];
  for (const [bankStatus, code, ourStatus] of bankFailures) {
    test(`a bank ${bankStatus} (${code}) becomes a ${ourStatus} problem naming ${code}`, async () => {
      await stack.sandbox.injectFault({ operation: 'bank.createDestination', kind: 'http5xx', status: bankStatus, count: 1 });
      const response = await merchantPost(stack.bffUrl, '/v1/merchant/banking/destinations', { feature_id: sinpeFeature, scope_kind: 'TENANT' });
      expect(response.status).toBe(ourStatus);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect(response.body.detail).toContain(code);
      expect(response.body.errors[0].code).toBe(code);
    });
  }

  test('needs the merchant secret', async () => {
    const response = await merchantPost(stack.bffUrl, '/v1/merchant/banking/destinations', { feature_id: sinpeFeature, scope_kind: 'TENANT' }, 'wrong-secret-wrong-secret');
    expect(response.status).toBe(401);
  });
});

test('GET /v1/merchant/banking/features lists features, filtered, and refuses a bad filter', async () => {
  const all = await merchantGet(stack.bffUrl, '/v1/merchant/banking/features');
  expect(all.status).toBe(200);
  expect(all.body.items.length).toBeGreaterThanOrEqual(2);
  const pin = await merchantGet(stack.bffUrl, '/v1/merchant/banking/features?payment_method_code=PIN&country_code=cr');
  expect(pin.body.items).toHaveLength(1);
  expect(pin.body.items[0].event_types).toHaveLength(4);
  expect((await merchantGet(stack.bffUrl, '/v1/merchant/banking/features?payment_method_code=CARD')).status).toBe(400);
  expect((await fetch(`${stack.bffUrl}/v1/merchant/banking/features`)).status).toBe(401);
});

test('GET /v1/merchant/banking/event-contracts/{eventType}: the four contracts, 404 for anything else', async () => {
  for (const type of ['payin.posted', 'payment.succeeded', 'payment.failed', 'payment.reversed']) {
    const contract = await merchantGet(stack.bffUrl, `/v1/merchant/banking/event-contracts/${type}`);
    expect(contract.status).toBe(200);
    expect(contract.body).toMatchObject({ event_type: type, schema_version: '1.0.0' });
    expect(contract.body.example.event.event_type).toBe(type);
  }
  const before = await stack.sandbox.calls('bank.eventContract');
  const internal = await merchantGet(stack.bffUrl, '/v1/merchant/banking/event-contracts/payment.status_changed');
  expect(internal.status).toBe(404);
  expect(internal.body.errors[0].code).toBe('NOT_FOUND');
  expect(await stack.sandbox.calls('bank.eventContract')).toBe(before);
});

test.describe('npm run bank', () => {
  const cliEnv = () => ({
    BANK_BASE_URL: `${stack.sandboxUrl}/banking`,
    BANK_ACCESS_TOKEN: stack.env.BANK_ACCESS_TOKEN!,
    BANK_SECRET_REF: stack.env.BANK_SECRET_REF!,
    PUBLIC_BFF_URL: stack.bffUrl,
  });
  /**
   * The real command line: through npm, as an operator types it, or (`bundled`) the same entry's
   * bundle on plain node, without npm's and tsx's start-up (entry-bundles.ts).
   */
  const cli = async (args: string[], how: 'npm' | 'bundled' = 'npm') => {
    const [command, commandArgs]: [string, string[]] = how === 'npm' ? ['npm', ['run', '--silent', 'bank', '--', ...args]] : [process.execPath, [await bundledEntry('bff/intake/cli/bank.ts'), ...args]];
    return run(command, commandArgs, { cwd: process.cwd(), env: { ...process.env, ...cliEnv() } }).then(
      (result) => ({ code: 0, stdout: result.stdout, stderr: result.stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );
  };

  test('features, contract and register print the bank’s answers as JSON, never the secret', async () => {
    const [features, contract, register] = await Promise.all([cli(['features', '--method', 'SINPE_MOVIL']), cli(['contract', 'payment.failed'], 'bundled'), cli(['register'], 'bundled')]);
    expect(features.code).toBe(0);
    expect(JSON.parse(features.stdout).items).toEqual([expect.objectContaining({ id: sinpeFeature })]);
    expect(contract.code).toBe(0);
    expect(JSON.parse(contract.stdout)).toMatchObject({ event_type: 'payment.failed', schema_version: '1.0.0' });
    expect(register.code).toBe(0);
    const destination = JSON.parse(register.stdout);
    expect(destination).toMatchObject({ scope_kind: 'TENANT', webhook_url: `${stack.bffUrl}/v1/webhooks/banking` });
    expect(register.stdout + register.stderr).not.toContain(currentSecret);
    expect((await destinations()).map((d) => d.id)).toContain(destination.id);
  });

  /** The same command line's function in this process (the exit code and what it printed), for the many refusal cases. */
  const cliInProcess = async (args: string[], extraEnv: Record<string, string> = {}) => {
    let stdout = '';
    let stderr = '';
    const code = await runBankCli(args, { ...cliEnv(), ...extraEnv }, { out: (text) => void (stdout += text), err: (text) => void (stderr += text) });
    return { code, stdout, stderr };
  };

  test('a scope rule broken on the command line is refused before the bank is asked; a bad type is a usage error', async () => {
    const before = await stack.sandbox.calls('bank.createDestination');
    const account = await cliInProcess(['register', '--feature', sinpeFeature, '--scope', 'ACCOUNT']);
    expect(account.code).toBe(2);
    expect(account.stderr).toContain('scope_account_id');
    expect(await stack.sandbox.calls('bank.createDestination')).toBe(before);
    const badType = await cliInProcess(['contract', 'payment.status_changed']);
    expect(badType.code).toBe(2);
    expect(badType.stderr).toContain('usage: npm run bank');
    const noToken = await cliInProcess(['features'], { BANK_ACCESS_TOKEN: '' });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain('BANK_ACCESS_TOKEN');
    const wrongToken = await cliInProcess(['features'], { BANK_ACCESS_TOKEN: 'not-the-token' });
    expect(wrongToken.code).toBe(1);
    expect(wrongToken.stderr).toContain('UNAUTHORIZED');
  });
});

test('/v1/openapi.json documents the webhook, link return, banking and events endpoints and stays valid', async () => {
  const { Validator } = await import('@seriousme/openapi-schema-validator');
  const document = await (await fetch(`${stack.bffUrl}/v1/openapi.json`)).json();
  const result = await new Validator().validate(document);
  expect(result.errors ?? []).toEqual([]);
  for (const path of ['/v1/webhooks/banking', '/v1/webhooks/links', '/v1/links/return', '/v1/merchant/banking/destinations', '/v1/merchant/banking/features', '/v1/merchant/banking/event-contracts/{eventType}', '/v1/merchant/events']) {
    expect(Object.keys(document.paths)).toContain(path);
  }
  const destination = document.paths['/v1/merchant/banking/destinations'].post.requestBody.content['application/json'].schema.$ref.split('/').pop();
  expect(JSON.stringify(document.components.schemas[destination])).toContain('scope_owner_type');
});
