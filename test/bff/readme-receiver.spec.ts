// The merchant webhook receiver of the README and of docs/webhooks.md, each run as written: it accepts
// a signed event once, answers a redelivery (same webhook-id) without handling it again, and refuses a
// bad signature.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { expect, test } from '../support/node-test.ts';
import { Webhook } from 'standardwebhooks';
import { newWebhookSecret } from '../../bff/outbox/signing.ts';
import { freePort } from './fixtures/bff-process.ts';

for (const page of ['README.md', 'docs/webhooks.md']) test(`the ${page} receiver verifies with standardwebhooks and dedupes by webhook-id`, async () => {
  const readme = readFileSync(page, 'utf8');
  const code = /A receiver in Node that verifies and dedupes:\n\n```js\n([\s\S]+?)```/.exec(readme)?.[1];
  expect(code, `the receiver block in ${page}`).toBeTruthy();
  expect(code!.trim().split('\n').length).toBeLessThanOrEqual(20);
  // Inside the project, so `standardwebhooks` resolves from node_modules as in a merchant's app.
  mkdirSync('.test-output', { recursive: true });
  const file = `.test-output/readme-receiver-${process.pid}-${page.replace(/\W/g, '-')}.mjs`;
  writeFileSync(file, code!);
  const secret = newWebhookSecret();
  const port = await freePort();
  const child = spawn(process.execPath, [file], { env: { PATH: process.env.PATH ?? '', MERCHANT_WEBHOOK_SECRET: secret, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const body = JSON.stringify({ type: 'order.approved', timestamp: new Date().toISOString(), data: { orderNumber: 'README-1' } });
    const headers = (id: string, key = secret) => {
      const at = new Date();
      return { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(key).sign(id, at, body) };
    };
    const post = async (init: Record<string, string>) => (await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers: init, body })).status;
    // Node is still starting: its port takes a connection once the receiver listens.
    const listening = () =>
      new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => resolve(true)).once('error', () => resolve(false));
        socket.once('close', () => socket.destroy());
        socket.once('connect', () => socket.end());
      });
    await expect.poll(listening, { message: 'the receiver listening', timeout: 10_000 }).toBe(true);
    expect(await post(headers('msg_readme_1'))).toBe(204);
    expect(await post(headers('msg_readme_1'))).toBe(204);
    expect(await post(headers('msg_readme_2', newWebhookSecret()))).toBe(400);
    await expect.poll(() => output).toContain('order.approved');
    expect(output.match(/order\.approved/g)).toHaveLength(1);
  } finally {
    child.kill('SIGKILL');
  }
});
