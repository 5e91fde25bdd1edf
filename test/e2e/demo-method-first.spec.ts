// The payment method first, on a phone and on a desktop: with the checkout at the top of the screen,
// the card / SINPE Móvil choice shows on the first screen right after the order summary, as two
// side-by-side buttons at least 44 px tall; SINPE Móvil asks only name, e-mail and phone and opens
// the transfer from them, which the sandbox's bank app then pays. axe clean in each state.
import { expect, test } from '@playwright/test';
import { approvedOrderNumber, axeViolations, buyer, openColonesCheckout } from './demo-stack.ts';

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the method choice is on the first screen after the summary, and SINPE Móvil asks only name, e-mail and phone', async ({ page }) => {
      // Not the hammock: demo-sinpe.spec.ts sends a stray transfer of its price that must match no awaited one.
      await openColonesCheckout(page, 'Tarrazú coffee, 500 g');
      const widget = page.locator('svc-checkout');
      const card = widget.getByRole('radio', { name: 'Card' });
      const sinpe = widget.getByRole('radio', { name: 'SINPE Móvil' });
      await expect(sinpe).toBeVisible();
      const form = widget.locator('[part="form"]');
      await form.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      const choice = (await widget.locator('[part="method-choice"]').boundingBox())!;
      const summary = (await widget.locator('[part="form"] > :first-child').boundingBox())!;
      expect(choice.y).toBeGreaterThanOrEqual(summary.y + summary.height);
      expect(choice.y + choice.height).toBeLessThan(viewport.height);
      // Two segmented buttons side by side, each a touch target of at least 44 px.
      const options = widget.locator('[part="method-option"]');
      const [first, second] = [(await options.nth(0).boundingBox())!, (await options.nth(1).boundingBox())!];
      expect(Math.round(first.y)).toBe(Math.round(second.y));
      expect(Math.min(first.height, second.height)).toBeGreaterThanOrEqual(44);
      await expect(card).toBeChecked();
      expect(await axeViolations(page)).toEqual([]);

      await sinpe.check();
      await expect(widget.getByLabel('Country')).toHaveCount(0);
      await expect(widget.getByLabel('Directions')).toHaveCount(0);
      await widget.getByLabel('First name').fill(buyer.firstName);
      await widget.getByLabel('Last name').fill(buyer.lastName);
      await widget.getByLabel('E-mail').fill(buyer.email);
      await widget.getByLabel('Phone').fill('8312 3456');
      expect(await axeViolations(page)).toEqual([]);
      await widget.getByRole('button', { name: /^Pay\b/ }).click();
      await expect(widget.locator('svc-sinpe-panel [part="sinpe-value"]').first()).toHaveText('8888-7777');
      expect(await axeViolations(page)).toEqual([]);
      // Paid, so no transfer of this amount stays awaited for the suites that follow on this stack.
      await page.getByRole('button', { name: 'Simulate the transfer from my bank app' }).click();
      await approvedOrderNumber(page);
    });
  });
}
