// A refused action corrected and confirmed again in the back office: the corrected request is a
// new operation with its own Idempotency-Key, while a retry of the same request keeps its key.
import { expect, test, type Page } from '@playwright/test';
import { buy, signInBackOffice } from './demo-stack.ts';

async function captureThenRefuseRefund(page: Page, orderNumber: string) {
  await page.getByRole('button', { name: `Capture ${orderNumber}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator(`#orders-table tr[data-order-number="${orderNumber}"]`)).toHaveAttribute('data-status', 'captured');

  await page.getByRole('button', { name: `Refund ${orderNumber}` }).click();
  await dialog.getByLabel('Amount').fill('999999.00');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That is more than this action allows now: up to CRC 38,500.00.');
  return dialog;
}

for (const size of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`at ${size.name} size, a refund refused for its amount can be corrected and confirmed in the same dialog`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const orderNumber = await buy(page, { currency: 'CRC', product: 'Cotton hammock', authorizeOnly: true });
    await signInBackOffice(page);
    const dialog = await captureThenRefuseRefund(page, orderNumber);

    await dialog.getByLabel('Amount').fill('8500.00');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toBeHidden();
    // A partial refund: the notice says how much of the captured money is refunded, not the unchanged status.
    await expect(page.locator('#notice')).toHaveText(`Refunded CRC 8,500.00 on order ${orderNumber}; CRC 8,500.00 of CRC 38,500.00 refunded so far.`);
    await expect(page.locator(`#orders-table tr[data-order-number="${orderNumber}"] td[data-label="Refunded"]`)).toHaveText('CRC 8,500.00');
  });
}
