// Payments made through payment links are listed among the merchant's orders (source `link`),
// filtered and paged with the checkout orders, so a merchant's code sees every payment in one list.
import { expect, test } from '../support/node-test.ts';
import { checkout, createMerchantSession } from './fixtures/buyer.ts';
import { approvingCard as approvedCard, decliningCard as deniedCard } from '../fixtures/costa-rican-buyer.ts';
import { merchantGet, merchantPost, polling, tables } from './webhooks-support.ts';
import { type System, startSystem } from '../support/system.ts';


let stack: System;
test.beforeAll(async () => {
  stack = await startSystem({ bank: true });
});
test.afterAll(async () => {
  await stack?.close();
});

/** A link made through the merchant API and paid in the sandbox; resolves once its payment is confirmed. */
async function paidLink(card: string, amount = '12500.00'): Promise<{ linkId: string; orderNumber: string }> {
  const created = await merchantPost(stack.bffUrl, '/v1/merchant/payment-links', { amount, currency: 'CRC', description: 'Coffee tasting' });
  expect(created.status).toBe(201);
  await stack.sandbox.payLink(created.body.url, card);
  const payments = () => tables(stack.bff).selectFrom('link_payments').selectAll().where('link_id', '=', created.body.id).execute();
  await expect.poll(async () => (await payments()).length, polling('the link payment')).toBe(1);
  const [payment] = await payments();
  return { linkId: created.body.id, orderNumber: payment!.order_number };
}

const list = async (query: string) => {
  const answer = await merchantGet(stack.bffUrl, `/v1/merchant/orders?${query}`);
  expect(answer.status).toBe(200);
  return answer.body as { items: Array<Record<string, any>>; nextCursor: string | null };
};

test('a paid link is an order of source `link`: approved, its amount captured, no actions offered', async () => {
  const { linkId, orderNumber } = await paidLink(approvedCard);
  const { items } = await list(`orderNumber=${orderNumber}`);
  expect(items).toHaveLength(1);
  expect(items[0]).toMatchObject({
    orderNumber,
    source: 'link',
    status: 'approved',
    amount: '12500.00',
    currency: 'CRC',
    capturedAmount: '12500.00',
    refundedAmount: '0.00',
    description: `Payment link ${linkId}`,
  });
  expect(items[0]!.gatewayOrderId).toMatch(/^\d+$/);
  // Money the merchant took: the invoice hand-off names the card and its authorisation (no receptor was asked).
  expect(items[0]!.invoice).toEqual({ receptor: null, paymentMeans: [{ code: '02', amount: '12500.00', currency: 'CRC' }], currency: 'CRC', reference: items[0]!.auth, lines: [] });
  expect(items[0]!.auth).toMatch(/\S/);
  for (const action of ['capture', 'refund', 'reverse', 'split']) expect(items[0]!.actions[action]).toMatchObject({ allowed: false, maxAmount: null });
});

test('the source and status filters take link payments in or out; an e-mail filter leaves them out', async () => {
  const declined = await paidLink(deniedCard, '3000.00');
  const session = await createMerchantSession(stack.bffUrl, { amount: '40.00', currency: 'USD' });
  await checkout(stack.bffUrl, session.sessionToken);

  const links = await list('source=link&limit=200');
  expect(links.items.length).toBeGreaterThan(0);
  expect(links.items.every((item) => item.source === 'link')).toBe(true);
  expect(links.items.map((item) => item.orderNumber)).toContain(declined.orderNumber);

  const merchants = await list('source=merchant&limit=200');
  expect(merchants.items.map((item) => item.source)).not.toContain('link');
  expect(merchants.items.map((item) => item.orderNumber)).toContain(session.orderNumber);

  const declinedOnly = await list('status=declined&limit=200');
  expect(declinedOnly.items.find((item) => item.orderNumber === declined.orderNumber)).toMatchObject({ source: 'link', status: 'declined', capturedAmount: '0.00' });
  expect((await list('status=approved&limit=200')).items.map((item) => item.orderNumber)).not.toContain(declined.orderNumber);
  expect((await list('email=ana.solis%40example.cr&limit=200')).items.map((item) => item.source)).not.toContain('link');
  expect((await list('currency=USD&limit=200')).items.map((item) => item.source)).not.toContain('link');
});

test('pages walk orders and link payments together, newest first, each once', async () => {
  await paidLink(approvedCard, '1000.00');
  const session = await createMerchantSession(stack.bffUrl, { amount: '5.00', currency: 'USD' });
  await checkout(stack.bffUrl, session.sessionToken);
  await paidLink(approvedCard, '2000.00');

  const whole = (await list('limit=200')).items.map((item) => `${item.source}:${item.orderNumber}`);
  expect(new Set(whole.map((key) => key.split(':')[0]))).toEqual(new Set(['link', 'merchant']));
  const walked: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await list(`limit=2${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.items.length).toBeLessThanOrEqual(2);
    walked.push(...page.items.map((item) => `${item.source}:${item.orderNumber}`));
    cursor = page.nextCursor;
  } while (cursor);
  expect(walked).toEqual(whole);
  const created = (await list('limit=200')).items.map((item) => item.createdAt as string);
  expect([...created].sort().reverse()).toEqual(created);
});
