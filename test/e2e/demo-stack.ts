// What the demo e2e tests share: the merchant secret the e2e stack runs with, and the steps a
// shopper and a merchant take in the demo's pages (Chromium against `scripts/start.ts`).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { approvingCard, costaRicanBuyer, decliningCard } from '../fixtures/costa-rican-buyer.ts';

/** Set as MERCHANT_SECRET by playwright.e2e.config.ts: the back office signs in with it. */
export const e2eMerchantSecret = 'e2e-merchant-secret-0123456789abcdef';

export { approvingCard, decliningCard };
export const buyer = costaRicanBuyer;

/** The storefront with an empty cart and nothing kept from an earlier test in this tab. */
export async function openFreshStorefront(page: Page): Promise<void> {
  await page.goto('/');
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/');
  await expect(page.locator('body[data-ready]')).toHaveCount(1);
}

/** The widget's form still holds what fillBilling typed. */
export async function expectBillingKept(page: Page): Promise<void> {
  const widget = page.locator('svc-checkout');
  await expect(widget.getByLabel('First name')).toHaveValue(buyer.firstName);
  await expect(widget.getByLabel('E-mail')).toHaveValue(buyer.email);
  await expect(widget.getByLabel('Province')).toHaveValue(buyer.state);
  await expect(widget.getByLabel('Phone')).toHaveValue(buyer.telephone);
}

/** Adds `quantity` of a product (by its visible name) to the cart. */
export async function addToCart(page: Page, productName: string | RegExp, quantity = 1): Promise<void> {
  for (let i = 0; i < quantity; i++) {
    await page.getByRole('button', { name: typeof productName === 'string' ? `Add to cart: ${productName}` : productName }).click();
  }
}

/** A fresh storefront tab (nothing kept from earlier tests), a colones cart of `productName`, and the checkout open. */
export async function openColonesCheckout(page: Page, productName: string): Promise<void> {
  await page.goto('/');
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/');
  await expect(page.locator('body[data-ready]')).toHaveCount(1);
  await page.getByLabel('CRC ₡').check();
  await addToCart(page, productName);
  await page.getByRole('button', { name: 'Checkout' }).click();
}

/** Fills the widget's billing form and presses Continue; the page goes to the hosted payment page. */
export async function fillAndPay(page: Page): Promise<void> {
  await fillBilling(page);
  await page.locator('svc-checkout').getByRole('button', { name: /^Pay\b/ }).click();
}

/** Fills the widget's billing form with the Costa Rican buyer. */
export async function fillBilling(page: Page): Promise<void> {
  const widget = page.locator('svc-checkout');
  await widget.getByLabel('First name').fill(buyer.firstName);
  await widget.getByLabel('Last name').fill(buyer.lastName);
  await widget.getByLabel('E-mail').fill(buyer.email);
  await widget.getByLabel('Country').selectOption(buyer.country);
  // Costa Rica: provincia → cantón → distrito, each level's options arriving with the one above.
  await expect(widget.getByLabel('Province').locator(`option[value="${buyer.state}"]`)).toHaveCount(1);
  await widget.getByLabel('Province').selectOption(buyer.state);
  await widget.getByLabel('Canton').selectOption(buyer.city);
  await widget.getByLabel('District').selectOption(buyer.zip);
  await widget.getByLabel('Directions').fill(buyer.address);
  await widget.getByLabel('Phone').fill(buyer.telephone);
}

/** On the sandbox's hosted page (or a payment link's page): type the card and press Pay. */
export async function payOnHostedPage(page: Page, card: string): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Ana Mora');
  await page.getByRole('button', { name: 'Pay' }).click();
}

/** The order number the widget's result panel shows after an approval (the storefront says no outcome of its own). */
export async function approvedOrderNumber(page: Page): Promise<string> {
  const result = page.locator('svc-checkout [part="result"]');
  await expect(result.getByRole('heading')).toHaveText('Payment approved', { timeout: 20_000 });
  return /Order (\S+)/.exec((await result.getByText(/^Order /).textContent()) ?? '')![1]!;
}

/** Buys in the storefront and returns the order number; `authorizeOnly` makes a capture=0 order. */
export async function buy(page: Page, options: { currency: 'CRC' | 'USD'; product: string; authorizeOnly?: boolean }): Promise<string> {
  await page.goto('/');
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/');
  await expect(page.locator('body[data-ready]')).toHaveCount(1);
  await page.getByLabel(options.currency === 'CRC' ? 'CRC ₡' : 'USD $').check();
  await addToCart(page, options.product);
  if (options.authorizeOnly) await page.getByLabel(/Authorize only/).check();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await fillAndPay(page);
  await page.waitForURL(/\/hosted\//);
  await payOnHostedPage(page, approvingCard);
  return approvedOrderNumber(page);
}

export async function signInBackOffice(page: Page): Promise<void> {
  await page.goto('/backoffice.html');
  await page.getByLabel('Merchant secret').fill(e2eMerchantSecret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('body[data-signed-in]')).toHaveCount(1);
}

/** Creates a CRC payment link in the signed-in back office (in English) and returns its id. */
export async function createPaymentLink(page: Page, amount: string, description: string): Promise<string> {
  const form = page.locator('#link-form');
  await form.getByLabel('Amount').fill(amount);
  await form.getByLabel('Currency').selectOption('CRC');
  await form.getByLabel('Description').fill(description);
  await form.getByRole('button', { name: 'Create link' }).click();
  await expect(page.locator('#notice')).toContainText(/Payment link \d+ created/);
  return /Payment link (\d+) created/.exec((await page.locator('#notice').textContent()) ?? '')![1]!;
}

/** A full-page screenshot kept as a test artifact (in the output folder and the report). */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core in the page (injected through the DevTools protocol, so the page's CSP stays strict). */
export async function axeViolations(page: Page): Promise<Array<{ id: string; help: string; nodes: string[] }>> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown }> }> }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({ id: violation.id, help: violation.help, nodes: violation.nodes.map((node) => JSON.stringify(node.target)) }));
  });
}
