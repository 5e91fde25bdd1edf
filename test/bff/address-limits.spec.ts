// The per-address window and the consult slots on each engine, on a manual clock: the limit holds
// and restarts when its window ends, and what instances share on PostgreSQL (two limiters or two
// slot holders on one database count together) stays per process on SQLite.
import { expect, test } from '../support/node-test.ts';
import { consultSlotsFor } from '../../bff/http/limits/consult-slots.ts';
import { perAddressLimiter, SharedWindowLimiter } from '../../bff/http/limits/shared-window-limiter.ts';
import { openStore, type Store } from '../../bff/store/database.ts';
import { createMerchantSession } from './fixtures/buyer.ts';
import { ManualClock, startSystem, type System } from '../support/system.ts';

let stack: System;
let store: Store;
const clock = new ManualClock(Date.parse('2026-06-01T12:00:00.000Z'));

test.beforeAll(async () => {
  stack = await startSystem({ mode: 'listening' });
  store = await openStore(stack.env.DATABASE_URL!);
});
test.afterAll(async () => {
  await store?.close();
  await stack?.close();
});

test('a window lets the limit through, answers the seconds left after it, and starts again when it ends', async () => {
  const limiter = perAddressLimiter(store, 'test-window', 3, 60_000, clock);
  const answers = [];
  for (let i = 0; i < 5; i++) answers.push(await limiter.hit('198.51.100.7'));
  expect(answers).toEqual([0, 0, 0, 60, 60]);
  // Another address has its own window.
  expect(await limiter.hit('198.51.100.8')).toBe(0);
  clock.advance(45_000);
  expect(await limiter.hit('198.51.100.7')).toBe(15);
  clock.advance(15_000);
  expect(await limiter.hit('198.51.100.7')).toBe(0);
});

test('two instances on one database: one count on PostgreSQL, one each on SQLite (one process each)', async () => {
  const first = perAddressLimiter(store, 'test-shared', 2, 60_000, clock);
  const second = perAddressLimiter(store, 'test-shared', 2, 60_000, clock);
  const answers = [await first.hit('203.0.113.1'), await second.hit('203.0.113.1'), await first.hit('203.0.113.1'), await second.hit('203.0.113.1')];
  expect(answers).toEqual(store.engine === 'postgres' ? [0, 0, 60, 60] : [0, 0, 0, 0]);
});

test('an order\'s consult slot: one claim per interval, a forced consult restarts it', async () => {
  const { orderNumber } = await createMerchantSession(stack.bffUrl);
  const slots = consultSlotsFor(store, clock, 2_000);
  const otherInstance = consultSlotsFor(store, clock, 2_000);
  expect(await slots.claim(orderNumber)).toBe(true);
  expect(await slots.claim(orderNumber)).toBe(false);
  expect(await otherInstance.claim(orderNumber)).toBe(store.engine === 'sqlite');
  clock.advance(2_000);
  expect(await slots.claim(orderNumber)).toBe(true);
  clock.advance(1_500);
  await slots.take(orderNumber);
  clock.advance(1_000);
  expect(await slots.claim(orderNumber)).toBe(false);
});

test('ended windows in the shared table are deleted, and live ones kept', async () => {
  const limiter = new SharedWindowLimiter(store, 'test-sweep', 5, 60_000, clock);
  for (let i = 0; i < 3; i++) await limiter.hit(`192.0.2.${i}`);
  expect(await limiter.deleteEndedWindows(clock.now().toISOString())).toBe(0);
  clock.advance(60_000);
  expect(await limiter.deleteEndedWindows(clock.now().toISOString())).toBe(3);
});
