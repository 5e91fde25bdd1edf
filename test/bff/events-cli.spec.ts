// `npm run events`: trigger drives real sandbox flows through the BFF, and every type it offers
// reaches the merchant's receiver; listen registers itself, verifies and forwards. The first test
// starts the CLI under tsx, as `npm run events` does; the others its esbuild bundle (the same code,
// without tsx's loader at every start: entry-bundles.ts).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../support/node-test.ts';
import { Webhook } from 'standardwebhooks';
import { merchantEventBody } from '../../contract/merchant-webhooks.ts';
import { merchantSecret, shopOrigin, startSystem, type System } from '../support/system.ts';
import { freePort } from './fixtures/bff-process.ts';
import { bundledEntry } from './fixtures/entry-bundles.ts';
import { startWebhookReceiver, type WebhookReceiver } from './fixtures/webhook-receiver.ts';
import { merchantGet } from './webhooks-support.ts';

const secret = `whsec_${randomBytes(24).toString('base64')}`;
let stack: System;
let hooks: WebhookReceiver;
let eventsBundle: string;
// Where listen keeps its signing secret between runs: a folder of this run's own, not the repo's `.start/`.
const stateDir = mkdtempSync(join(tmpdir(), 'events-state-'));

test.beforeAll(async () => {
  eventsBundle = await bundledEntry('scripts/events.ts');
  hooks = await startWebhookReceiver();
  stack = await startSystem({ mode: 'listening', bank: true, 
    env: { MERCHANT_WEBHOOK_URL: hooks.url, MERCHANT_WEBHOOK_SECRET: secret, MERCHANT_WEBHOOK_POLL_MS: '50', BANK_REGISTER_DESTINATION: '1' },
  });
});

test.afterAll(async () => {
  await stack?.close();
  await hooks?.close();
});

interface EventsRun {
  done: Promise<{ code: number | null; output: string }>;
  output: () => string;
  stop: () => void;
  kill: () => void;
}

/** `npm run events -- <args>`: on the bundle, or under tsx (`underTsx`) as npm starts it. */
function events(args: string[], target: System = stack, extraEnv: Record<string, string> = {}, underTsx = false): EventsRun {
  const entry = underTsx ? ['--import', 'tsx', 'scripts/events.ts'] : [eventsBundle];
  const child = spawn(process.execPath, [...entry, ...args], {
    env: { PATH: process.env.PATH ?? '', BFF_URL: target.bffUrl, SANDBOX_URL: target.sandboxUrl, SHOP_ORIGIN: shopOrigin, MERCHANT_SECRET: merchantSecret, EVENTS_STATE_DIR: stateDir, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<{ code: number | null; output: string }>((resolve) => child.once('exit', (code) => resolve({ code, output })));
  return { done, output: () => output, stop: () => void child.kill('SIGTERM'), kill: () => void child.kill('SIGKILL') };
}

const triggerable = [
  'order.approved',
  'order.declined',
  'order.cancelled',
  'order.review',
  'order.captured',
  'order.reversed',
  'order.refunded',
  'order.split',
  'link.paid',
  'bank.payment.posted',
  'bank.payment.succeeded',
  'bank.payment.failed',
  'bank.payment.reversed',
];

test('trigger produces each type it offers, through real sandbox flows', async () => {
  test.setTimeout(120_000);
  const run = await events(['trigger', ...triggerable], stack, {}, true).done;
  expect(run.code, run.output).toBe(0);
  await hooks.waitFor((received) => triggerable.every((type) => received.some((request) => request.json?.type === type)), 'every triggered type');
  for (const request of hooks.received) {
    new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
    // Each body is the contract's: an order, a paid link or a bank payment as data.
    merchantEventBody.parse(request.json);
  }
  const linkPaid = hooks.received.find((request) => request.json.type === 'link.paid')!.json.data;
  expect(linkPaid.payment).toMatchObject({ amount: '15.00', currency: 'USD' });
  const unknown = await events(['trigger', 'order.paid'], stack, {}, true).done;
  expect(unknown.code).toBe(2);
  expect(unknown.output).toContain('cannot trigger "order.paid"');
});

test('trigger order.expired waits for a session to lapse and the reconciler to expire its order', async () => {
  test.setTimeout(60_000);
  // Sessions of one second, so the wait the CLI announces is short here; a session that never had an
  // attempt is announced only on the merchant's opt-in.
  const receiver = await startWebhookReceiver();
  const quick = await startSystem({ mode: 'listening', bank: true, 
    env: { MERCHANT_WEBHOOK_URL: receiver.url, MERCHANT_WEBHOOK_SECRET: secret, MERCHANT_WEBHOOK_POLL_MS: '50', SESSION_TTL_SECONDS: '1', RECONCILE_INTERVAL_MS: '200', MERCHANT_WEBHOOK_UNATTEMPTED_EXPIRY: '1' },
  });
  try {
    const run = await events(['trigger', 'order.expired'], quick).done;
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('waiting for order');
    const orderNumber = /triggered order\.expired: (\S+)/.exec(run.output)![1]!;
    await receiver.waitFor((received) => received.some((request) => request.json?.type === 'order.expired' && request.json.data.orderNumber === orderNumber), 'order.expired');
  } finally {
    await quick.close();
    await receiver.close();
  }
});

test('listen registers an endpoint, prints each event (--print-bodies: the body as delivered) and forwards it with its signature; Ctrl-C removes it', async () => {
  test.setTimeout(120_000);
  const local = await startWebhookReceiver();
  const listener = events(['listen', '--forward', local.url, '--types', 'order.approved', '--print-bodies']);
  try {
    await expect.poll(listener.output, { timeout: 30_000 }).toContain('signing secret');
    const listenSecret = /signing secret \(for your receiver[^)]*\): (whsec_\S+)/.exec(listener.output())![1]!;
    const triggered = await events(['trigger', 'order.approved']).done;
    expect(triggered.code, triggered.output).toBe(0);
    await local.waitFor((received) => received.length === 1, 'the forwarded event');
    expect(local.received[0]!.json.type).toBe('order.approved');
    new Webhook(listenSecret).verify(local.received[0]!.body, local.received[0]!.headers as Record<string, string>);
    await expect.poll(listener.output).toMatch(/→ order\.approved \S+ msg_\S+ \[204\]/);
    // The body as delivered, the same the merchant's event log answers for its webhook-id.
    await expect.poll(listener.output).toContain(local.received[0]!.body);
    const logged = (await merchantGet(stack.bffUrl, `/v1/merchant/webhook-events/${local.received[0]!.headers['webhook-id']}`)).body;
    const { id: _id, deliveries: _deliveries, ...asDelivered } = logged;
    expect(asDelivered).toEqual(JSON.parse(local.received[0]!.body));
    listener.stop();
    await listener.done;
    const endpoints = (await merchantGet(stack.bffUrl, '/v1/merchant/webhook-endpoints')).body.items;
    expect(endpoints.map((endpoint: any) => endpoint.id)).toEqual(['env']);
  } finally {
    listener.stop();
    await local.close();
  }
});

test('a listener killed with SIGKILL leaves an endpoint that expires, and no event goes to it after', async () => {
  test.setTimeout(60_000);
  // A two-second expiry: the listener renews it while alive, and nothing renews it once killed.
  const listener = events(['listen', '--types', 'order.approved'], stack, { EVENTS_LISTEN_EXPIRY_SECONDS: '2' });
  try {
    await expect.poll(listener.output, { timeout: 30_000 }).toContain('signing secret');
    const endpointId = /as endpoint (ep_\S+)/.exec(listener.output())![1]!;
    const listed = async () => ((await merchantGet(stack.bffUrl, '/v1/merchant/webhook-endpoints')).body.items as Array<{ id: string; expiresAt: string | null }>).find((endpoint) => endpoint.id === endpointId);
    const firstExpiry = (await listed())!.expiresAt!;
    expect(Date.parse(firstExpiry)).toBeGreaterThan(Date.now());
    // Alive, it renews: its expiry moves on.
    await expect.poll(async () => (await listed())?.expiresAt ?? '', { timeout: 10_000 }).not.toBe(firstExpiry);
    listener.kill();
    await listener.done;
    expect(await listed(), 'a SIGKILL leaves no chance to delete it').toBeDefined();
    await expect.poll(listed, { timeout: 10_000 }).toBeUndefined();
    const triggered = await events(['trigger', 'order.approved']).done;
    expect(triggered.code, triggered.output).toBe(0);
    const orderNumber = /triggered order\.approved: (\S+)/.exec(triggered.output)![1]!;
    const isTheEvent = (request: { json?: any }) => request.json?.type === 'order.approved' && request.json.data.orderNumber === orderNumber;
    await hooks.waitFor((received) => received.some(isTheEvent), 'the environment endpoint gets the event');
    // Every endpoint's delivery of an event is made in one fan-out: the environment's arrived, so
    // the expired endpoint's would exist by now.
    const webhookId = hooks.received.find(isTheEvent)!.headers['webhook-id'];
    expect(webhookId).toMatch(/^msg_/);
    const toExpired = (await merchantGet(stack.bffUrl, `/v1/merchant/webhook-deliveries?endpoint=${endpointId}`)).body.items as Array<{ webhookId: string }>;
    expect(toExpired.map((delivery) => delivery.webhookId)).not.toContain(webhookId);
  } finally {
    listener.kill();
  }
});

test('listen --port receives on that port, and --bff-url picks the BFF over BFF_URL', async () => {
  test.setTimeout(60_000);
  const port = await freePort();
  // BFF_URL points nowhere useful: only the flag can lead the listener to the stack.
  const listener = events(['listen', '--port', String(port), '--bff-url', stack.bffUrl, '--types', 'order.approved'], stack, { BFF_URL: 'http://127.0.0.1:9' });
  try {
    await expect.poll(listener.output, { timeout: 30_000 }).toContain('signing secret');
    const endpointId = /as endpoint (ep_\S+)/.exec(listener.output())![1]!;
    const endpoints = (await merchantGet(stack.bffUrl, '/v1/merchant/webhook-endpoints')).body.items as Array<{ id: string; url: string }>;
    expect(endpoints.find((endpoint) => endpoint.id === endpointId)?.url).toBe(`http://127.0.0.1:${port}/`);
  } finally {
    listener.stop();
    await listener.done;
  }
});

test('listen keeps its signing secret across runs (forwarded events verify with it); --new-secret makes a new one, kept after', async () => {
  test.setTimeout(120_000);
  const ownState = { EVENTS_STATE_DIR: mkdtempSync(join(tmpdir(), 'events-state-')) };
  const listenOnce = async (args: string[] = [], forwardTo?: string) => {
    const listener = events(['listen', '--types', 'order.approved', ...(forwardTo ? ['--forward', forwardTo] : []), ...args], stack, ownState);
    await expect.poll(listener.output, { timeout: 30_000 }).toContain('signing secret');
    return { listener, secret: /signing secret \(for your receiver[^)]*\): (whsec_\S+)/.exec(listener.output())![1]! };
  };
  const stopped = async (run: { listener: EventsRun }) => {
    run.listener.stop();
    await run.listener.done;
  };

  const first = await listenOnce();
  await stopped(first);
  const local = await startWebhookReceiver();
  const second = await listenOnce([], local.url);
  try {
    expect(second.secret).toBe(first.secret);
    const triggered = await events(['trigger', 'order.approved']).done;
    expect(triggered.code, triggered.output).toBe(0);
    await local.waitFor((received) => received.length === 1, 'the forwarded event');
    // The receiver configured once with the kept secret verifies what this run forwards.
    new Webhook(first.secret).verify(local.received[0]!.body, local.received[0]!.headers as Record<string, string>);
  } finally {
    await stopped(second);
    await local.close();
  }
  const stored = join(ownState.EVENTS_STATE_DIR, 'events-listen-secret');
  expect(readFileSync(stored, 'utf8').trim()).toBe(first.secret);
  expect(statSync(stored).mode & 0o077, 'readable by its owner only').toBe(0);

  const rotated = await listenOnce(['--new-secret']);
  await stopped(rotated);
  expect(rotated.secret).not.toBe(first.secret);
  expect(rotated.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  const after = await listenOnce();
  await stopped(after);
  expect(after.secret).toBe(rotated.secret);
});
