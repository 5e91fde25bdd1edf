// One cart is one order, in the demo storefront: the shopper goes Back from the hosted page and
// presses Pay again, which continues the same order on a new page; the old page, kept in a second
// tab and paid too, never makes a second approved order: the merchant sees one order, approved
// once, and the old page's money in review (for a refund). The BFF's side alone is
// test/bff/one-cart-one-order.spec.ts; the element's, test/widget/one-cart-one-order.test.ts.
import { expect, test } from '@playwright/test';
import { addToCart, approvedOrderNumber, approvingCard, e2eMerchantSecret, expectBillingKept, fillAndPay, openFreshStorefront, payOnHostedPage } from './demo-stack.ts';
import type { MerchantOrderDetail } from '../../contract/merchant-api.ts';

test('Back from the hosted page and Pay again: the same order; paying the old page too leaves one approved order', async ({ page, context }) => {
  await openFreshStorefront(page);
  await addToCart(page, 'Tarrazú coffee, 500 g');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await fillAndPay(page);
  await page.waitForURL(/\/hosted\//);
  const oldPage = page.url();

  await page.goBack();
  await expectBillingKept(page);
  await page.locator('svc-checkout').getByRole('button', { name: /^Pay\b/ }).click();
  await page.waitForURL(/\/hosted\//);
  expect(page.url()).not.toBe(oldPage);
  await payOnHostedPage(page, approvingCard);
  const orderNumber = await approvedOrderNumber(page);

  // The first page, kept in a second tab, is paid as well.
  const secondTab = await context.newPage();
  await secondTab.goto(oldPage);
  await payOnHostedPage(secondTab, approvingCard);
  await secondTab.waitForURL((url) => !url.pathname.includes('/hosted/'));

  const { bffUrl } = (await (await page.request.get('/config.json')).json()) as { bffUrl: string };
  const detail = async () => {
    const response = await page.request.get(`${bffUrl}/v1/merchant/orders/${encodeURIComponent(orderNumber)}`, { headers: { Authorization: `Bearer ${e2eMerchantSecret}` } });
    expect(response.status()).toBe(200);
    return (await response.json()) as MerchantOrderDetail;
  };
  await expect.poll(async () => (await detail()).attempts.map((attempt) => attempt.outcome)).toEqual(['review', 'approved']);
  const order = await detail();
  expect(order.status).toBe('approved');
  expect(order.history.filter((entry) => entry.to === 'approved')).toHaveLength(1);
});
