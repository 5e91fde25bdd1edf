// Merchant webhook endpoints pointed at our own network, tried as an attacker with the merchant
// secret would: internal addresses in every spelling, names that resolve inside, and a name whose
// DNS answer changes after the endpoint was accepted. DNS is the test's (resolveHost), so nothing
// here asks a real resolver or connects anywhere but to a loopback server of the test's own.
import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../support/node-test.ts';
import { loadConfig } from '../../bff/config.ts';
import { sandboxGatewayEnv } from '../../sandbox/defaults.ts';
import { merchantSecret, startSystem, type System } from '../support/system.ts';
import { testResolver } from './fixtures/test-resolver.ts';
import { outboxDb } from '../../bff/outbox/outbox-tables.ts';
import { bankEvent, deliveryBody, merchantGet, merchantPost, polling, postBank } from './webhooks-support.ts';

const stacks: System[] = [];
test.afterEach(async () => {
  for (const stack of stacks.splice(0)) await stack.close();
});

async function stackWith(resolveHost: (hostname: string) => Promise<string[]>, env: Record<string, string> = {}): Promise<System> {
  const stack = await startSystem({ bank: true,  resolveHost, env: { MERCHANT_WEBHOOK_POLL_MS: '50', MERCHANT_WEBHOOK_RETRY_SCHEDULE: '50ms,50ms,50ms', ...env } });
  stacks.push(stack);
  return stack;
}

const createEndpoint = (stack: System, url: string) => merchantPost(stack.bffUrl, '/v1/merchant/webhook-endpoints', { url, eventTypes: ['bank.payment.succeeded'] });

async function expectRefused(stack: System, url: string): Promise<void> {
  const answer = await createEndpoint(stack, url);
  expect(answer.status, url).toBe(400);
  expect(answer.headers.get('content-type'), url).toContain('application/problem+json');
  expect(answer.body.errors[0].path, url).toBe('url');
}

const productionEnv = { NODE_ENV: 'production', MERCHANT_SECRET: merchantSecret };

const refusedEverywhere = [
  'https://169.254.169.254/latest/meta-data/iam/security-credentials/',
  'https://[fd00:ec2::254]/latest/meta-data/',
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://metadata.google.internal./computeMetadata/v1/',
  'https://metadata/computeMetadata/v1/',
  'https://[::ffff:127.0.0.1]/',
  'https://[::ffff:7f00:1]/',
  'https://[::ffff:10.0.0.1]/',
  'https://10.0.0.5/',
  'https://172.16.0.1/',
  'https://172.31.255.254/',
  'https://192.168.1.1/',
  'https://100.64.0.1/',
  'https://[fd00::1]/',
  'https://[fe80::1]/',
  'https://0.0.0.0/',
  'https://[::]/',
  'https://224.0.0.1/',
  'https://255.255.255.255/',
  'https://240.0.0.1/',
  'https://[ff02::1]/',
  // IPv4-compatible IPv6 (deprecated, RFC 4291): loopback and the metadata service in another spelling.
  'https://[::7f00:1]/',
  'https://[::127.0.0.1]/',
  'https://[::a9fe:a9fe]/latest/meta-data/',
  'https://[::a00:5]/',
  // Site-local (deprecated, RFC 3879), still routed inside some networks.
  'https://[fec0::1]/',
  'https://[feff:ffff::1]/',
  // Names whose DNS answer is inside.
  'https://internal.merchant.test/',
  'https://split.merchant.test/',
];

const internalDns = {
  'internal.merchant.test': () => ['10.20.30.40'],
  // One public answer does not make the private one safe: the connection could take either.
  'split.merchant.test': () => ['93.184.215.14', '192.168.0.10'],
};

test('an endpoint on a private, link-local, CGNAT, ULA, mapped, unspecified or non-unicast address, or a metadata name, is refused in development too', async () => {
  const stack = await stackWith(testResolver(internalDns));
  for (const url of refusedEverywhere) await expectRefused(stack, url);
  // Loopback stays open outside production: a developer's local receiver.
  expect((await createEndpoint(stack, 'https://127.0.0.1:6379/')).status).toBe(201);
  expect((await createEndpoint(stack, 'https://localhost:8443/hooks')).status).toBe(201);
});

test('in production, loopback is refused however it is written', async () => {
  const stack = await stackWith(testResolver(internalDns), productionEnv);
  const spellings = ['https://127.0.0.1:6379/', 'https://2130706433/', 'https://0x7f000001/', 'https://017700000001/', 'https://127.1/', 'https://[::1]/', 'https://localhost/', 'https://LOCALHOST./'];
  for (const url of [...spellings, ...refusedEverywhere]) await expectRefused(stack, url);
});

test('an endpoint URL with a user name or password is refused: it would be listed to read-only keys and sent as Basic credentials', async () => {
  const stack = await stackWith(testResolver({ 'hooks.merchant.test': () => ['93.184.215.14'] }));
  for (const url of ['https://user:pass@hooks.merchant.test/in', 'https://user@hooks.merchant.test/in', 'https://:secret@hooks.merchant.test/in', 'http://admin:admin@127.0.0.1:8080/']) {
    await expectRefused(stack, url);
  }
  expect((await createEndpoint(stack, 'https://hooks.merchant.test/in')).status).toBe(201);
  const listed = await merchantGet(stack.bffUrl, '/v1/merchant/webhook-endpoints');
  expect(JSON.stringify(listed.body)).not.toContain('pass@');
});

test('an endpoint stored with credentials before they were refused: no delivery connects to it, and the list does not show them', async () => {
  const recorder = await helloRecorder();
  try {
    const stack = await stackWith(testResolver({ 'hooks.merchant.test': () => ['127.0.0.1'] }));
    const created = await createEndpoint(stack, `https://hooks.merchant.test:${recorder.port}/hooks`);
    expect(created.status).toBe(201);
    const stored = `https://shop:s3cret@hooks.merchant.test:${recorder.port}/hooks`;
    await outboxDb(stack.bff.store).updateTable('webhook_endpoints').set({ url: stored }).where('id', '=', created.body.id).execute();
    expect((await postBank(stack.bffUrl, await deliveryBody(bankEvent('payment.succeeded')))).status).toBe(200);
    const attempts = async () => (await merchantGet(stack.bffUrl, `/v1/merchant/webhook-deliveries?endpoint=${created.body.id}`)).body.items[0]?.attempts.length ?? 0;
    await expect.poll(attempts, polling('two refused attempts')).toBeGreaterThanOrEqual(2);
    expect(recorder.hellos).toHaveLength(0);
    const listed = await merchantGet(stack.bffUrl, '/v1/merchant/webhook-endpoints');
    expect(JSON.stringify(listed.body)).not.toContain('s3cret');
    expect(listed.body.items.find((item: any) => item.id === created.body.id).url).toBe(`https://hooks.merchant.test:${recorder.port}/hooks`);
  } finally {
    await recorder.close();
  }
});

test('MERCHANT_WEBHOOK_URL with a user name or password stops the start, naming the variable', () => {
  const base = { ...sandboxGatewayEnv('http://127.0.0.1:4010'), MERCHANT_SECRET: merchantSecret, MERCHANT_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64')}` };
  for (const url of ['https://user:pass@hooks.example.com/in', 'http://user@127.0.0.1:8080/']) {
    expect(() => loadConfig({ ...base, MERCHANT_WEBHOOK_URL: url }), url).toThrow(/MERCHANT_WEBHOOK_URL/);
  }
  expect(() => loadConfig({ ...base, MERCHANT_WEBHOOK_URL: 'https://hooks.example.com/in' })).not.toThrow();
});

test('MERCHANT_WEBHOOK_URL on an internal address or metadata name stops the start', () => {
  const base = { ...sandboxGatewayEnv('http://127.0.0.1:4010'), MERCHANT_SECRET: merchantSecret, MERCHANT_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64')}` };
  for (const url of ['https://169.254.169.254/', 'https://10.0.0.5/hooks', 'https://[fd00::1]/', 'https://metadata.google.internal/', 'https://[::ffff:127.0.0.1]/', 'https://[::a9fe:a9fe]/', 'https://[fec0::1]/']) {
    expect(() => loadConfig({ ...base, MERCHANT_WEBHOOK_URL: url }), url).toThrow(/MERCHANT_WEBHOOK_URL/);
  }
  const production = { ...base, NODE_ENV: 'production', SESSION_SIGNING_KEY: randomBytes(32).toString('hex') };
  for (const url of ['https://127.0.0.1/hooks', 'https://2130706433/', 'https://[::1]/', 'https://localhost/']) {
    expect(() => loadConfig({ ...production, MERCHANT_WEBHOOK_URL: url }), url).toThrow(/MERCHANT_WEBHOOK_URL/);
  }
});

/** A loopback TCP server that records the first bytes of each connection (a TLS ClientHello) and hangs up. */
async function helloRecorder(): Promise<{ port: number; hellos: Buffer[]; close(): Promise<void> }> {
  const hellos: Buffer[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once('data', (chunk: Buffer) => {
      hellos.push(chunk);
      socket.destroy();
    });
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hellos,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

test('the worker connects only to the address it checked, asks TLS for the name, and a DNS answer that turns private is refused at connect time', async () => {
  const recorder = await helloRecorder();
  try {
    // Accepted on a loopback answer (development), then the name rebinds to a private address.
    let lookups = 0;
    const stack = await stackWith(testResolver({ 'hooks.merchant.test': () => (++lookups <= 2 ? ['127.0.0.1'] : ['10.0.0.7']) }));
    const created = await createEndpoint(stack, `https://hooks.merchant.test:${recorder.port}/hooks`);
    expect(created.status).toBe(201);
    expect((await postBank(stack.bffUrl, await deliveryBody(bankEvent('payment.succeeded')))).status).toBe(200);

    const firstDelivery = async () => (await merchantGet(stack.bffUrl, `/v1/merchant/webhook-deliveries?endpoint=${created.body.id}`)).body.items[0];
    await expect.poll(async () => (await firstDelivery())?.attempts.length ?? 0, polling('two attempts')).toBeGreaterThanOrEqual(2);
    const delivery = await firstDelivery();
    // The first attempt reached the vetted address, with the endpoint's name in the ClientHello (SNI).
    expect(recorder.hellos).toHaveLength(1);
    expect(recorder.hellos[0]!.includes(Buffer.from('hooks.merchant.test'))).toBe(true);
    // The second was refused before any connection, and the log cannot tell it from a hang-up.
    const errors = delivery.attempts.map((attempt: any) => attempt.error);
    expect(delivery.attempts.every((attempt: any) => attempt.statusCode === null)).toBe(true);
    expect(new Set(errors).size).toBe(1);
    expect(errors[0]).not.toMatch(/refused|private|address|ECONN|10\.0\.0\.7/i);
  } finally {
    await recorder.close();
  }
});
