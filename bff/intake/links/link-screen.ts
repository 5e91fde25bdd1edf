// Which link reports we take at all. The gateway does not sign them (gateway-api.md §6.2, §6.3),
// so anyone can post one: only reports for links this BFF created (own_payment_links, written by
// /v1/merchant/payment-links) are stored and looked up. A report for any other link is answered
// 2xx and counted, so a flood of invented ids costs one indexed read each and no gateway call.
import type { WebhookDb } from '../../store/webhook-tables.ts';
import type { LinkReport } from './link-report.ts';

/** Records a link we created at the gateway; its reports are taken from now on. */
export async function recordOwnLink(db: WebhookDb, link: { id: string; amount: string; currency: string; now: Date }): Promise<void> {
  await db
    .insertInto('own_payment_links')
    .values({ link_id: link.id, amount: link.amount, currency: link.currency, created_at: link.now.toISOString() })
    .onConflict((conflict) => conflict.column('link_id').doNothing())
    .execute();
}

/**
 * 'ours': a report for one of our links. 'unknown_link': not a link we created (not stored).
 * 'own_order': it names one of our checkout orders: a link payment never has a checkout's order
 * number, so it is an attempt to count that checkout's payment as the link's.
 */
export type LinkReportScreen = 'ours' | 'unknown_link' | 'own_order';

export async function screenLinkReport(db: WebhookDb, report: Pick<LinkReport, 'svcLinkId' | 'orderNumber'>): Promise<LinkReportScreen> {
  const [link, order] = await Promise.all([
    db.selectFrom('own_payment_links').select('link_id').where('link_id', '=', report.svcLinkId).executeTakeFirst(),
    db.selectFrom('orders').select('order_number').where('order_number', '=', report.orderNumber).executeTakeFirst(),
  ]);
  if (order) return 'own_order';
  return link ? 'ours' : 'unknown_link';
}
