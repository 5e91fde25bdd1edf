// What the BFF answers the browser matches contract/bff-api.ts exactly (the widget trusts it
// without re-parsing), on success and on error.
import { expect, test } from '../support/node-test.ts';
import * as z from 'zod/mini';
import {
  checkoutResponse,
  createSessionResponse,
  merchantCreateSessionResponse,
  orderStatusResponse,
  problem,
  sessionResponse,
} from '../../contract/bff-api.ts';
import { approvingCard, checkoutBody, followReturn, postCheckout, statusTokenOf } from './fixtures/buyer.ts';
import { startSystem, merchantSecret, shopOrigin, type System } from '../support/system.ts';

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem();
});
test.afterAll(async () => {
  await stack.close();
});

async function parsed<S extends z.ZodMiniType>(schema: S, response: Response, status: number): Promise<z.infer<S>> {
  expect(response.status).toBe(status);
  const result = z.strictObject((schema as unknown as z.ZodMiniObject).shape).safeParse(await response.json());
  expect(result.error?.issues ?? []).toEqual([]);
  return result.data as z.infer<S>;
}

test('every browser answer on the buyer path has exactly the contract shape', async () => {
  const session = await parsed(
    createSessionResponse,
    await fetch(`${stack.bffUrl}/v1/sessions`, {
      method: 'POST',
      headers: { Origin: shopOrigin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ items: [{ sku: 'US-TSHIRT', quantity: 3 }], locale: 'es-CR' }),
    }),
    201,
  );
  expect(session.order.amount).toBe('74.97');
  const auth = { Authorization: `Bearer ${session.sessionToken}`, Origin: shopOrigin };
  const view = await parsed(sessionResponse, await fetch(`${stack.bffUrl}/v1/session`, { headers: auth }), 200);
  expect(view.redirectUrl).toBeUndefined();

  const checkout = await parsed(checkoutResponse, await postCheckout(stack.bffUrl, session.sessionToken, checkoutBody), 200);
  const after = await parsed(sessionResponse, await fetch(`${stack.bffUrl}/v1/session`, { headers: auth }), 200);
  expect(after.redirectUrl).toBe(checkout.redirectUrl);
  expect(after.order.status).toBe('pending');

  const returned = await followReturn(await stack.sandbox.payHostedPage(checkout.redirectUrl, { card: approvingCard }));
  const token = statusTokenOf(returned.headers.get('Location')!);
  const status = await parsed(
    orderStatusResponse,
    await fetch(`${stack.bffUrl}/v1/orders/${session.order.orderNumber}`, { headers: { Authorization: `Bearer ${token}` } }),
    200,
  );
  expect(status.status).toBe('approved');
});

test('merchant sessions and problems have exactly the contract shape', async () => {
  await parsed(
    merchantCreateSessionResponse,
    await fetch(`${stack.bffUrl}/v1/merchant/checkout-sessions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${merchantSecret}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: '99.5', currency: 'USD', returnUrl: `${shopOrigin}/r`, prefill: { billing: { email: 'a@b.co' } } }),
    }),
    201,
  );
  const invalid = await parsed(
    problem,
    await fetch(`${stack.bffUrl}/v1/sessions`, {
      method: 'POST',
      headers: { Origin: shopOrigin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ items: [{ sku: 'US-TSHIRT', quantity: 0 }] }),
    }),
    400,
  );
  expect(invalid.errors[0]?.path).toBe('items.0.quantity');
});

test('GET /v1/session needs nothing of the gateway and hands out no SDK token, even while loginSdk fails', async () => {
  const another = await stack.startAnotherBff();
  await stack.sandbox.injectFault({ operation: 'loginSdk', kind: 'bodyFailure', type: '401', message: 'No SDK for you' });
  try {
    const created = await fetch(`${another.url}/v1/sessions`, {
      method: 'POST',
      headers: { Origin: shopOrigin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ items: [{ sku: 'US-TSHIRT', quantity: 1 }] }),
    });
    const { sessionToken } = await created.json();
    const view = await parsed(sessionResponse, await fetch(`${another.url}/v1/session`, { headers: { Authorization: `Bearer ${sessionToken}` } }), 200);
    expect(view).not.toHaveProperty('gatewaySdk');
  } finally {
    await stack.sandbox.clearFaults();
  }
});
