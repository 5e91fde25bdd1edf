import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { processPaymentResponse, paymentRedirectQuery } from '../../contract/gateway/index.ts';
import { verifyOrderHashV2 } from '../../contract/order-hash.ts';
import { sandboxDefaults } from '../../sandbox/defaults.ts';
import { startSandbox } from '../../sandbox/server.ts';
import type { RunningServer } from '../../node/serve-app.ts';

// The sandbox's hosted payment page driven by a real Chromium: a buyer types a card, presses
// Pay, and lands on the merchant's redirect with a query whose OrderHash verifies. This test
// starts its own sandbox and a tiny merchant page on ephemeral ports (not the e2e webServer).

const merchant = sandboxDefaults.merchant;
let sandbox: RunningServer;
let merchantSite: { url: string; close(): Promise<void> };

test.beforeAll(async () => {
  sandbox = await startSandbox({ SANDBOX_PORT: '0' });
  const server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Merchant</title><p>Back at the shop</p>'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  merchantSite = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
});
test.afterAll(async () => {
  await sandbox?.close();
  await merchantSite?.close();
});

async function hostedPaymentFor(orderNumber: string): Promise<string> {
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${sandbox.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const { access_token } = (await (await post('/api/v1/login', { apiuser: merchant.apiUser, password: merchant.apiPassword })).json()) as { access_token: string };
  const address = { FirstName: 'Ana', LastName: 'Solís', Address: 'Av. Central', Address2: '', City: 'San José', ZipPostCode: '10101', Telephone: '+50688887777', State: 'CR-SJ', Country: 'CR' };
  const body: Record<string, string> = {
    redirect: `${merchantSite.url}/return`, key: merchant.apiKey, amount: '15000.00', currency: 'CRC', orderNumber, capture: '1',
    billToEmail: 'ana@example.com', subscription: '0', platform: 'e2e', hashVersion: 'V2', returnData: 'b3BhcXVl',
  };
  for (const [field, value] of Object.entries(address)) {
    body[`billTo${field}`] = value;
    body[`shipTo${field}`] = value;
  }
  return processPaymentResponse.parse(await (await post('/api/v1/processPayment', body, access_token)).json()).url;
}

async function payInBrowser(page: Page, hostedUrl: string, card: string): Promise<URLSearchParams> {
  await page.goto(hostedUrl);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Ana Solís');
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(`${merchantSite.url}/return?**`);
  await expect(page.getByText('Back at the shop')).toBeVisible();
  return new URL(page.url()).searchParams;
}

const hashVerifies = (query: URLSearchParams, orderNumber: string) =>
  verifyOrderHashV2(
    {
      tpt: query.get('tpt') ?? '', apiKey: merchant.apiKey, apiUser: merchant.apiUser, apiPassword: merchant.apiPassword,
      orderNumber, amount: '15000.00', currency: 'CRC', responseCode: query.get('code') ?? '', auth: query.get('auth') ?? '', email: 'ana@example.com',
    },
    query.get('OrderHash') ?? '',
  );

test('an approving card lands on the merchant redirect with code 1 and a verifiable OrderHash', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  const query = await payInBrowser(page, await hostedPaymentFor('E2E-OK'), '4012000000020071');
  expect(paymentRedirectQuery.parse(Object.fromEntries(query))).toMatchObject({ code: '1', order: 'E2E-OK', returnData: 'b3BhcXVl', form_update: 'ok' });
  expect(await hashVerifies(query, 'E2E-OK')).toBe(true);
  // No CSP violation (a blocked stylesheet or form-action would log one).
  expect(errors).toEqual([]);
});

test('a declining card lands on the redirect with a decline code, and its OrderHash verifies too', async ({ page }) => {
  const query = await payInBrowser(page, await hostedPaymentFor('E2E-DENIED'), '4012000000020121');
  expect(query.get('code')).not.toBe('1');
  expect(query.get('auth')).toBe('');
  expect(await hashVerifies(query, 'E2E-DENIED')).toBe(true);
});

test('a mistyped card stays on the page with an accessible error', async ({ page }) => {
  const hosted = await hostedPaymentFor('E2E-TYPO');
  await page.goto(hosted);
  await page.getByLabel('Card number').fill('4012 0000 0002 0072');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Ana Solís');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Enter a valid card number.')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  expect(page.url().startsWith(sandbox.url)).toBe(true);
});

test('the hosted page, blank and with errors, has no axe accessibility violations', async ({ browser }) => {
  // The page's CSP rightly refuses injected scripts, so only this audit context bypasses it.
  const context = await browser.newContext({ bypassCSP: true });
  try {
    const page = await context.newPage();
    const audit = async () => {
      await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
      return page.evaluate(async () => (await (window as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string }> }> } }).axe.run()).violations.map((v) => v.id));
    };
    await page.goto(await hostedPaymentFor('E2E-AXE'));
    expect(await audit()).toEqual([]);
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByText('Enter a valid card number.')).toBeVisible();
    expect(await audit()).toEqual([]);
  } finally {
    await context.close();
  }
});
