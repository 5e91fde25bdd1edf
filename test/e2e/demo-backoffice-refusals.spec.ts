// When the BFF refuses, the back office says why in its own language: an action refused because
// the order changed since the table was drawn (worded with the order as it is now), and a field
// of a form the BFF refused (named by its label). The BFF's English detail never reaches the page.
import { expect, test } from '@playwright/test';
import { buy, e2eMerchantSecret, signInBackOffice } from './demo-stack.ts';

async function bffUrl(page: import('@playwright/test').Page): Promise<string> {
  return ((await (await page.request.get('/config.json')).json()) as { bffUrl: string }).bffUrl;
}

test('a refund refused because another operator refunded it all meanwhile is said in Spanish, with the amounts as they are now', async ({ page }) => {
  const orderNumber = await buy(page, { currency: 'CRC', product: 'Cotton hammock' });
  await signInBackOffice(page);
  await page.locator('#language').selectOption('es-CR');
  const row = page.locator(`#orders-table tr[data-order-number="${orderNumber}"]`);
  await row.getByRole('button', { name: `Reembolsar ${orderNumber}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();

  // Another operator refunds the whole order through the API while the dialog is open.
  const meanwhile = await page.request.post(`${await bffUrl(page)}/v1/merchant/orders/${orderNumber}/refund`, {
    headers: { Authorization: `Bearer ${e2eMerchantSecret}`, 'Idempotency-Key': `meanwhile-${orderNumber}` },
    data: {},
  });
  expect(meanwhile.status()).toBe(200);
  const refused = await page.request.post(`${await bffUrl(page)}/v1/merchant/orders/${orderNumber}/refund`, {
    headers: { Authorization: `Bearer ${e2eMerchantSecret}`, 'Idempotency-Key': `again-${orderNumber}` },
    data: {},
  });
  expect(await refused.json(), 'the refusal carries a code to word it by').toMatchObject({ status: 409, code: 'fully-refunded' });

  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  const error = dialog.locator('#action-error');
  await expect(error).toHaveText(/^No queda nada por reembolsar: ya se reembolsó ₡.+ de ₡.+\.$/);
  await expect(error).not.toContainText(/refund|Nothing/i);
  // The table shows the order as it is now.
  await expect(row.getByRole('button', { name: `Reembolsar ${orderNumber}` })).toBeDisabled();
});

test('a form field the BFF refuses is named by its label, in Portuguese', async ({ page }) => {
  await signInBackOffice(page);
  await page.locator('#language').selectOption('pt-BR');
  const form = page.locator('#link-form');
  await form.getByLabel('Valor').fill('4100');
  // A customer's name belongs to single-use links only: the BFF refuses the field.
  await form.getByLabel('Nome do cliente (uso único)').fill('Ana Solís');
  await form.getByRole('button', { name: 'Criar link' }).click();
  await expect(page.locator('#notice')).toHaveText('Link de pagamento: Confira: Nome do cliente (uso único).');
});
