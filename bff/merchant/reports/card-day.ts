// A business day's card money, from the gateway's own records (consultTransactions for the day):
// each approved payment, refund and reversal is a movement, with the deductions the gateway wrote,
// joined to our order whatever attempt number the gateway lists it under. Compared with our
// orders: what the gateway has that we do not, what we have that it does not, and amounts that
// differ.
import type { TransactionListItem } from '../../../contract/gateway/index.ts';
import { approvedCode, splitShareOf } from '../../../contract/gateway-facts.ts';
import type { MovementKind, SettlementDifference, SettlementMovement } from '../../../contract/settlement-report.ts';
import { fromMinorUnits, toMinorUnits } from '../../../contract/money.ts';
import { readUpstreamAmount, sameUpstreamMoney } from '../../../contract/upstream-money.ts';
import { formatGatewayDateTime, parseGatewayDateTime } from '../../gateway/date-time.ts';
import { wallClockIn } from '../../lib/business-day.ts';
import { inChunks, ownOrderNumbersOf, shopKeysOf } from '../own-order-numbers.ts';
import { cardDeductionsOf, upstreamNumberAmount } from '../transaction-deductions.ts';
import { isPaid } from '../../payments/orders/order-rules.ts';
import type { Services } from '../../services.ts';
import { attemptFactOf, selectOrdersWithAttempt } from '../../store/orders.ts';
import { netOf } from './settlement-arithmetic.ts';

export interface ReportDay {
  date: string;
  timeZone: string;
  start: Date;
  /** Exclusive. */
  end: Date;
}

/**
 * The gateway's record (gateway-api.md §2.3 `type`, observed `Payment`) → the movement it is; a
 * capture moves nothing, and a payment numbered as a split share divides one already counted.
 */
function cardKindOf(item: Pick<TransactionListItem, 'type' | 'orderNumber'>): MovementKind | undefined {
  const kinds: Record<string, MovementKind> = { payment: 'card_payment', refund: 'card_refund', reversal: 'card_reversal' };
  const kind = kinds[item.type.trim().toLowerCase()];
  return kind === 'card_payment' && splitShareOf(item.orderNumber) !== undefined ? 'card_split' : kind;
}

const directionOf = (kind: MovementKind): SettlementMovement['direction'] => (kind === 'card_payment' ? 'in' : kind === 'card_split' ? 'none' : 'out');

/** The day's records as the gateway lists them (its range is inclusive, to the second). */
export async function gatewayDay(services: Pick<Services, 'gateway'>, day: ReportDay): Promise<TransactionListItem[]> {
  return services.gateway.consultTransactions({ startDate: formatGatewayDateTime(day.start), endDate: formatGatewayDateTime(new Date(day.end.getTime() - 1000)) });
}

function difference(fields: Partial<SettlementDifference> & Pick<SettlementDifference, 'type' | 'reason'>): SettlementDifference {
  return { method: 'card', orderNumber: null, gatewayId: null, bankPaymentId: null, currency: null, ours: null, upstream: null, ...fields };
}

/** Movements and differences of the day's card records. */
export async function cardDay(services: Pick<Services, 'store'>, day: ReportDay, items: readonly TransactionListItem[]): Promise<{ movements: SettlementMovement[]; differences: SettlementDifference[] }> {
  const { store } = services;
  const approved = items.filter((item) => item.code.trim() === approvedCode && cardKindOf(item) !== undefined);
  // A split share is joined to the order it divides.
  const own = await ownOrderNumbersOf(store, approved.map((item) => ({ id: item.id, orderNumber: splitShareOf(item.orderNumber) ?? item.orderNumber })));
  const keys = await shopKeysOf(store, own.map((found) => found.orderNumber));
  const orders = new Map(
    (await inChunks([...keys.keys()], (chunk) => selectOrdersWithAttempt(store.db).where('orders.order_number', 'in', chunk).execute())).map((order) => [order.order_number, order]),
  );
  const movements: SettlementMovement[] = [];
  const differences: SettlementDifference[] = [];
  approved.forEach((item, index) => {
    const kind = cardKindOf(item)!;
    const currency = item.currency.trim().toUpperCase();
    const gatewayId = item.id === null ? null : String(item.id);
    const orderNumber = own[index]!.orderNumber;
    const gross = readUpstreamAmount(item.amount, currency);
    const at = (item.date === null ? undefined : parseGatewayDateTime(item.date)) ?? day.start;
    if (gross === undefined) {
      differences.push(difference({ type: 'amount_differs', orderNumber, gatewayId, currency, upstream: item.amount, reason: 'The gateway wrote an amount that reads as no amount of its currency; it is left out of the totals.' }));
      return;
    }
    const deductions = cardDeductionsOf(item, currency);
    const net = netOf(gross, deductions, currency);
    const shop = keys.get(orderNumber);
    movements.push({
      ...wallClockIn(at, day.timeZone),
      at: at.toISOString(),
      orderNumber,
      clientReference: shop?.clientReference ?? null,
      ...(shop && { metadata: shop.metadata }),
      method: 'card',
      kind,
      direction: directionOf(kind),
      currency,
      gross,
      ...deductions,
      net,
      gatewayId,
      bankPaymentId: null,
      externalReference: null,
    });
    const upstreamNet = upstreamNumberAmount(item.net_to_liquidate, currency);
    if (kind === 'card_payment' && upstreamNet !== undefined && upstreamNet !== net) {
      differences.push(difference({ type: 'net_differs', orderNumber, gatewayId, currency, ours: net, upstream: upstreamNet, reason: 'The gateway\'s net_to_liquidate is not its amount less the deductions it wrote; the report counts the amount less the deductions.' }));
    }
    const order = orders.get(orderNumber);
    if (!order) {
      differences.push(difference({ type: 'not_ours', orderNumber, gatewayId, currency, upstream: gross, reason: 'The gateway lists this approved transaction and no order here has its number or id (another shop on the same account, a payment made outside this checkout, or a split part).' }));
      return;
    }
    if (kind !== 'card_payment') return;
    if (!isPaid(order.status)) {
      differences.push(difference({ type: 'not_paid_here', orderNumber, gatewayId, currency, upstream: gross, reason: `The gateway approved this payment and the order is ${order.status} here: the reconciler settles it by consult, or the merchant resolves it.` }));
    }
    const expected = order.charged_amount !== null && order.charged_currency !== null ? { amount: order.charged_amount, currency: order.charged_currency } : { amount: order.amount, currency: order.currency };
    if (!sameUpstreamMoney({ amount: gross, currency }, expected)) {
      differences.push(difference({ type: 'amount_differs', orderNumber, gatewayId, currency, ours: `${expected.amount} ${expected.currency}`, upstream: `${gross} ${currency}`, reason: 'The gateway approved another amount than the order asked.' }));
    }
  });
  differences.push(...paidMoreThanOnce(movements, orders));
  differences.push(...(await missingUpstream(services, day, approved, own.map((found) => found.orderNumber))));
  return { movements, differences };
}

/**
 * Orders of ours the day's list shows paid by more than one approved payment: a hosted page the
 * buyer came Back from, paid in another tab whose redirect never came back, beside the attempt that
 * paid the order. Nothing else may bring that money to the BFF (no redirect, no consult of that
 * page after the order was paid): the day's close says it, with both payments in the totals.
 */
function paidMoreThanOnce(movements: readonly SettlementMovement[], orders: ReadonlyMap<string, { amount: string; charged_amount: string | null }>): SettlementDifference[] {
  const payments = new Map<string, SettlementMovement[]>();
  for (const movement of movements) {
    if (movement.kind !== 'card_payment' || movement.orderNumber === null || !orders.has(movement.orderNumber)) continue;
    payments.set(movement.orderNumber, [...(payments.get(movement.orderNumber) ?? []), movement]);
  }
  return [...payments].flatMap(([orderNumber, paid]) => {
    if (paid.length < 2) return [];
    const order = orders.get(orderNumber)!;
    const currency = paid[0]!.currency;
    const upstream = fromMinorUnits(paid.filter((payment) => payment.currency === currency).reduce((sum, payment) => sum + toMinorUnits(payment.gross, currency), 0n), currency);
    return [
      difference({
        type: 'paid_twice',
        orderNumber,
        currency,
        ours: order.charged_amount ?? order.amount,
        upstream,
        gatewayId: paid.map((payment) => payment.gatewayId ?? '?').join(' '),
        reason: `The gateway approved ${paid.length} payments for this one order (a hosted page a later attempt replaced was paid too): refund the extra one unless it is already refunded.`,
      }),
    ];
  });
}

/**
 * Our card approvals of the day that the gateway's list does not show: an approval (the order's
 * history moving into approved or captured, not by a bank payment) whose order has no approved
 * payment record in the day's list.
 */
async function missingUpstream(services: Pick<Services, 'store'>, day: ReportDay, approved: readonly TransactionListItem[], ownNumbers: readonly string[]): Promise<SettlementDifference[]> {
  const paidUpstream = new Set(approved.flatMap((item, index) => (cardKindOf(item) === 'card_payment' ? [ownNumbers[index]!] : [])));
  const approvals = await services.store.db
    .selectFrom('order_status_history')
    .innerJoin('orders', 'orders.order_number', 'order_status_history.order_number')
    .select(['order_status_history.order_number', 'orders.amount', 'orders.currency'])
    .select((eb) => attemptFactOf(eb, 'gateway_tpt').as('gateway_tpt'))
    .where('order_status_history.to_status', 'in', ['approved', 'captured'])
    .where((eb) => eb.or([eb('order_status_history.from_status', 'is', null), eb('order_status_history.from_status', 'not in', ['approved', 'captured', 'refunded', 'reversed'])]))
    .where((eb) => eb.or([eb('order_status_history.action', 'is', null), eb('order_status_history.action', '!=', 'bank-payment')]))
    .where('order_status_history.created_at', '>=', day.start.toISOString())
    .where('order_status_history.created_at', '<', day.end.toISOString())
    .execute();
  const seen = new Set<string>();
  return approvals.flatMap((approval) => {
    if (paidUpstream.has(approval.order_number) || seen.has(approval.order_number)) return [];
    seen.add(approval.order_number);
    return [
      difference({
        type: 'missing_upstream',
        orderNumber: approval.order_number,
        gatewayId: approval.gateway_tpt,
        currency: approval.currency,
        ours: approval.amount,
        reason: 'Paid by card here that day, and the gateway lists no approved payment for it that day (approved near midnight on its clock, or an approval the gateway does not have).',
      }),
    ];
  });
}
