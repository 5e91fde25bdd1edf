// The back office's day's close and SINPE receipt check, in Spanish as a Costa Rican shop reads
// them: a card sale and a stray transfer, then "Cierre del día" shows the day's totals with their
// deductions and the transfer no order took, downloads the day's CSV, and "Verificar comprobante
// SINPE" says whether a receipt's money arrived: yes for the transfer's bank reference, no for a
// made-up one.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { e2ePorts } from './apps/e2e-ports.ts';
import { axeViolations, buy, e2eMerchantSecret, keepScreenshot, signInBackOffice } from './demo-stack.ts';

test('the day closes in Spanish: totals with deductions, differences, the CSV, and a receipt checked both ways', async ({ page, context }, testInfo) => {
  const orderNumber = await buy(page, { currency: 'CRC', product: 'Cotton hammock' });
  const stray = `comprobante-${Date.now()}`;
  await page.goto('/');
  const sent = await page.evaluate(
    async ({ reference }) => (await fetch('/api/sinpe-transfers', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ reference, amount: '4321.00', outcome: 'posted' }) })).ok,
    { reference: stray },
  );
  expect(sent).toBe(true);
  const listed = await fetch(`http://127.0.0.1:${e2ePorts.BFF_PORT}/v1/merchant/bank-payments?reference=${encodeURIComponent(stray)}`, { headers: { Authorization: `Bearer ${e2eMerchantSecret}` } });
  const [payment] = ((await listed.json()) as { items: Array<{ externalReference: string }> }).items;
  expect(payment?.externalReference).toMatch(/^FT\d+$/);

  const office = await context.newPage();
  await signInBackOffice(office);
  await office.getByLabel('Language').selectOption('es-CR');
  const closing = office.locator('#closing');
  await expect(office.getByRole('heading', { name: 'Cierre del día' })).toBeVisible();
  await closing.getByRole('button', { name: 'Ver el día' }).click();
  // Other tests on the same stack may have sold in dollars that day: the colón line.
  const card = closing.locator('#closing-totals tbody tr', { hasText: 'Tarjeta' }).filter({ hasText: 'CRC' });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Retención de IVA');
  await expect(card).toContainText('Retención de renta');
  await expect(closing.locator('#closing-totals tbody tr', { hasText: 'SINPE Móvil' }).filter({ hasText: 'CRC' })).toContainText('Comisión bancaria');
  await expect(closing.locator('#closing-differences')).toContainText('Llegó dinero que ningún pedido tomó');

  const [download] = await Promise.all([office.waitForEvent('download'), closing.getByRole('button', { name: 'Descargar CSV' }).click()]);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('date,time,orderNumber,clientReference,method,kind,currency,gross,commission,ivaCommission,retentionIva,retentionRent,cost,costIva,feeTotal,taxTotal,net,gatewayId,bankPaymentId,externalReference');
  expect(csv).toContain(orderNumber);
  expect(csv).toContain(payment!.externalReference);

  const check = office.locator('#receipt-check');
  await expect(office.getByRole('heading', { name: 'Verificar comprobante SINPE' })).toBeVisible();
  await check.getByLabel('Referencia bancaria').fill(payment!.externalReference.toLowerCase());
  await check.getByRole('button', { name: 'Verificar' }).click();
  await expect(check.locator('#receipt-check-result')).toContainText(/Recibida: ₡\s?4\s?321,00 .* referencia FT\d+, aún sin pedido\./);
  await check.getByLabel('Referencia bancaria').fill('FT00000000000000');
  await check.getByRole('button', { name: 'Verificar' }).click();
  await expect(check.locator('#receipt-check-result')).toHaveText('Ese dinero no llegó: el comprobante no es de una transferencia recibida en esta cuenta.');

  expect(await axeViolations(office)).toEqual([]);
  await keepScreenshot(office, testInfo, 'backoffice-closing-es');
});
