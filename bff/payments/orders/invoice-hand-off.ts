// The merchant order's `invoice` (contract/invoice-hand-off.ts): the receptor the buyer gave, and
// for a paid order the totals per medio de pago, the exchange rate and the payment's reference.
import type { Kysely } from 'kysely';
import type { InvoiceDetails } from '../../../contract/invoice.ts';
import { invoiceLocationOf, paymentMeansCodes, type InvoiceHandOff, type InvoiceLocation } from '../../../contract/invoice-hand-off.ts';
import { canonicalAmount, fromMinorUnits, toMinorUnits } from '../../../contract/money.ts';
import { recordedLocalAmount } from '../exchange-rates/current-rate.ts';
import { convertedChargeOf } from '../charged-money.ts';
import { orderLinesOf } from './order-contents.ts';
import type { Database, OrderRow } from '../../store/schema.ts';
import { isPaid } from './order-rules.ts';
import { invoiceOf } from './order-invoice.ts';
import { paidTransferOf } from './transfer-amount-view.ts';

/** At checkout: the receptor's ubicación from the billing address, kept only with invoice details. */
export async function recordInvoiceLocation(db: Kysely<Database>, order: OrderRow, invoice: InvoiceDetails | undefined, billing: Parameters<typeof invoiceLocationOf>[0]): Promise<void> {
  const location = invoice === undefined ? undefined : invoiceLocationOf(billing);
  const json = location === undefined ? null : JSON.stringify(location);
  if (json === order.invoice_location_json) return;
  await db.updateTable('orders').set({ invoice_location_json: json }).where('order_number', '=', order.order_number).execute();
}

function receptorOf(order: OrderRow): InvoiceHandOff['receptor'] {
  const details = invoiceOf(order);
  if (!details) return null;
  const location = order.invoice_location_json ? (JSON.parse(order.invoice_location_json) as InvoiceLocation) : undefined;
  return { ...details, ...(location && { location }) };
}

/** Less `discount`, in the currency's canonical form. */
function minus(amount: string, discount: string | null | undefined, currency: string): string {
  const minor = toMinorUnits(amount, currency) - (discount ? toMinorUnits(discount, currency) : 0n);
  return fromMinorUnits(minor, currency);
}

/** What paid the order, per medio de pago (one means pays an order here), in the currency the money moved in. */
function paymentMeansOf(order: OrderRow, paidByBankTransfer: boolean): InvoiceHandOff['paymentMeans'] {
  if (!isPaid(order.status)) return [];
  if (!paidByBankTransfer) {
    // A dollar order charged in colones by card moved colones: the amount the card was charged.
    const charged = convertedChargeOf(order);
    if (charged) return [{ code: paymentMeansCodes.card, amount: charged.amount, currency: charged.currency }];
    return [{ code: paymentMeansCodes.card, amount: canonicalAmount(order.amount, order.currency), currency: order.currency }];
  }
  // What the transfer brought, as the bank reported it (a merchant may have accepted another amount).
  const paid = paidTransferOf(order);
  if (paid) return [{ code: paymentMeansCodes.sinpeMovil, amount: paid.amount, currency: paid.currency }];
  const local = recordedLocalAmount(order);
  // Paid before the bank's amount was kept: a dollar order paid by SINPE Móvil moved colones: its colón amount, less the transfer's discount.
  if (order.currency !== 'CRC' && local) return [{ code: paymentMeansCodes.sinpeMovil, amount: minus(local.amount, order.paid_discount, 'CRC'), currency: 'CRC' }];
  return [{ code: paymentMeansCodes.sinpeMovil, amount: minus(order.amount, order.paid_discount, order.currency), currency: order.currency }];
}

/** The rate a dollar order's money moved in colones at: its SINPE Móvil transfer's, or its card charge's. */
function exchangeRateOf(order: OrderRow, paidByBankTransfer: boolean): { exchangeRate?: string } {
  if (order.currency === 'CRC') return {};
  const rate = paidByBankTransfer ? recordedLocalAmount(order)?.rate : convertedChargeOf(order)?.rate;
  return rate === undefined ? {} : { exchangeRate: rate };
}

/** The hand-off block; null for an order that is not paid and has no receptor (nothing to hand over yet). */
export function invoiceHandOffOf(order: OrderRow, context: { paidByBankTransfer: boolean }): InvoiceHandOff | null {
  const receptor = receptorOf(order);
  const paid = isPaid(order.status);
  if (!paid && receptor === null) return null;
  const refunded = toMinorUnits(order.refunded_amount, order.currency);
  return {
    receptor,
    paymentMeans: paymentMeansOf(order, context.paidByBankTransfer),
    currency: order.currency,
    ...(paid && exchangeRateOf(order, context.paidByBankTransfer)),
    reference: paid ? ((context.paidByBankTransfer ? order.paid_reference : order.gateway_auth) ?? null) : null,
    lines: orderLinesOf(order),
    ...(paid && order.paid_discount && toMinorUnits(order.paid_discount, 'CRC') > 0n && { discount: order.paid_discount }),
    ...(refunded > 0n && { refundedAmount: fromMinorUnits(refunded, order.currency) }),
  };
}
