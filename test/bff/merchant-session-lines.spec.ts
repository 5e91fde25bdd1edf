// A merchant session may carry its order lines: the BFF prices each exactly (quantity × unit, in
// minor units), refuses lines that do not add up to the amount, and GET /v1/session shows them.
import { expect, test } from '../support/node-test.ts';
import type { SessionResponse } from '../../contract/bff-api.ts';
import { startSystem, merchantSecret, shopOrigin, type System } from '../support/system.ts';

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem();
});
test.afterAll(async () => {
  await stack?.close();
});

function createSession(body: Record<string, unknown>) {
  return fetch(`${stack.bffUrl}/v1/merchant/checkout-sessions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${merchantSecret}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ currency: 'CRC', returnUrl: `${shopOrigin}/thanks`, ...body }),
  });
}

async function fieldPaths(response: Response): Promise<string[]> {
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  return ((await response.json()) as { errors: Array<{ path: string }> }).errors.map((error) => error.path);
}

test('lines that add up are priced exactly and shown to the widget', async () => {
  const created = await createSession({
    amount: '45000',
    lines: [
      { sku: 'HAMMOCK', name: 'Cotton hammock', quantity: 1, unitAmount: '38499' },
      { name: 'Coffee, 250 g', quantity: 2, unitAmount: '3250.5' },
    ],
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { sessionToken } = (await created.json()) as { sessionToken: string };
  const session = await fetch(`${stack.bffUrl}/v1/session`, { headers: { Authorization: `Bearer ${sessionToken}`, Origin: shopOrigin } });
  const { order } = (await session.json()) as SessionResponse;
  expect(order.amount).toBe('45000.00');
  expect(order.lines).toEqual([
    { sku: 'HAMMOCK', name: 'Cotton hammock', quantity: 1, unitAmount: '38499.00', amount: '38499.00' },
    { sku: '', name: 'Coffee, 250 g', quantity: 2, unitAmount: '3250.50', amount: '6501.00' },
  ]);
});

test('lines that do not add up to the amount, or carry more decimals than the currency, are a 400 naming the field', async () => {
  expect(await fieldPaths(await createSession({ amount: '100.00', lines: [{ name: 'Mug', quantity: 3, unitAmount: '33.33' }] }))).toEqual(['lines']);
  expect(await fieldPaths(await createSession({ amount: '100.00', lines: [{ name: 'Mug', quantity: 1, unitAmount: '100.001' }] }))).toEqual([
    'lines.0.unitAmount',
  ]);
  expect(await fieldPaths(await createSession({ amount: '100.00', lines: [{ name: 'Mug', quantity: 0, unitAmount: '100.00' }] }))).toEqual([
    'lines.0.quantity',
  ]);
});
