// Where SQLite and PostgreSQL differ by default, the store must not. This file runs on
// whichever engine the run gives it (SQLite, or TEST_DATABASE_URL), so `npm test` checks both.
import { randomBytes } from 'node:crypto';
import { expect, test } from '../support/node-test.ts';
import { createMerchantSession } from './fixtures/buyer.ts';
import { startSystem, type System } from '../support/system.ts';
import { merchant } from './merchant-fixture.ts';

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem();
});
test.afterAll(async () => {
  await stack?.close();
});

test('the store is on the engine this run asked for', () => {
  expect(stack.bff.store.engine).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite');
});

test('an order number prefix search matches case exactly, and _ matches only _', async () => {
  const tag = randomBytes(3).toString('hex');
  const numbers = [`Shop_${tag}-1`, `SHOP_${tag}-2`, `ShopX${tag}-3`, `Shop_${tag}-4`];
  for (const orderNumber of numbers) await createMerchantSession(stack.bffUrl, { orderNumber });

  const found = await merchant(stack, 'GET', `/v1/merchant/orders?orderNumber=${encodeURIComponent(`Shop_${tag}*`)}`);
  expect(found.status).toBe(200);
  const listed = (found.body.items as Array<{ orderNumber: string }>).map((order) => order.orderNumber).sort();
  expect(listed).toEqual([`Shop_${tag}-1`, `Shop_${tag}-4`]);
});

test('a new order number differing only in case is a different order', async () => {
  const tag = randomBytes(3).toString('hex');
  await createMerchantSession(stack.bffUrl, { orderNumber: `case-${tag}` });
  // On both engines the key compares exactly: the upper-case twin is created, not refused.
  const twin = await createMerchantSession(stack.bffUrl, { orderNumber: `CASE-${tag}` });
  expect(twin.orderNumber).toBe(`CASE-${tag}`);
  const lower = await merchant(stack, 'GET', `/v1/merchant/orders/case-${tag}`);
  const upper = await merchant(stack, 'GET', `/v1/merchant/orders/CASE-${tag}`);
  expect([lower.status, upper.status]).toEqual([200, 200]);
});
