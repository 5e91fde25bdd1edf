// GET /docs in Chromium: the API reference renders the served /v1/openapi.json, every request the
// page makes stays on the BFF's origin (no CDN, works offline), and its CSP is never violated.
import { chromium, type Browser } from '@playwright/test';
import { expect, test } from '../support/node-test.ts';
import { chromiumArgs, chromiumExecutable } from '../chromium.ts';
import { startSystem, type System } from '../support/system.ts';

let stack: System;
let browser: Browser;
test.beforeAll(async () => {
  stack = await startSystem({ mode: 'listening' });
  browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
});
test.afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

test('/docs renders the operations from /v1/openapi.json with no request off the BFF origin and no CSP violation', async () => {
  const page = await browser.newPage();
  const requested: string[] = [];
  const violations: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => violations.push(String(error)));
  // Chromium does not always log a blocked style attribute: the page's own report of each violation.
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation(text: string): void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });

  const response = await page.goto(`${stack.bffUrl}/docs`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("default-src 'none'");

  // A summary of the merchant API and one of the webhooks a merchant receives, as rendered.
  await expect(page.getByText('Create a checkout session', { exact: true })).toBeVisible();
  await expect(page.getByText('/v1/merchant/checkout-sessions', { exact: true })).toBeVisible();
  await expect(page.getByText('order.approved', { exact: true }).first()).toBeVisible();
  // Opened, an operation shows its parameters and a highlighted example answer (styled inline).
  await page.getByText('Create a checkout session', { exact: true }).click();
  await expect(page.getByText('Idempotency-Key', { exact: true }).first()).toBeVisible();
  await expect(page.locator('.highlight-code').first()).toBeVisible();

  const origin = new URL(stack.bffUrl).origin;
  const network = requested.filter((url) => /^(https?|wss?):/.test(url));
  expect(network).toContain(`${origin}/v1/openapi.json`);
  expect(network.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  expect(violations).toEqual([]);
  await page.close();
});
