// The buyer's electronic invoice details reach the merchant: a session that offers the invoice,
// a checkout that gives it, and the back office showing it on the order, in the merchant's language.
import { expect, test } from '@playwright/test';
import { buyer, e2eMerchantSecret, signInBackOffice } from './demo-stack.ts';

test('an order whose buyer asked for an electronic invoice shows the details in the back office', async ({ page, baseURL }) => {
  const { bffUrl } = (await (await page.request.get('/config.json')).json()) as { bffUrl: string };
  const session = await page.request.post(`${bffUrl}/v1/merchant/checkout-sessions`, {
    headers: { Authorization: `Bearer ${e2eMerchantSecret}` },
    data: { amount: '45000.00', currency: 'CRC', returnUrl: `${baseURL}/`, invoice: true },
  });
  expect(session.status()).toBe(201);
  const { sessionToken, orderNumber } = (await session.json()) as { sessionToken: string; orderNumber: string };
  const checkout = await page.request.post(`${bffUrl}/v1/checkout`, {
    headers: { Authorization: `Bearer ${sessionToken}`, Origin: new URL(baseURL!).origin },
    data: {
      billing: { ...buyer, address2: '' },
      sameAsBilling: true,
      invoice: { idType: '02', idNumber: '3101123456', name: 'Café del Valle S.A.', email: 'facturas@cafedelvalle.cr' },
    },
  });
  expect(checkout.status()).toBe(200);

  await signInBackOffice(page);
  const row = page.locator(`#orders-table tr[data-order-number="${orderNumber}"]`);
  await expect(row).toContainText('Electronic invoice: 02 3101123456, Café del Valle S.A., facturas@cafedelvalle.cr');
  await page.getByLabel('Language').selectOption('es-CR');
  await expect(row).toContainText('Factura electrónica: 02 3101123456');
});
