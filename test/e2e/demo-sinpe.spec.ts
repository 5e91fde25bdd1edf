// SINPE Móvil on the demo storefront, as a shopper does it: a CRC cart, the SINPE Móvil choice, the
// transfer's details on the same page, the sandbox's "bank app" sends it, the page shows the
// approval; it never navigates away. Then the bank's failure reasons, and the back office's
// unmatched payments.
import { expect, test, type Page } from '@playwright/test';
import { approvedOrderNumber, axeViolations, fillBilling, openColonesCheckout, signInBackOffice } from './demo-stack.ts';

async function openSinpeTransfer(page: Page): Promise<{ reference: string; orderNumber: string; amount: string }> {
  await openColonesCheckout(page, 'Cotton hammock');
  await fillBilling(page);
  const widget = page.locator('svc-checkout');
  await widget.getByRole('radio', { name: 'SINPE Móvil' }).check();
  const pending = page.evaluate(
    () =>
      new Promise<{ orderNumber: string; amount: string }>((resolve) =>
        document.querySelector('svc-checkout')!.addEventListener('svc-sinpe-pending', (event) => resolve({ orderNumber: (event as Event & { orderNumber: string }).orderNumber, amount: (event as Event & { amount: string }).amount }), { once: true }),
      ),
  );
  await widget.getByRole('button', { name: /^Pay\b/ }).click();
  const { orderNumber, amount } = await pending;
  const reference = widget.locator('svc-sinpe-panel [part="sinpe-value"]').nth(2);
  await expect(reference).toHaveText(/^[34679ACDEFHJKMNPRTWXY]{6}$/);
  await expect(widget.locator('svc-sinpe-panel [part="sinpe-value"]').first()).toHaveText('8888-7777');
  return { reference: (await reference.textContent())!.trim(), orderNumber, amount };
}

test('a CRC cart is paid by SINPE Móvil end to end without leaving the page', async ({ page }) => {
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  await openSinpeTransfer(page);
  const before = navigations.length;
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Simulate the transfer from my bank app' }).click();
  await approvedOrderNumber(page);
  expect(navigations.slice(before)).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
});

test('a refusal the bank reports is told to the shopper, who may try again', async ({ page }) => {
  await openSinpeTransfer(page);
  await page.getByLabel('What the bank does').selectOption({ label: 'Refused: phone not in the mobile registry (15303)' });
  await page.getByRole('button', { name: 'Simulate the transfer from my bank app' }).click();
  const widget = page.locator('svc-checkout');
  await expect(widget.locator('[part="status"]')).toHaveText(/cannot be used for SINPE Móvil/, { timeout: 20_000 });
  await expect(widget.getByRole('button', { name: 'Try again' })).toBeVisible();
});

test('the back office lists a transfer that named no order and attaches it to the order awaiting it', async ({ page, context }) => {
  // The hammock's plain price, without a reference: no transfer ever asks for a plain price, so neither
  // its words nor its amount name an order, and it stays unmatched for the merchant.
  await page.goto('/');
  const stray = `sin-referencia-${Date.now()}`;
  const sent = await page.evaluate(
    async ({ reference, amount }) => (await fetch('/api/sinpe-transfers', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ reference, amount, outcome: 'posted' }) })).ok,
    { reference: stray, amount: '38500.00' },
  );
  expect(sent).toBe(true);
  const { orderNumber, amount } = await openSinpeTransfer(page);
  expect(amount).toMatch(/^38[45]\d\d\.00$/);
  expect(Number(amount)).toBeLessThan(38500);
  const office = await context.newPage();
  await signInBackOffice(office);
  const row = office.locator('#bank-payments-table tr', { hasText: stray });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await row.getByRole('textbox').fill(orderNumber);
  await row.getByRole('button', { name: 'Attach' }).click();
  await expect(office.locator('#notice')).toHaveText(new RegExp(`order ${orderNumber} is approved`));
  await expect(row).toHaveCount(0);
  // The shopper's page, still open on the transfer, learns it by polling.
  expect(await approvedOrderNumber(page)).toBe(orderNumber);
});
