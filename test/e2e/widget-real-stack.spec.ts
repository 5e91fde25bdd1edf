import { expect, test, type Page } from '@playwright/test';
import { e2eBffUrl, englishLabels, fillCheckout } from './apps/shop-page.ts';
import { approvingCard, payOnHostedPage } from './demo-stack.ts';

// What the widget's component tests (test/widget/, on a fake BFF) cannot show, with the built
// widget against the real BFF and sandbox: popup mode through the sandbox's hosted page, and a
// page whose origin the BFF refuses, as the browser's CORS meets it.

const items = '[{"sku":"CR-COFFEE-500","quantity":1}]';

/** A bare storefront at `path` on `origin`: the built widget (the demo server's /widget/) and one element. */
async function serveStorefront(page: Page, origin: string, path: string, attributes: string): Promise<void> {
  // A routed document has no IP address, so Chromium files it under the public address space and
  // asks before it reaches the loopback BFF: granted, as in shop-page.ts's routeShop.
  await page.context().grantPermissions(['local-network-access'], { origin });
  await page.context().route(`${origin}${path}`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
        <script src="/widget/svc-checkout.iife.js"></script></head>
        <body><main><svc-checkout bff="${e2eBffUrl}" items='${items}' ${attributes}></svc-checkout></main></body></html>`,
    }),
  );
}

test('popup mode: the hosted page opens in a popup, the shopper pays there, the page shows the approval and closes it', async ({ page, baseURL }) => {
  await serveStorefront(page, baseURL!, '/__e2e/popup-shop/', 'mode="popup" locale="en"');
  await page.goto('/__e2e/popup-shop/');
  await fillCheckout(page, englishLabels);
  const popupOpened = page.waitForEvent('popup');
  await page.locator('svc-checkout').getByRole('button', { name: /^Pay CRC\s6,500\.00$/ }).click();
  const popup = await popupOpened;
  await popup.waitForURL(/\/hosted\//);
  await expect(page.locator('svc-checkout').getByRole('status')).toHaveText(
    'Complete the payment in the window that opened. We will show the result here.',
  );
  const closed = popup.waitForEvent('close');
  await payOnHostedPage(popup, approvingCard);
  await expect(page.locator('svc-checkout').getByRole('status')).toHaveText(/^Payment approved: CRC\s6,500\.00\. Thank you!$/, { timeout: 20_000 });
  await closed;
});

test("a page on an origin the BFF does not allow reads that payments are not available here, not a network error", async ({ page, baseURL }) => {
  // The e2e BFF allows the demo's origin (127.0.0.1); the same server as localhost is another origin.
  const foreign = baseURL!.replace('127.0.0.1', 'localhost');
  await serveStorefront(page, foreign, '/__e2e/foreign-shop/', 'locale="en"');
  const errors: string[] = [];
  await page.exposeFunction('__svcError', (code: string) => errors.push(code));
  await page.addInitScript(() =>
    document.addEventListener('svc-error', (event) => (window as unknown as { __svcError(code: string): void }).__svcError((event as Event & { code: string }).code)),
  );
  await page.goto(`${foreign}/__e2e/foreign-shop/`);
  await expect(page.locator('svc-checkout').getByRole('status')).toHaveText('Payments are not available on this page. Please contact the shop.');
  expect(errors).toEqual(['origin-not-allowed']);
});
