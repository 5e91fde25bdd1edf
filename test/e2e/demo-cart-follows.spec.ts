// The amount follows the cart: a shopper types their details, then adds one more thing to the cart.
// The open checkout shows the new total and keeps what was typed; the hosted page charges the new
// total and the result says it. At phone and desktop sizes, axe after the update.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addToCart, approvedOrderNumber, approvingCard, axeViolations, buyer, decliningCard, expectBillingKept, fillBilling, keepScreenshot, openFreshStorefront, payOnHostedPage } from './demo-stack.ts';

/** One product in the cart, the checkout open showing its total, the billing form typed. */
async function typeIntoCheckoutFor(page: Page, product: string, total: string, options: { authorizeOnly?: boolean; popup?: boolean } = {}): Promise<Locator> {
  await openFreshStorefront(page);
  await addToCart(page, product);
  if (options.authorizeOnly) await page.getByLabel(/Authorize only/).check();
  if (options.popup) await page.getByLabel('Pay in a popup window').check();
  await page.getByRole('button', { name: 'Checkout' }).click();
  const widget = page.locator('svc-checkout');
  await expect(widget.locator('[part="summary"] .total')).toContainText(total);
  await fillBilling(page);
  return widget;
}

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`at ${size.name} size, an item added after typing changes the open checkout's total and keeps the form`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const widget = await typeIntoCheckoutFor(page, 'Tarrazú coffee, 500 g', 'CRC 6,500.00');

    await addToCart(page, 'Cotton hammock');
    await expect(page.locator('#cart-total')).toHaveText('CRC 45,000.00');
    await expect(widget.locator('[part="summary"] .total')).toContainText('CRC 45,000.00');
    await expect(widget.locator('[part="summary"]')).toContainText('Cotton hammock');
    await expectBillingKept(page);
    await expect(widget.getByLabel('Directions')).toHaveValue(buyer.address);
    expect(await axeViolations(page), 'after the cart changed').toEqual([]);
    await keepScreenshot(page, testInfo, `cart-follows-${size.name}`);

    await widget.getByRole('button', { name: /^Pay\b/ }).click();
    await page.waitForURL(/\/hosted\//);
    await expect(page.locator('.amount')).toHaveText('CRC 45000.00');
    await payOnHostedPage(page, approvingCard);
    await approvedOrderNumber(page);
    await expect(widget.getByRole('status')).toContainText('Payment approved: CRC 45,000.00');
    // The order held both lines: nothing is left in the cart.
    await expect(page.locator('#cart-empty')).toBeVisible();
  });
}

test('emptying the cart closes the open checkout', async ({ page }) => {
  await openFreshStorefront(page);
  await addToCart(page, 'Dark chocolate bar, 70 %');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.locator('svc-checkout').getByRole('button', { name: /^Pay\b/ })).toBeVisible();
  await page.getByRole('button', { name: 'Remove: Dark chocolate bar, 70 %' }).click();
  await expect(page.locator('#checkout-section')).toBeHidden();
  await expect(page.locator('svc-checkout')).toHaveCount(0);
});

test('authorize only (a session from the shop’s server): an item added after typing gets a new session with the new total', async ({ page }) => {
  const widget = await typeIntoCheckoutFor(page, 'Dark chocolate bar, 70 %', 'CRC 2,200.00', { authorizeOnly: true });

  await addToCart(page, 'Chorotega ceramic mug');
  await expect(widget.locator('[part="summary"] .total')).toContainText('CRC 12,000.00');
  await expectBillingKept(page);
  await widget.getByRole('button', { name: /^Pay\b/ }).click();
  await page.waitForURL(/\/hosted\//);
  await expect(page.locator('.amount')).toHaveText('CRC 12000.00');
  await payOnHostedPage(page, approvingCard);
  await expect(page.locator('#checkout-result')).toContainText('is authorized', { timeout: 20_000 });
});

test('an item added while the payment window is open: after a decline, "Try again" pays the cart as it is now, with what was typed', async ({ page }) => {
  const widget = await typeIntoCheckoutFor(page, 'Dark chocolate bar, 70 %', 'CRC 2,200.00', { popup: true });
  const [popup] = await Promise.all([page.waitForEvent('popup'), widget.getByRole('button', { name: /^Pay\b/ }).click()]);
  await popup.waitForURL(/\/hosted\//);
  await expect(popup.locator('.amount')).toHaveText('CRC 2200.00');

  // The shopper adds a mug on the shop's page while the window is open, then the card is declined.
  await page.bringToFront();
  await addToCart(page, 'Chorotega ceramic mug');
  await expect(page.locator('#cart-total')).toHaveText('CRC 12,000.00');
  await payOnHostedPage(popup, decliningCard);
  await expect(widget.locator('[part="result"]').getByRole('heading')).toHaveText('Payment declined', { timeout: 20_000 });

  await widget.getByRole('button', { name: 'Try again' }).click();
  await expect(widget.locator('[part="summary"] .total')).toContainText('CRC 12,000.00');
  await expect(widget.locator('[part="summary"]')).toContainText('Chorotega ceramic mug');
  await expectBillingKept(page);
  expect(await axeViolations(page), 'the form for the cart as it is now').toEqual([]);
  const [again] = await Promise.all([page.waitForEvent('popup'), widget.getByRole('button', { name: /^Pay\b/ }).click()]);
  await again.waitForURL(/\/hosted\//);
  await expect(again.locator('.amount')).toHaveText('CRC 12000.00');
});
