// GET /v1/merchant/bank-payments: the bank's payments as the BFF understood them, newest change
// first, filtered (matched, status, reference, dates) and paged by an opaque cursor; and the
// merchant's attach of an unmatched payment to an order (merchant-attach.ts).
import { Hono } from 'hono';
import type { z } from 'zod';
import { attachBankPaymentRequest, bankPaymentsQuery, type BankPaymentView } from '../../contract/bank-payment-view.ts';
import { bankPaymentView } from './bank-payment-view.ts';
import { normalizedSinpeReference } from '../../contract/sinpe-movil.ts';
import { invalidField } from '../lib/domain-error.ts';
import { parseOrThrow, validate } from '../http/validation.ts';
import { beforePageCursor, encodePageCursor, readPageCursor, type PageCursor } from '../http/page-cursor.ts';
import { webhookDb, type BankPaymentRow, type WebhookDb } from '../store/webhook-tables.ts';
import type { Services } from '../services.ts';
import { attachBankPayment } from './merchant-attach.ts';
import { describeRoute } from '../http/openapi/route-doc.ts';
import { bankPaymentDocs } from './bank-payments-openapi.ts';

/** The payments placed on an order (matched or attached), for its merchant detail. */
export async function bankPaymentsOf(store: Services['store'], orderNumber: string): Promise<BankPaymentView[]> {
  const rows = await webhookDb(store).selectFrom('bank_payments').selectAll().where('order_number', '=', orderNumber).orderBy('updated_at').execute();
  return rows.map(bankPaymentView);
}

/** Mounted in the merchant sub-app, which checks the merchant secret. */
export type MerchantBankPaymentRoutesDeps = Pick<Services, 'store' | 'clock' | 'statuses' | 'merchantIdempotency'>;

export function merchantBankPaymentRoutes(services: MerchantBankPaymentRoutesDeps) {
  const idempotent = services.merchantIdempotency.required;
  const db = webhookDb(services.store);
  return new Hono()
    .get('/bank-payments', describeRoute(bankPaymentDocs.listBankPayments), async (c) => {
      const query = parseOrThrow(bankPaymentsQuery, c.req.query());
      const rows = await bankPaymentsPage(db, query, readPageCursor(query.cursor)).execute();
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      c.header('Cache-Control', 'no-store');
      return c.json({
        items: page.map(bankPaymentView),
        nextCursor: rows.length > query.limit && last ? encodePageCursor({ at: last.updated_at, id: last.payment_id }) : null,
      });
    })
    .post('/bank-payments/:paymentId/attach', describeRoute(bankPaymentDocs.attachBankPayment), idempotent, validate('json', attachBankPaymentRequest), async (c) => {
      const attached = await attachBankPayment(services, c.req.param('paymentId'), c.req.valid('json'));
      return c.json({ bankPayment: bankPaymentView(attached.payment), orderStatus: attached.orderStatus });
    });
}

/** A rail reference as a person may copy it from a receipt: as typed, in capitals, without spaces. */
function receiptReferenceForms(typed: string): string[] {
  return [...new Set([typed, typed.toUpperCase(), typed.replace(/\s+/g, '').toUpperCase()])];
}

/** An amount as the bank writes it (two decimals, both SINPE currencies) and as typed. */
function amountForms(typed: string): string[] {
  const [whole = '0', fraction = ''] = typed.split('.');
  return [...new Set([typed, `${whole}.${fraction.padEnd(2, '0')}`])];
}

/** One page of bank payments, newest change first, a row past it telling whether more follow (exported so its plan can be checked: hot-query-plans.spec.ts). */
export function bankPaymentsPage(db: WebhookDb, query: z.infer<typeof bankPaymentsQuery>, cursor: PageCursor | undefined) {
  let select = db.selectFrom('bank_payments').selectAll();
  if (query.matched !== undefined) select = select.where('order_number', query.matched ? 'is not' : 'is', null);
  if (query.status) select = select.where('status', '=', query.status);
  if (query.externalReference) select = select.where('external_reference', 'in', receiptReferenceForms(query.externalReference));
  if (query.amount) select = select.where('amount', 'in', amountForms(query.amount));
  // When the money arrived: payment.succeeded's time, else payin.posted's.
  if (query.receivedSince) select = select.where((eb) => eb.fn.coalesce('succeeded_at', 'posted_at'), '>=', new Date(query.receivedSince).toISOString());
  if (query.receivedUntil) select = select.where((eb) => eb.fn.coalesce('succeeded_at', 'posted_at'), '<', new Date(query.receivedUntil).toISOString());
  if (query.reference) select = select.where('client_reference', 'in', [...new Set([query.reference, normalizedSinpeReference(query.reference)])]);
  // Stored timestamps are toISOString() text: normalize the bounds the same way to compare as text.
  if (query.since) select = select.where('updated_at', '>=', new Date(query.since).toISOString());
  if (query.until) select = select.where('updated_at', '<', new Date(query.until).toISOString());
  if (cursor) select = select.where(beforePageCursor('updated_at', 'payment_id', cursor));
  return select.orderBy('updated_at', 'desc').orderBy('payment_id', 'desc').limit(query.limit + 1);
}
