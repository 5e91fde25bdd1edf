// A card decline in the demo storefront, at phone and desktop sizes, in colones (SINPE Móvil is
// offered): the result offers "Pay with SINPE Móvil" beside "Try again", and "Try again" brings the
// form back with the focus on the pay button, on screen, and the live region saying what to do.
// axe in each new state. (The SINPE Móvil outcomes' own words: test/widget/outcome-words.test.ts.)
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, fillAndPay, openColonesCheckout, payOnHostedPage } from './demo-stack.ts';

/** gateway-facts.md's insufficient-funds test card (51): the BFF offers SINPE Móvil after it. */
const insufficientFundsCard = '4112613451591116';

async function declinedInColones(page: Page) {
  await openColonesCheckout(page, 'Cotton hammock');
  await fillAndPay(page);
  await page.waitForURL(/\/hosted\//);
  await payOnHostedPage(page, insufficientFundsCard);
  const widget = page.locator('svc-checkout');
  await expect(widget.locator('[part="result"]').getByRole('heading')).toHaveText('Payment declined');
  return widget;
}

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test.describe(`after a card decline (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('SINPE Móvil is offered beside "Try again", which returns to the pay button and says so', async ({ page }) => {
      const widget = await declinedInColones(page);
      const retry = widget.getByRole('button', { name: 'Try again' });
      const rescue = widget.getByRole('button', { name: 'Pay with SINPE Móvil' });
      await expect(retry).toBeVisible();
      await expect(rescue).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      await retry.click();
      const pay = widget.getByRole('button', { name: /^Pay (?!with)/ });
      await expect(pay).toBeFocused();
      await expect(pay).toBeInViewport();
      await expect(widget.getByRole('status')).toHaveText('Check your details and pay again.');
      await expect(widget.getByLabel('First name')).not.toHaveValue('');
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
