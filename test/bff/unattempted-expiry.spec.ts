// Anyone on an allowed page can open catalog sessions; one that lapses unpaid must not make the BFF
// sign a webhook to the merchant, or strangers could fill the merchant's receiver at will.
import { expect, test } from '../support/node-test.ts';
import { statusHistory } from '../../bff/store/orders.ts';
import { createCatalogSession } from './fixtures/buyer.ts';
import { orderEventTypesOf } from './fixtures/outbox.ts';
import { ManualClock, startSystem, type System } from '../support/system.ts';

/** Past the longest session lifetime (15 minutes). */
const pastSessionLifetime = 16 * 60_000;

async function lapsedCatalogSessions(stack: System, clock: ManualClock, count: number): Promise<string[]> {
  const sessions = await Promise.all(Array.from({ length: count }, () => createCatalogSession(stack.bffUrl)));
  clock.advance(pastSessionLifetime);
  await stack.bff.reconciler.runOnce();
  return sessions.map((session) => session.order.orderNumber);
}

test('twenty anonymous sessions that lapse expire in the history and send the merchant nothing', async () => {
  const clock = new ManualClock();
  const stack = await startSystem({ mode: 'listening',  clock });
  try {
    for (const orderNumber of await lapsedCatalogSessions(stack, clock, 20)) {
      expect((await statusHistory(stack.bff.store.db, orderNumber)).at(-1)).toMatchObject({ to_status: 'expired' });
      expect(await orderEventTypesOf(stack, orderNumber)).toEqual([]);
    }
  } finally {
    await stack.close();
  }
});

test('with MERCHANT_WEBHOOK_UNATTEMPTED_EXPIRY=1 the merchant is told of such an expiry', async () => {
  const clock = new ManualClock();
  const stack = await startSystem({ mode: 'listening',  clock, env: { MERCHANT_WEBHOOK_UNATTEMPTED_EXPIRY: '1' } });
  try {
    const [orderNumber] = await lapsedCatalogSessions(stack, clock, 1);
    expect(await orderEventTypesOf(stack, orderNumber!)).toEqual(['order.expired']);
  } finally {
    await stack.close();
  }
});
