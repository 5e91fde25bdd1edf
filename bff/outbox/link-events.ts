// link.paid, written in the transaction that stores a link payment as paid (link-confirmation.ts).
import type { LinkListItem } from '../../contract/gateway/links.ts';
import type { LinkPaidData } from '../../contract/merchant-webhooks.ts';
import type { LinkPaymentsTable, WebhookTrx } from '../store/webhook-tables.ts';
import { linkViewAt } from '../merchant/payment-link-routes.ts';
import { recordOutboundEvent } from './outbox-writer.ts';

export async function recordLinkPaid(trx: WebhookTrx, link: LinkListItem, payment: LinkPaymentsTable): Promise<void> {
  const data: LinkPaidData = {
    // The URL as the gateway gave it: it was checked when the link was created through the API.
    ...linkViewAt(link, link.url),
    payment: {
      svcOrderId: payment.svc_order_id,
      orderNumber: payment.order_number,
      ...(payment.gateway_order_number !== null && { gatewayOrderNumber: payment.gateway_order_number }),
      amount: payment.amount,
      currency: payment.currency,
      auth: payment.auth,
      cardBrand: payment.card_brand,
      cardLast4: payment.card_last4,
      paidAt: payment.created_at,
    },
  };
  await recordOutboundEvent(trx, 'link.paid', data, payment.created_at);
}
