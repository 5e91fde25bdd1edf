// Payment links in the back office after a buyer pays one: the links table counts the payment
// while it is open (no reload), and the payment is listed under Orders as a link payment.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { approvingCard, createPaymentLink, keepScreenshot, payOnHostedPage, signInBackOffice } from './demo-stack.ts';

/** Creates a link in the back office and pays it in a new tab; returns the link id. */
async function createAndPayLink(page: Page, context: BrowserContext, description: string): Promise<string> {
  const linkId = await createPaymentLink(page, '7500', description);
  const row = page.locator(`#links-table tr[data-link-id="${linkId}"]`);
  await expect(row.locator('td[data-label="Paid"]')).toHaveText('0×');
  const [buyerPage] = await Promise.all([context.waitForEvent('page'), row.getByRole('link', { name: `Pay in the sandbox: link ${linkId} (new tab)` }).click()]);
  await buyerPage.waitForLoadState();
  await payOnHostedPage(buyerPage, approvingCard);
  await buyerPage.waitForURL(/\/v1\/links\/return/);
  await buyerPage.close();
  return linkId;
}

test('the links table counts a payment while it is open, without a reload', async ({ page, context }) => {
  await signInBackOffice(page);
  const linkId = await createAndPayLink(page, context, 'Sunset kayak tour');
  await expect(page.locator(`#links-table tr[data-link-id="${linkId}"] td[data-label="Paid"]`)).toHaveText('1×', { timeout: 20_000 });
});

for (const size of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`at ${size.name} size, a paid link is listed under Orders as a link payment, without actions`, async ({ page, context }, testInfo) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signInBackOffice(page);
    const linkId = await createAndPayLink(page, context, `Coffee farm visit (${size.name})`);
    const row = page.locator('#orders-table tr[data-source="link"]', { hasText: `Payment link ${linkId}` });
    await expect(row).toHaveCount(1, { timeout: 20_000 });
    await expect(row).toHaveAttribute('data-status', 'approved');
    await expect(row.locator('td[data-label="Amount"]')).toHaveText('CRC 7,500.00');
    for (const action of ['Capture', 'Refund', 'Reverse', 'Split']) await expect(row.getByRole('button', { name: new RegExp(`^${action} `) })).toBeDisabled();
    await keepScreenshot(page, testInfo, `backoffice-link-order-${size.name}`);
  });
}
