import { expect, test } from '@playwright/test';
import { e2eSandboxUrl, fillCheckout, recordCspViolations, routeShop, startShop } from './apps/shop-page.ts';
import type { RunningServer } from '../../node/serve-app.ts';

// apps/vue/main.ts: Vue 3 renders <svc-checkout> with properties and onSvc* listeners;
// the shopper fills the form in Portuguese and reaches the hosted page.
let shop: RunningServer;
test.beforeAll(async () => {
  shop = await startShop();
});
test.afterAll(async () => {
  await shop.close();
});

const portugueseLabels = {
  firstName: 'Nome',
  lastName: 'Sobrenome',
  email: 'E-mail',
  country: 'País',
  state: 'Província',
  city: 'Cantão',
  zip: 'Distrito (opcional)',
  address: 'Indicações (otras señas)',
  telephone: 'Telefone',
};

test.describe('the widget in a Vue 3 app', () => {
  test('takes properties from Vue, reports events to it, and sends the shopper to the hosted page', async ({ page, baseURL }) => {
    const violations = await recordCspViolations(page, baseURL!);
    await routeShop(page, shop, baseURL!);
    await page.goto('/__e2e/vue/');
    const checkout = page.locator('svc-checkout');
    await expect(page.locator('#events li')).toHaveText(['svc-ready']);
    expect(await checkout.evaluate((element) => element.hasAttribute('items'))).toBe(false);
    // 3 × CR-CHOCOLATE-BAR at 2200.00, in pt-BR.
    await expect(checkout.locator('[part="summary"] strong')).toHaveText(/CRC\s6\.600,00/);

    // A Vue ref change reaches the element as a property change.
    await page.getByRole('button', { name: 'Language' }).click();
    await expect(checkout.getByRole('button', { name: /^Pay\b/ })).toBeVisible();
    await page.getByRole('button', { name: 'Language' }).click();

    await fillCheckout(page, portugueseLabels);
    await checkout.getByRole('button', { name: /^Pagar\b/ }).click();
    await page.waitForURL(`${e2eSandboxUrl}/hosted/**`);
    await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('records svc-submit and svc-redirect in Vue state before leaving', async ({ page, baseURL }) => {
    await routeShop(page, shop, baseURL!);
    await page.goto('/__e2e/vue/');
    await expect(page.locator('#events li')).toHaveText(['svc-ready']);
    // Hold the navigation so the page can be read after the events.
    await page.locator('svc-checkout').evaluate((element) => element.addEventListener('svc-redirect', (event) => event.preventDefault()));
    await fillCheckout(page, portugueseLabels);
    await page.locator('svc-checkout').getByRole('button', { name: /^Pagar\b/ }).click();
    await expect(page.locator('#events li')).toHaveText(['svc-ready', 'svc-submit', 'svc-redirect']);
  });
});
