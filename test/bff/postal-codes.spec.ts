// A postal code is checked by its country's format (the contract's rule, shared with the widget):
// a Costa Rican "abc" is a 400 naming the field; a country without postal codes takes none.
import { expect, test } from '../support/node-test.ts';
import { costaRicaBilling, createMerchantSession, postCheckout } from './fixtures/buyer.ts';
import { startSystem, type System } from '../support/system.ts';

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem();
});
test.afterAll(async () => {
  await stack?.close();
});

async function checkoutWith(billing: Record<string, string>) {
  const { sessionToken } = await createMerchantSession(stack.bffUrl);
  return postCheckout(stack.bffUrl, sessionToken, { billing: { ...costaRicaBilling, ...billing }, sameAsBilling: true });
}

test('a Costa Rican postal code that is not one is refused, naming the field', async () => {
  const response = await checkoutWith({ zip: 'abc' });
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  const problem = (await response.json()) as { errors: Array<{ path: string; code?: string }> };
  expect(problem.errors).toEqual([expect.objectContaining({ path: 'billing.zip', code: 'invalid_zip' })]);
});

test('a Costa Rican postal code is optional (the widget fills it from the district); a Bolivian address, whose country has none, goes through without one', async () => {
  const withoutCode = await checkoutWith({ zip: '' });
  expect(withoutCode.status).toBe(200);
  const bolivian = await checkoutWith({ country: 'BO', state: 'BO-L', city: 'La Paz', zip: '', telephone: '+591 2 2123456' });
  expect(bolivian.status).toBe(200);
});
