// The confirmation survives a reload in the demo storefront, at phone and desktop sizes with axe:
// after the hosted page and after a payment in a popup window (whose page never leaves) the shopper
// reloads and sees "Payment approved" and the order number again; once they go on shopping, a
// reload is the shop, not the old result. Back from the hosted page, the storefront puts the widget
// on the page before any request of its own (the status request is the first to the BFF).
import { expect, test, type Page } from '@playwright/test';
import { addToCart, approvingCard, axeViolations, fillAndPay, fillBilling, keepScreenshot, openFreshStorefront, payOnHostedPage } from './demo-stack.ts';

const widget = (page: Page) => page.locator('svc-checkout');
const resultPanel = (page: Page) => widget(page).locator('[part="result"]');

async function expectResultAgain(page: Page, orderNumber: string): Promise<void> {
  await expect(resultPanel(page).getByRole('heading')).toHaveText('Payment approved', { timeout: 20_000 });
  await expect(resultPanel(page).getByText(`Order ${orderNumber}`)).toBeVisible();
  await expect(resultPanel(page)).toBeFocused();
  // The cart held only the paid order: it stays empty, and nothing asks to pay again.
  await expect(page.locator('#cart-empty')).toBeVisible();
  await expect(widget(page).getByRole('button', { name: /^Pay\b/ })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
}

async function orderNumberShown(page: Page): Promise<string> {
  await expect(resultPanel(page).getByRole('heading')).toHaveText('Payment approved', { timeout: 20_000 });
  return /Order (\S+)/.exec((await resultPanel(page).getByText(/^Order /).textContent()) ?? '')![1]!;
}

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test.describe(`the kept result in the storefront (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a reload after the hosted page\'s approval shows it again; after "Continue shopping" a reload is the shop', async ({ page }, testInfo) => {
      await openFreshStorefront(page);
      await addToCart(page, 'Tarrazú coffee, 500 g');
      await page.getByRole('button', { name: 'Checkout' }).click();
      await fillAndPay(page);
      await page.waitForURL(/\/hosted\//);
      await payOnHostedPage(page, approvingCard);
      const orderNumber = await orderNumberShown(page);

      await page.reload();
      await expectResultAgain(page, orderNumber);
      await keepScreenshot(page, testInfo, `kept-result-${size.name}`);

      await page.getByRole('button', { name: 'Continue shopping' }).click();
      await page.reload();
      await expect(page.locator('body[data-ready]')).toHaveCount(1);
      await expect(page.locator('#checkout-section')).toBeHidden();
      await expect(resultPanel(page)).toHaveCount(0);
    });

    test('a reload after an approval in the popup window shows it again', async ({ page }) => {
      await openFreshStorefront(page);
      await page.getByLabel('Pay in a popup window').check();
      await addToCart(page, 'Dark chocolate bar, 70 %');
      await page.getByRole('button', { name: 'Checkout' }).click();
      await fillBilling(page);
      const [popup] = await Promise.all([page.waitForEvent('popup'), widget(page).getByRole('button', { name: /^Pay\b/ }).click()]);
      await popup.waitForURL(/\/hosted\//);
      await payOnHostedPage(popup, approvingCard);
      const orderNumber = await orderNumberShown(page);

      await page.reload();
      await expectResultAgain(page, orderNumber);
    });
  });
}

test('back from the hosted page, the status request is the storefront\'s first request to the BFF, and no config fetch comes before it', async ({ page }) => {
  await openFreshStorefront(page);
  await addToCart(page, 'Tarrazú coffee, 500 g');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await fillAndPay(page);
  await page.waitForURL(/\/hosted\//);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await payOnHostedPage(page, approvingCard);
  await orderNumberShown(page);
  const back = requests.findIndex((path) => path === '/');
  const status = requests.findIndex((path, index) => index > back && path.startsWith('/v1/orders/'));
  expect(back, 'the storefront was loaded again').toBeGreaterThanOrEqual(0);
  expect(status, 'the widget asked the order\'s status').toBeGreaterThan(back);
  expect(requests.slice(back, status), 'what the storefront asked before the status').not.toContain('/config.json');
});
