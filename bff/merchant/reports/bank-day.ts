// A business day's bank money, read from the payments the bank told us of (bank_payments), a page
// at a time by keyset so a day of many transfers never sits in memory: each transfer in that
// arrived that day (payment.succeeded's time, else payin.posted's) is a movement with the bank's
// fee and tax, and each reversal that day is one going out. Transfers no order took, and those
// whose fee the bank has not told yet, are listed as differences.
import type { MovementKind, SettlementDifference, SettlementMovement } from '../../../contract/settlement-report.ts';
import { canonicalAmount } from '../../../contract/money.ts';
import { webhookDb, type BankPaymentRow, type WebhookDb } from '../../store/webhook-tables.ts';
import { wallClockIn } from '../../lib/business-day.ts';
import { shopKeysOf, type ShopKeys } from '../own-order-numbers.ts';
import type { Services } from '../../services.ts';
import type { ReportDay } from './card-day.ts';
import { netOf, type Deductions } from './settlement-arithmetic.ts';

const pageSize = 500;

type Edge = 'received' | 'reversed';

function dayPage(db: WebhookDb, day: ReportDay, edge: Edge, after: string | undefined) {
  const [start, end] = [day.start.toISOString(), day.end.toISOString()];
  let select = db.selectFrom('bank_payments').selectAll();
  select =
    edge === 'received'
      ? select
          .where('direction', '=', 'PAYIN')
          .where('status', '!=', 'failed')
          .where((eb) =>
            eb.or([
              eb.and([eb('succeeded_at', '>=', start), eb('succeeded_at', '<', end)]),
              eb.and([eb('succeeded_at', 'is', null), eb('posted_at', '>=', start), eb('posted_at', '<', end)]),
            ]),
          )
      : select.where('direction', '=', 'PAYIN').where('reversed_at', '>=', start).where('reversed_at', '<', end);
  if (after !== undefined) select = select.where('payment_id', '>', after);
  return select.orderBy('payment_id').limit(pageSize).execute();
}

/** The orders of `numbers` that a merchant's attach (not the matcher) placed a bank payment on. */
async function attachedOrders(services: Pick<Services, 'store'>, numbers: readonly string[]): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await services.store.db
    .selectFrom('order_status_history')
    .select('order_number')
    .where('action', '=', 'bank-payment')
    .where('source', '=', 'merchant')
    .where('order_number', 'in', [...new Set(numbers)])
    .execute();
  return new Set(rows.map((row) => row.order_number));
}

function kindOf(row: BankPaymentRow, edge: Edge, attached: Set<string>): MovementKind {
  if (edge === 'reversed') return 'sinpe_reversed';
  if (row.order_number === null) return 'sinpe_unmatched';
  return attached.has(row.order_number) ? 'sinpe_attached' : 'sinpe_matched';
}

function difference(row: BankPaymentRow, fields: Pick<SettlementDifference, 'type' | 'reason'> & Partial<SettlementDifference>): SettlementDifference {
  return {
    method: row.payment_method_code.toLowerCase(),
    orderNumber: row.order_number,
    gatewayId: null,
    bankPaymentId: row.payment_id,
    currency: row.currency,
    ours: null,
    upstream: null,
    ...fields,
  };
}

/** Each page's movements, in payment id order: first the transfers that arrived, then the reversals. */
export async function* bankDay(services: Pick<Services, 'store'>, day: ReportDay, differences: SettlementDifference[]): AsyncGenerator<SettlementMovement[]> {
  const db = webhookDb(services.store);
  for (const edge of ['received', 'reversed'] as const) {
    let after: string | undefined;
    for (;;) {
      const rows = await dayPage(db, day, edge, after);
      if (rows.length === 0) break;
      after = rows.at(-1)!.payment_id;
      const numbers = rows.flatMap((row) => (row.order_number === null ? [] : [row.order_number]));
      const [attached, keys] = await Promise.all([attachedOrders(services, numbers), shopKeysOf(services.store, numbers)]);
      yield rows.flatMap((row) => movementOf(row, edge, day, kindOf(row, edge, attached), keys.get(row.order_number ?? ''), differences));
      if (rows.length < pageSize) break;
    }
  }
}

function movementOf(row: BankPaymentRow, edge: Edge, day: ReportDay, kind: MovementKind, shop: ShopKeys | undefined, differences: SettlementDifference[]): SettlementMovement[] {
  const clientReference = shop?.clientReference ?? null;
  if (row.amount === null || row.currency === null) {
    differences.push(difference(row, { type: 'amount_differs', reason: 'The bank did not say how much; the transfer is left out of the totals.' }));
    return [];
  }
  const currency = row.currency;
  const gross = canonicalAmount(row.amount, currency);
  const deductions: Deductions = {};
  if (edge === 'received') {
    if (row.fee_total !== null) deductions.feeTotal = canonicalAmount(row.fee_total, currency);
    if (row.tax_total !== null) deductions.taxTotal = canonicalAmount(row.tax_total, currency);
  }
  const net = netOf(gross, deductions, currency);
  const at = new Date((edge === 'received' ? (row.succeeded_at ?? row.posted_at) : row.reversed_at)!);
  if (edge === 'received') {
    if (kind === 'sinpe_unmatched') differences.push(difference(row, { type: 'unmatched_transfer', upstream: gross, reason: 'Money arrived that no order took: attach it to its order, or return it.' }));
    if (row.fee_total === null || row.tax_total === null) differences.push(difference(row, { type: 'fees_unknown', upstream: gross, reason: 'The bank has not sent payment.succeeded for this transfer yet: its fee and tax are not known, and its net is counted as the whole amount.' }));
    if (row.net_amount !== null && row.net_amount_check === 'mismatch') {
      differences.push(difference(row, { type: 'net_differs', ours: net, upstream: row.net_amount, reason: 'The bank\'s net_amount is not the amount less its fee and tax (banking-webhooks.md §6.4); the report counts the amount less the fee and tax.' }));
    }
  }
  return [
    {
      ...wallClockIn(at, day.timeZone),
      at: at.toISOString(),
      orderNumber: row.order_number,
      // An order's is the shop's own key; money no order took shows what the buyer wrote in the transfer.
      clientReference: row.order_number === null ? row.client_reference : clientReference,
      ...(shop && { metadata: shop.metadata }),
      method: row.payment_method_code.toLowerCase(),
      kind,
      direction: edge === 'received' ? 'in' : 'out',
      currency,
      gross,
      ...deductions,
      net,
      gatewayId: null,
      bankPaymentId: row.payment_id,
      externalReference: row.external_reference,
    },
  ];
}
