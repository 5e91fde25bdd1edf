// GET /v1/return as a stranger sends it: an order number and whatever else can be guessed. What a
// redirect may cause depends on the evidence it carries, never on what it claims.
import { expect, test } from '@playwright/test';
import { findOrder } from '../../bff/store/orders.ts';
import { approvingCard, checkout, createMerchantSession, followReturn, orderStatus, statusTokenOf } from './fixtures/buyer.ts';
import { startStack, type Stack } from './fixtures/stack.ts';

let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack();
});
test.afterAll(async () => {
  await stack?.close();
});

/** A stranger's redirect: the 303 Location it gets back. */
async function strangersReturn(query: Record<string, string>): Promise<string> {
  const url = new URL(`${stack.bffUrl}/v1/return`);
  url.search = new URLSearchParams(query).toString();
  const response = await followReturn(url);
  expect(response.status).toBe(303);
  return response.headers.get('Location')!;
}

/** A paid order and the gateway's genuine redirect for it (not yet followed). */
async function paidOrder() {
  const session = await createMerchantSession(stack.bffUrl);
  const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
  const redirect = await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard });
  return { orderNumber: session.orderNumber, redirect };
}

test('a settled order\'s number and its tpt, with no hash and no returnData, get no status token', async () => {
  const { orderNumber, redirect } = await paidOrder();
  expect((await followReturn(redirect)).status).toBe(303);
  expect((await findOrder(stack.bff.store.db, orderNumber))?.status).toBe('approved');

  // tpt is the gateway's sequential order id: a stranger can guess it.
  const location = await strangersReturn({ order: orderNumber, tpt: redirect.searchParams.get('tpt')! });
  expect(new URL(location).hash).toBe('');
});

test('the buyer\'s own redirect for a settled order still gets a token, by its hash or by its returnData alone', async () => {
  const { orderNumber, redirect } = await paidOrder();
  expect((await followReturn(redirect)).status).toBe(303);

  const again = await followReturn(redirect);
  expect((await orderStatus(stack.bffUrl, orderNumber, statusTokenOf(again.headers.get('Location')!))).status).toBe('approved');

  const withoutHash = new URL(redirect);
  withoutHash.searchParams.delete('OrderHash');
  const byReference = await followReturn(withoutHash);
  expect((await orderStatus(stack.bffUrl, orderNumber, statusTokenOf(byReference.headers.get('Location')!))).status).toBe('approved');
});
