// The storefront shows what the product does: a switch offers the electronic invoice, another pays
// in a popup window; a shopper who lost that window behind the shop's page brings it back with one
// button. At phone and desktop sizes, axe in the waiting state.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addToCart, approvingCard, axeViolations, fillBilling, keepScreenshot, openFreshStorefront, payOnHostedPage } from './demo-stack.ts';

test('the invoice switch makes the checkout offer an electronic invoice', async ({ page }) => {
  await openFreshStorefront(page);
  await page.getByLabel('Offer an electronic invoice (Costa Rica)').check();
  await addToCart(page, 'Tarrazú coffee, 500 g');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.locator('svc-checkout').getByLabel('I need an electronic invoice')).toBeVisible();
});

/** Popup mode, a chocolate bar, the form filled and sent: the hosted page is open in its window. */
async function payInPopup(page: Page): Promise<{ widget: Locator; popup: Page }> {
  await openFreshStorefront(page);
  await page.getByLabel('Pay in a popup window').check();
  await addToCart(page, 'Dark chocolate bar, 70 %');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await fillBilling(page);
  const widget = page.locator('svc-checkout');
  const [popup] = await Promise.all([page.waitForEvent('popup'), widget.getByRole('button', { name: /^Pay\b/ }).click()]);
  await popup.waitForURL(/\/hosted\//);
  return { widget, popup };
}

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`at ${size.name} size, popup mode pays in a window the shopper can bring back when it is lost`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const { widget, popup } = await payInPopup(page);

    // The shopper clicks back onto the shop: the payment window is behind it now. (Headless Chromium
    // reports every page as focused and visible, so the window's coming to the front cannot be
    // observed here: the button's presence, its state and the flow after pressing it are.)
    await page.bringToFront();
    const again = widget.getByRole('button', { name: 'Show the payment window again' });
    await expect(again).toBeVisible();
    expect(await axeViolations(page), 'waiting for the payment window').toEqual([]);
    await keepScreenshot(page, testInfo, `popup-waiting-${size.name}`);
    await again.click();
    await expect(again).toBeVisible();

    await payOnHostedPage(popup, approvingCard);
    await expect(widget.getByRole('status')).toContainText('Payment approved: CRC 2,200.00', { timeout: 20_000 });
    await expect(again).toHaveCount(0);
  });
}

test('an item added while the payment window is open stays in the cart after the approval; the order kept its total', async ({ page }) => {
  const { widget, popup } = await payInPopup(page);
  await expect(widget.getByRole('button', { name: 'Show the payment window again' })).toBeVisible();

  await page.bringToFront();
  await addToCart(page, 'Cotton hammock');
  await expect(page.locator('#cart-total')).toHaveText('CRC 40,700.00');
  await expect(popup.locator('.amount')).toHaveText('CRC 2200.00');
  await payOnHostedPage(popup, approvingCard);
  await expect(widget.getByRole('status')).toContainText('Payment approved: CRC 2,200.00', { timeout: 20_000 });
  // Only what the order held left the cart.
  await expect(page.locator('#cart-lines')).toContainText('Cotton hammock');
  await expect(page.locator('#cart-lines')).not.toContainText('Dark chocolate bar');
  await expect(page.locator('#cart-total')).toHaveText('CRC 38,500.00');
});
