// The packed widget in the apps merchants build (test/packaging/fixture-apps.ts): Vite + React 19
// under the dev server and after `vite build`, webpack 5, and a plain <script> page. In each, a
// shopper buys with a card (the hosted page and back) and with SINPE Móvil (the transfer on the same
// page); no request of the page may answer 404 (a part a bundler did not emit, or looked for in the
// wrong folder), and the page may throw nothing.
import { expect, test, type Page } from '@playwright/test';
import { approvingCard, payOnHostedPage } from '../e2e/demo-stack.ts';
import { e2eBffUrl, e2eSandboxUrl, englishLabels, fillCheckout } from '../e2e/apps/shop-page.ts';
import { fixtureApps, type FixtureApp } from './fixture-apps.ts';

/** Opens the app's shop page (served on the suite's baseURL) and records what went wrong on it. */
async function openShop(page: Page, baseURL: string, app: FixtureApp): Promise<{ missing: string[]; errors: string[] }> {
  const missing: string[] = [];
  const errors: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  page.on('requestfailed', (request) => {
    // A navigation away (to the hosted page) aborts what was in flight; only the shop's own files count.
    if (request.url().startsWith(baseURL) && request.failure()?.errorText !== 'net::ERR_ABORTED') missing.push(`${request.url()} (${request.failure()?.errorText})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.context().grantPermissions(['local-network-access'], { origin: baseURL });
  await page.goto(`/__pkg/${app}/?bff=${encodeURIComponent(e2eBffUrl)}`);
  return { missing, errors };
}

const checkout = (page: Page) => page.locator('svc-checkout');

for (const app of fixtureApps) {
  test.describe(`the packed widget in ${app}`, () => {
    test('buys with a card: the hosted page, then the approval back in the app', async ({ page, baseURL }) => {
      const { missing, errors } = await openShop(page, baseURL!, app);
      await expect(checkout(page).locator('[part="summary"]')).toContainText('CRC');
      await fillCheckout(page, englishLabels);
      await checkout(page).getByRole('button', { name: /^Pay\b/ }).click();
      await page.waitForURL(`${e2eSandboxUrl}/hosted/**`);
      await payOnHostedPage(page, approvingCard);
      await page.waitForURL(`${baseURL}/__pkg/${app}/**`);
      await expect(checkout(page).getByRole('status')).toContainText('Payment approved', { timeout: 20_000 });
      expect(missing).toEqual([]);
      expect(errors).toEqual([]);
    });

    test('buys with SINPE Móvil: the transfer on the same page, then the approval', async ({ page, baseURL }) => {
      const { missing, errors } = await openShop(page, baseURL!, app);
      await fillCheckout(page, englishLabels);
      await checkout(page).getByRole('radio', { name: 'SINPE Móvil' }).check();
      const pending = checkout(page).evaluate(
        (element) =>
          new Promise<{ reference: string; amount: string }>((resolve) =>
            element.addEventListener('svc-sinpe-pending', (event) => resolve(event as unknown as { reference: string; amount: string }), { once: true }),
          ).then(({ reference, amount }) => ({ reference, amount })),
      );
      await checkout(page).getByRole('button', { name: /^Pay\b/ }).click();
      const { reference, amount } = await pending;
      // The panel shows what to type in the bank app.
      await expect(checkout(page).locator('svc-sinpe-panel [part="sinpe-value"]').nth(2)).toHaveText(reference);
      // The shopper's bank app sends the transfer (the sandbox bank, as the demo's button does).
      const sent = await fetch(`${e2eSandboxUrl}/_sandbox/bank/sinpe-transfers`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ reference, amount, currency: 'CRC', outcome: 'posted' }),
      });
      expect(sent.ok).toBe(true);
      await expect(checkout(page).getByRole('status')).toContainText('Payment approved', { timeout: 30_000 });
      expect(missing).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
}
