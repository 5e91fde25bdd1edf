// A dollar cart paid by card in colones on the demo storefront (npm start sets CARD_COLONES_FOR_USD=1
// and a 506.52 rate), on a phone's width: the card's "pay in dollars / in colones" choice, the pay
// button in colones, the sandbox's hosted page asking colones, the approval, and the back office
// showing what the card was charged. axe on the form with the choice made.
import { expect, test } from '@playwright/test';
import { addToCart, approvedOrderNumber, approvingCard, axeViolations, fillBilling, payOnHostedPage, signInBackOffice } from './demo-stack.ts';

test('a dollar cart is paid by card in colones at 390 px, and the back office shows the charge', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/');
  await expect(page.locator('body[data-ready]')).toHaveCount(1);
  await page.getByLabel('USD $').check();
  await addToCart(page, 'Pura vida T-shirt');
  await page.getByRole('button', { name: 'Checkout' }).click();

  const widget = page.locator('svc-checkout');
  const dollars = widget.getByRole('radio', { name: /^Pay in dollars \(\$[\d.,]+\)$/ });
  // Colones as the page's language writes them: "CRC 12,658.00" in English.
  const colones = widget.getByRole('radio', { name: /^Pay in colones \((₡|CRC\s)[\d.,\s]+\)$/ });
  await expect(dollars).toBeChecked();
  await expect(widget.getByRole('group', { name: 'Card charge currency' })).toBeVisible();
  await colones.check();
  const colonesLabel = (await widget.locator('[part="card-currency-option"]').nth(1).textContent())!;
  const charged = /\(([^)]+)\)/.exec(colonesLabel)![1]!.trim();
  await fillBilling(page);
  const pay = widget.getByRole('button', { name: /^Pay\b/ });
  await expect(pay).toContainText(charged);
  expect(await axeViolations(page)).toEqual([]);

  await pay.click();
  await page.waitForURL(/\/hosted\//);
  await expect(page.locator('.amount')).toContainText('CRC');
  await payOnHostedPage(page, approvingCard);
  const orderNumber = await approvedOrderNumber(page);

  await signInBackOffice(page);
  await expect(page.locator(`tr[data-order-number="${orderNumber}"] .local-amount`)).toContainText(/Card charged (₡|CRC\s)[\d.,\s]+ \((₡|CRC\s)506\.52\)/);
});
