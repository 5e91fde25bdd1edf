// The shopper in the demo storefront, at phone and desktop sizes: Back from the hosted page returns
// to the form with what they typed; after a decline the result is on screen with the focus on it,
// and "Try again" shows the form filled. axe in each new state.
import { expect, test, type Page } from '@playwright/test';
import { addToCart, axeViolations, decliningCard, expectBillingKept, fillAndPay, openFreshStorefront, payOnHostedPage } from './demo-stack.ts';

async function openCheckout(page: Page) {
  await openFreshStorefront(page);
  await addToCart(page, 'Tarrazú coffee, 500 g');
  await page.getByRole('button', { name: 'Checkout' }).click();
}


for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test.describe(`the shopper's work is kept (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('Back from the hosted page returns to the form with its values', async ({ page }) => {
      await openCheckout(page);
      await fillAndPay(page);
      await page.waitForURL(/\/hosted\//);
      await page.goBack();
      await expectBillingKept(page);
      expect(await axeViolations(page)).toEqual([]);
    });

    test('after a decline the result is on screen and focused; Try again shows the form filled', async ({ page }) => {
      await openCheckout(page);
      await fillAndPay(page);
      await page.waitForURL(/\/hosted\//);
      await payOnHostedPage(page, decliningCard);
      const result = page.locator('svc-checkout').locator('[part="result"]');
      await expect(result).toBeFocused();
      await expect(result).toBeInViewport();
      await expect(result.getByRole('heading')).toHaveText('Payment declined');
      expect(await axeViolations(page)).toEqual([]);
      await page.locator('svc-checkout').getByRole('button', { name: 'Try again' }).click();
      await expectBillingKept(page);
    });
  });
}
