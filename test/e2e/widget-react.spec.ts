import { expect, test } from '@playwright/test';
import { e2eSandboxUrl, englishLabels, fillCheckout, recordCspViolations, routeShop, startShop } from './apps/shop-page.ts';
import type { RunningServer } from '../../node/serve-app.ts';

// apps/react/main.tsx: React 19 renders <svc-checkout> with properties (bff, items as an array,
// locale, noShipping) and listens with onsvc-* props; the shopper reaches the hosted page.
let shop: RunningServer;
test.beforeAll(async () => {
  shop = await startShop();
});
test.afterAll(async () => {
  await shop.close();
});

test.describe('the widget in a React 19 app', () => {
  test('takes properties from React, reports events to it, and sends the shopper to the hosted page', async ({ page, baseURL }) => {
    const violations = await recordCspViolations(page, baseURL!);
    await routeShop(page, shop, baseURL!);
    await page.goto('/__e2e/react/');
    const checkout = page.locator('svc-checkout');
    await expect(page.locator('#events li')).toHaveText(['svc-ready']);
    // items went in as an array property (2 × CR-COFFEE-500 at 6500.00), not as an attribute string.
    expect(await checkout.evaluate((element) => element.hasAttribute('items'))).toBe(false);
    await expect(checkout.locator('[part="summary"] strong')).toHaveText(/CRC\s13,000\.00/);
    // noShipping={true}: no shipping question at all.
    await expect(checkout.locator('[part="same-as-billing"]')).toHaveCount(0);

    // A React state change reaches the element as a property change.
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(checkout.getByRole('button', { name: /^Pagar\b/ })).toBeVisible();
    await page.getByRole('button', { name: 'English' }).click();

    await fillCheckout(page, englishLabels);
    await checkout.getByRole('button', { name: /^Pay\b/ }).click();
    await page.waitForURL(`${e2eSandboxUrl}/hosted/**`);
    await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('records svc-submit and svc-redirect in React state before leaving', async ({ page, baseURL }) => {
    await routeShop(page, shop, baseURL!);
    await page.goto('/__e2e/react/');
    await expect(page.locator('#events li')).toHaveText(['svc-ready']);
    // Hold the navigation so the page can be read after the events.
    await page.locator('svc-checkout').evaluate((element) => element.addEventListener('svc-redirect', (event) => event.preventDefault()));
    await fillCheckout(page, englishLabels);
    await page.locator('svc-checkout').getByRole('button', { name: /^Pay\b/ }).click();
    await expect(page.locator('#events li')).toHaveText(['svc-ready', 'svc-submit', 'svc-redirect']);
  });
});
