// Properties of reference-free SINPE Móvil, on the real store (the unique index does the work, so
// this runs on both engines: TEST_DATABASE_URL for PostgreSQL). Each draw opens several transfers
// at once for prices a few colones apart (so their amounts collide), then the bank brings one
// transfer without a reference. Each client may hold any number of amounts here (the in-process
// requests share one address). Seeded (PROPERTY_SEED, default 31; `random` for a new one; a
// failure prints the seed and path that replay it); PROPERTY_RUNS sets the draws. Checks inside the
// draws are node:assert's, as in upstream-properties.spec.ts (Playwright's expect bookkeeping grows per call).
import assert from 'node:assert/strict';
import { expect, test } from '../support/node-test.ts';
import fc from 'fast-check';
import { fromMinorUnits, toMinorUnits } from '../../contract/money.ts';
import type { SinpeCheckoutResponse } from '../../contract/sinpe-movil.ts';
import { checkoutBody, createMerchantSession, orderStatus, postCheckout } from './fixtures/buyer.ts';
import { merchantPhone, startRegisteredSinpeStack } from './fixtures/sinpe-orders.ts';
import { ManualClock, type System } from '../support/system.ts';
import { eventState, polling, tables } from './webhooks-support.ts';

const runs = Number(process.env.PROPERTY_RUNS ?? 20);
const seedSetting = process.env.PROPERTY_SEED ?? '31';
const settings = { numRuns: runs, ...(seedSetting !== 'random' && { seed: Number(seedSetting) }), endOnFailure: true };
test.describe.configure({ timeout: Math.max(120_000, runs * 6_000) });

const maxDiscount = 99;
const clock = new ManualClock();
let stack: System;

test.beforeAll(async () => {
  stack = await startRegisteredSinpeStack(clock, { RECONCILE_INTERVAL_MS: '0', SINPE_AMOUNTS_PER_CLIENT: '100000' });
});
test.afterAll(async () => {
  await stack?.close();
});

interface Opened {
  orderNumber: string;
  token: string;
  price: string;
  sinpe: SinpeCheckoutResponse['sinpeMovil'];
}

async function openAtOnce(prices: string[]): Promise<Opened[]> {
  const sessions = await Promise.all(prices.map((price) => createMerchantSession(stack.bffUrl, { amount: price, currency: 'CRC' })));
  return Promise.all(
    sessions.map(async (session, i) => {
      const response = await postCheckout(stack.bffUrl, session.sessionToken, { ...checkoutBody, method: 'sinpe_movil' });
      assert.equal(response.status, 200);
      const body = (await response.json()) as SinpeCheckoutResponse;
      return { orderNumber: session.orderNumber, token: session.sessionToken, price: prices[i]!, sinpe: body.sinpeMovil };
    }),
  );
}

async function sendWithoutReference(amount: string): Promise<string> {
  const sent = await stack.sandbox.sendSinpeTransfer({ amount, currency: 'CRC', phone: merchantPhone });
  for (const eventId of sent.event_ids) {
    await expect.poll(() => eventState(stack.bff, eventId), polling(`event ${eventId} processed`)).toBe('processed');
  }
  return sent.payment_id!;
}

/** Prices a colón or two apart, so lowered amounts of one collide with another's own. */
const prices = fc.array(fc.constantFrom('5000.00', '5001.00', '5002.00', '5000.50'), { minLength: 2, maxLength: 8 });
/** The transfer: one of the amounts asked (by index), or an amount near them that may or may not be asked. */
const transferChoice = fc.oneof(fc.record({ asked: fc.nat() }), fc.record({ near: fc.integer({ min: 490_000, max: 500_300 }) }));

test('N transfers opened at once never share an amount; a transfer without a reference pays the one order asking for its amount, or none', async () => {
  await fc.assert(
    fc.asyncProperty(prices, transferChoice, async (drawnPrices, choice) => {
      const opened = await openAtOnce(drawnPrices);
      const asked = opened.map((o) => o.sinpe.amount);
      assert.equal(new Set(asked).size, asked.length);
      for (const o of opened) {
        const discount = toMinorUnits(o.price, 'CRC') - toMinorUnits(o.sinpe.amount, 'CRC');
        assert.equal(fromMinorUnits(discount, 'CRC'), o.sinpe.discount);
        // Whole colones, below the plain price by one colón at least, never more than the maximum,
        // never a multiple of ₡5 (a cash price) nor any order's own price.
        assert.equal(toMinorUnits(o.sinpe.amount, 'CRC') % 100n, 0n);
        assert.notEqual(toMinorUnits(o.sinpe.amount, 'CRC') % 500n, 0n);
        assert.ok(!drawnPrices.some((price) => price === o.sinpe.amount), `${o.sinpe.amount} is a drawn price`);
        assert.ok(discount >= 100n && discount <= BigInt(maxDiscount) * 100n, `discount ${discount}`);
      }

      const amount = 'asked' in choice ? asked[choice.asked % asked.length]! : fromMinorUnits(BigInt(choice.near), 'CRC');
      const payee = opened.find((o) => o.sinpe.amount === amount);
      const paymentId = await sendWithoutReference(amount);
      const placed = (await tables(stack.bff).selectFrom('bank_payments').select('order_number').where('payment_id', '=', paymentId).executeTakeFirstOrThrow()).order_number;
      assert.equal(placed, payee?.orderNumber ?? null);
      for (const o of opened) {
        assert.equal((await orderStatus(stack.bffUrl, o.orderNumber, o.token)).status, o === payee ? 'approved' : 'pending');
      }

      // Every transfer of this draw lapses, and its amount's reservation ends, so the next draw
      // starts with every amount free.
      clock.advance(10 * 60_000 + 1);
      await stack.bff.reconciler.runOnce();
      clock.advance(24 * 3_600_000);
    }),
    settings,
  );
});
