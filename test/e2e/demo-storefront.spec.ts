// The storefront in Chromium against the whole stack (sandbox, BFF, demo): buying with an
// approving card, a decline then a retry, a purchase with the keyboard only, themes and languages.
import { expect, test, type Page } from '@playwright/test';
import { addToCart, approvedOrderNumber, approvingCard, decliningCard, fillAndPay, keepScreenshot, payOnHostedPage } from './demo-stack.ts';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/');
  await expect(page.locator('body[data-ready]')).toHaveCount(1);
});

test('buy with an approving card: cart → widget → hosted page → back with the order approved', async ({ page }, testInfo) => {
  await addToCart(page, 'Tarrazú coffee, 500 g', 2);
  await addToCart(page, 'Dark chocolate bar, 70 %');
  await expect(page.locator('#cart-total')).toHaveText('CRC 15,200.00');
  await keepScreenshot(page, testInfo, 'storefront-cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  const widget = page.locator('svc-checkout');
  await expect(widget.getByRole('button', { name: /^Pay\b/ })).toBeVisible();
  await expect(widget.locator('[part="summary"] .total')).toContainText('CRC 15,200.00');
  await keepScreenshot(page, testInfo, 'storefront-checkout-form');
  await fillAndPay(page);
  await page.waitForURL(/\/hosted\//);
  await keepScreenshot(page, testInfo, 'sandbox-hosted-page');
  await payOnHostedPage(page, approvingCard);
  const orderNumber = await approvedOrderNumber(page);
  await expect(widget.getByRole('status')).toContainText('Payment approved');
  expect(page.url()).not.toContain('svc-result');
  await expect(page.locator('#cart-empty')).toBeVisible();
  await keepScreenshot(page, testInfo, 'storefront-approved');
  expect(orderNumber).toMatch(/^SVC-/);
});

test('a declined card, then a retry with a good one, in USD', async ({ page }, testInfo) => {
  await page.getByLabel('USD $').check();
  await addToCart(page, 'Surf lesson, 2 hours');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await fillAndPay(page);
  await page.waitForURL(/\/hosted\//);
  await payOnHostedPage(page, decliningCard);
  const widget = page.locator('svc-checkout');
  await expect(widget.locator('[part="result"]').getByRole('heading')).toHaveText('Payment declined', { timeout: 20_000 });
  // Said once, by the widget: the storefront adds no line of its own.
  await expect(page.locator('#checkout-result')).toHaveText('');
  // The widget's own words for the decline (the BFF's catalog), never the gateway's text.
  await expect(widget.getByRole('status')).toContainText('No money was taken');
  await keepScreenshot(page, testInfo, 'storefront-declined');

  await widget.getByRole('button', { name: 'Try again' }).click();
  await expect(widget.getByRole('button', { name: /^Pay\b/ })).toBeVisible();
  await expect(widget.locator('[part="summary"] .total')).toContainText('$55.00');
  await fillAndPay(page);
  await page.waitForURL(/\/hosted\//);
  await payOnHostedPage(page, approvingCard);
  await approvedOrderNumber(page);
  await expect(widget.getByRole('status')).toContainText('Payment approved: $55.00');
});

/** The element focused now, through shadow roots: its tag, type and accessible-ish name. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    let element: Element | null = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    if (!element) return '';
    const input = element as HTMLInputElement;
    const label = input.labels?.[0]?.textContent ?? element.getAttribute('aria-label') ?? element.textContent ?? '';
    return `${element.tagName.toLowerCase()}|${label.replace(/\s+/g, ' ').trim()}`;
  });
}

/** Presses Tab until the focused element matches; fails if it never does. */
async function tabTo(page: Page, pattern: RegExp, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (pattern.test(await focused(page))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`never reached ${pattern} with Tab (last: ${await focused(page)})`);
}

test('a purchase with the keyboard only', async ({ page }, testInfo) => {
  await tabTo(page, /^button\|Add to cart: Cotton hammock$/);
  await page.keyboard.press('Enter');
  await tabTo(page, /^button\|Checkout$/);
  await page.keyboard.press('Enter');
  await tabTo(page, /^input\|First name/);
  const type = async (text: string) => page.keyboard.type(text);
  await type('Ana');
  await page.keyboard.press('Tab');
  await type('Mora');
  await tabTo(page, /^input\|E-mail/);
  await type('ana.mora@example.com');
  await tabTo(page, /^select\|Country/);
  await type('Costa Rica');
  await page.keyboard.press('Tab');
  await expect.poll(() => focused(page)).toMatch(/^select\|Province/);
  await expect(page.locator('svc-checkout').getByLabel('Province').locator('option[value="CR-SJ"]')).toHaveCount(1);
  await type('San'); // San José (a space would open the closed select)
  await tabTo(page, /^select\|Canton/);
  await expect(page.locator('svc-checkout').getByLabel('Canton').locator('option[value="San José"]')).toHaveCount(1);
  await type('San');
  await page.keyboard.press('Tab');
  await expect(page.locator('svc-checkout').getByLabel('District').locator('option[value="10101"]')).toHaveCount(1);
  await type('Carmen');
  await tabTo(page, /^input\|Directions/);
  await type('Avenida Central 100');
  await tabTo(page, /^input\|Phone/);
  await type('+506 8312 3456');
  await keepScreenshot(page, testInfo, 'storefront-keyboard-form');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/hosted\//);
  await tabTo(page, /^input\|Card number/);
  await type(approvingCard);
  await tabTo(page, /^input\|Expiry/);
  await type('12/39');
  await tabTo(page, /^input\|Security code/);
  await type('123');
  await tabTo(page, /^input\|Name on card/);
  await type('Ana Mora');
  await page.keyboard.press('Enter');
  const orderNumber = await approvedOrderNumber(page);
  expect(orderNumber).toMatch(/^SVC-/);
});

test('three checkout themes change only the widget custom properties; the language follows the switcher', async ({ page }, testInfo) => {
  await addToCart(page, 'Chorotega ceramic mug');
  await page.getByRole('button', { name: 'Checkout' }).click();
  const pay = page.locator('svc-checkout').getByRole('button', { name: /^Pay\b/ });
  await expect(pay).toBeVisible();
  const colors: string[] = [];
  for (const theme of ['ocean', 'rainforest', 'volcano']) {
    await page.getByLabel('Checkout theme').selectOption(theme);
    colors.push(await pay.evaluate((button) => getComputedStyle(button).backgroundColor));
    await keepScreenshot(page, testInfo, `storefront-theme-${theme}`);
  }
  expect(new Set(colors).size).toBe(3);

  await page.getByLabel('Language').selectOption('es-CR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-CR');
  await expect(page.getByRole('heading', { name: 'Compre Costa Rica' })).toBeVisible();
  await expect(page.locator('svc-checkout').getByLabel('Nombre', { exact: true })).toBeVisible();
  await page.getByLabel('Idioma').selectOption('pt-BR');
  await expect(page.getByRole('heading', { name: 'Compre a Costa Rica' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'storefront-pt-BR');
});

test('on a phone-sized screen the storefront fits without sideways scrolling', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await addToCart(page, 'Cotton hammock');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.locator('svc-checkout').getByRole('button', { name: /^Pay\b/ })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await keepScreenshot(page, testInfo, 'storefront-phone');
});
