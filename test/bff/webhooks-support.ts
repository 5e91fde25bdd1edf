// Shared steps of the webhook, inbox, links and banking suites: a stack whose BFF knows the
// sandbox bank, bank deliveries encrypted like the bank's, reads of issue 6's tables, and a
// logger that keeps its lines for assertions.
import { randomBytes, randomUUID } from 'node:crypto';
import { encryptDelivery } from '../../contract/bank/codec.ts';
import type { BankEventType } from '../../contract/bank/event-types.ts';
import { exampleEvent } from '../../sandbox/bank/event-examples.ts';
import { sandboxDefaults, sandboxGatewayEnv } from '../../sandbox/defaults.ts';
import { SandboxControl } from '../../sandbox/control-client.ts';
import { startSandbox } from '../../sandbox/server.ts';
import { createLogger, type Logger } from '../../bff/observability/logger.ts';
import { webhookDb } from '../../bff/inbox/tables.ts';
import type { Env } from '../../bff/config.ts';
import type { Clock } from '../../bff/observability/clock.ts';
import { startBff, type RunningBff } from '../../bff/server.ts';
import { merchantSecret, shopOrigin } from './fixtures/stack.ts';
import { createTestDatabase } from './fixtures/test-database.ts';

export const currentSecret = 'test-bank-secret-current';
export const previousSecret = 'test-bank-secret-previous';

/** A logger whose JSON lines the test can read. */
export function capturingLogger() {
  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  return { logger, lines, text: () => lines.join('') };
}

export interface WebhookStack {
  sandboxUrl: string;
  bffUrl: string;
  sandbox: SandboxControl;
  bff: RunningBff;
  env: Env;
  /** Another BFF on the same database and sandbox (multi-instance tests); closed with the stack. */
  startAnotherBff(overrides?: Env): Promise<RunningBff>;
  /** Stops the BFF only (the database and sandbox stay), e.g. to start it again. */
  restartBff(overrides?: Env): Promise<RunningBff>;
  close(): Promise<void>;
}

/**
 * The sandbox (gateway and bank) and a BFF that knows both, over a fresh database: like the
 * shared stack fixture, plus BANK_* (whose URL needs the sandbox's port) and fast inbox retries.
 */
export async function startWebhookStack(options: { env?: Env; logger?: Logger; clock?: Clock } = {}): Promise<WebhookStack> {
  const sandboxServer = await startSandbox({ SANDBOX_PORT: '0' });
  // SQLite file, or a fresh PostgreSQL database when TEST_DATABASE_URL is set (issue 8).
  const database = await createTestDatabase();
  const env: Env = {
    NODE_ENV: 'test',
    ...sandboxGatewayEnv(sandboxServer.url),
    MERCHANT_SECRET: merchantSecret,
    SESSION_SIGNING_KEY: randomBytes(32).toString('base64url'),
    ALLOWED_ORIGINS: shopOrigin,
    DATABASE_URL: database.url,
    BFF_PORT: '0',
    LOG_LEVEL: 'silent',
    GATEWAY_TIMEOUT_MS: '5000',
    BANK_BASE_URL: `${sandboxServer.url}/banking`,
    BANK_ACCESS_TOKEN: sandboxDefaults.bankAccessToken,
    BANK_SECRET_REF: `${currentSecret},${previousSecret}`,
    INBOX_POLL_MS: '50',
    INBOX_RETRY_BASE_MS: '50',
    INBOX_RETRY_MAX_MS: '200',
    ...options.env,
  };
  // TEST_DATABASE_URL (issue 8's PostgreSQL runs): the same suite on a fresh schema of that server.
  const testDatabase = process.env.TEST_DATABASE_URL;
  if (testDatabase) env.DATABASE_URL = testDatabase;
  const bffOptions = {
    ...(options.logger && { logger: options.logger }),
    ...(options.clock && { clock: options.clock }),
    ...(testDatabase && { databaseSchema: `w_${randomBytes(6).toString('hex')}` }),
  };
  let bff = await startBff(env, bffOptions);
  const others: RunningBff[] = [];
  const stack: WebhookStack = {
    sandboxUrl: sandboxServer.url,
    get bffUrl() {
      return bff.url;
    },
    sandbox: new SandboxControl(sandboxServer.url),
    get bff() {
      return bff;
    },
    env,
    async startAnotherBff(overrides = {}) {
      const another = await startBff({ ...env, ...overrides }, bffOptions);
      others.push(another);
      return another;
    },
    async restartBff(overrides = {}) {
      await bff.close();
      bff = await startBff({ ...env, ...overrides }, bffOptions);
      return bff;
    },
    async close() {
      for (const other of others) await other.close();
      await bff.close();
      await sandboxServer.close();
      await database.drop();
    },
  };
  return stack;
}

/** A fresh event of `type` (a real example from the sandbox's own builder, new ids). */
export function bankEvent(type: BankEventType, change: (event: any) => void = () => undefined): any {
  const event = structuredClone(exampleEvent(type)) as any;
  event.event.event_id = randomUUID();
  event.event.correlation_id = randomUUID();
  event.payment.payment_id = randomUUID();
  change(event);
  return event;
}

export async function deliveryBody(event: unknown, secret = currentSecret): Promise<string> {
  return JSON.stringify({ data: await encryptDelivery(JSON.stringify(event), secret) });
}

export function postBank(bffUrl: string, body: string): Promise<Response> {
  return fetch(`${bffUrl}/v1/webhooks/banking`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
}

export async function merchantGet(bffUrl: string, path: string): Promise<{ status: number; body: any }> {
  const response = await fetch(bffUrl + path, { headers: { Authorization: `Bearer ${merchantSecret}` } });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

export async function merchantPost(bffUrl: string, path: string, body: unknown, secret = merchantSecret): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(bffUrl + path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

export function tables(bff: RunningBff) {
  return webhookDb(bff.store);
}

/** Polls `read` until `done` holds (the worker runs on its own); fails after ~10 s. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what = 'condition'): Promise<T> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export async function metricsText(bffUrl: string): Promise<string> {
  return (await fetch(`${bffUrl}/metrics`)).text();
}

/** A link webhook body (gateway-api.md §6.3) as the gateway would send it. */
export function linkWebhook(fields: Partial<Record<string, unknown>> = {}): Record<string, unknown> {
  return {
    code: '1',
    codeDescription: 'Approved',
    auth: '123456',
    svcLinkId: 999_999,
    orderNumber: 'LNK999999-1',
    svcOrderId: 4_242_424,
    creditCardToken: '401200******0071',
    creditCardBrand: 'VISA',
    last4CreditCardNumber: '0071',
    linkDescription: 'Test link',
    orderHash: '0'.repeat(64),
    ...fields,
  };
}

export function postLinkWebhook(bffUrl: string, body: unknown): Promise<Response> {
  return fetch(`${bffUrl}/v1/webhooks/links`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

/**
 * A payment link created straight at the sandbox, read the way any gateway client must read it
 * (the variance mode may answer a 401 in the body, the id as a string): one new login on a 401.
 */
export async function createGatewayLink(sandboxUrl: string, fields: Record<string, unknown>): Promise<{ id: number; url: string }> {
  const login = async () => {
    const response = await fetch(`${sandboxUrl}/api/v1/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ apiuser: sandboxDefaults.merchant.apiUser, password: sandboxDefaults.merchant.apiPassword }),
    });
    return ((await response.json()) as { access_token: string }).access_token;
  };
  const create = async (token: string) => {
    const response = await fetch(`${sandboxUrl}/api/v1/createLinkPayment`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ key: sandboxDefaults.merchant.apiKey, ...fields }),
    });
    return { status: response.status, body: (await response.json()) as { type?: unknown; id?: unknown; url?: string } };
  };
  let answer = await create(await login());
  if (answer.status === 401 || String(answer.body.type) === '401') answer = await create(await login());
  return { id: Number(answer.body.id), url: String(answer.body.url) };
}
