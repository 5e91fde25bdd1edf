import { expect, test } from '@playwright/test';
import { e2eSandboxUrl, recordCspViolations, routeShop, spanishLabels as labels, startShop } from './apps/shop-page.ts';
import type { RunningServer } from '../../node/serve-app.ts';

// A storefront served with a strict CSP (no inline script, no eval, no inline style; see
// apps/app-server.ts) embeds the IIFE build. The shopper goes all the way: form, hosted page,
// back with #svc-result, approval. The page must record zero violations on the way.
let shop: RunningServer;
test.beforeAll(async () => {
  shop = await startShop();
});
test.afterAll(async () => {
  await shop.close();
});

test.describe('the widget under a strict Content-Security-Policy', () => {
  test('works from the form to the approval with zero violations', async ({ page, baseURL }) => {
    const violations = await recordCspViolations(page, baseURL!);
    await routeShop(page, shop, baseURL!);
    const response = await page.goto('/__e2e/csp/');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");

    const checkout = page.locator('svc-checkout');
    const byLabel = (text: string) => checkout.getByLabel(text, { exact: true });
    await expect(byLabel(labels.country)).toHaveValue('CR'); // es-CR preselects Costa Rica
    await byLabel(labels.firstName).fill('Ana');
    await byLabel(labels.lastName).fill('Mora');
    await byLabel(labels.email).fill('ana.mora@example.com');
    await expect(byLabel(labels.state)).toBeEnabled(); // countries/CR.js, imported under script-src 'self'
    await byLabel(labels.state).selectOption('CR-SJ');
    await byLabel(labels.city).selectOption('San José'); // territory/CR.js and CR-1.js (San José's cantones), imported under script-src 'self'
    await byLabel(labels.zip).selectOption('10101');
    await byLabel(labels.address).fill('Avenida Central 100');
    await byLabel(labels.telephone).fill('8312 3456');
    await byLabel(labels.telephone).blur(); // the phone validator module has loaded under script-src 'self'
    await expect(byLabel(labels.telephone)).toHaveAttribute('aria-invalid', 'false');
    await checkout.getByRole('button', { name: /^Pagar\b/ }).click();

    await page.waitForURL(`${e2eSandboxUrl}/hosted/**`);
    expect(violations).toEqual([]);
    await page.getByLabel(/card number/i).fill('4012000000020071');
    await page.getByLabel(/expir/i).fill('12/39');
    await page.getByLabel(/cvv|security code/i).fill('123');
    await page.getByLabel(/name/i).fill('Ana Mora');
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL(`${baseURL}/__e2e/csp/**`);
    // The BFF's 303 brought the browser back with #svc-result. Playwright's routing does not see a
    // redirect's target (it reached the demo server itself), so load the very same URL again
    // through the route: same document address, same fragment, now the storefront page.
    expect(page.url()).toContain('#svc-result=');
    await page.reload();
    await expect(checkout.getByRole('status')).toHaveText(/^Pago aprobado: ₡\s?6\s500,00\. ¡Gracias!$/, { timeout: 20_000 });
    expect(page.url()).not.toContain('svc-result');
    await expect(page.locator('#events li')).toHaveText(['svc-status', 'svc-approved']);
    expect(violations).toEqual([]);
  });

  test('the recorder does see a violation when the page breaks its own policy', async ({ page, baseURL }) => {
    const violations = await recordCspViolations(page, baseURL!);
    await routeShop(page, shop, baseURL!);
    await page.goto('/__e2e/csp/');
    await expect(page.locator('#events li').first()).toHaveText('svc-ready');
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = 'body { color: red; }';
      document.head.append(style);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(violations.join('\n')).toContain('style-src');
  });
});
