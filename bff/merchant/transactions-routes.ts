// GET /v1/merchant/transactions: consultTransactions (gateway-api.md §4.5) with every one of its
// filters as a query parameter. Dates come as ISO 8601 (or the gateway's own form) and go out
// as the gateway's `Y-m-d H:i:s`, read as UTC like every gateway timestamp (bff/gateway/date-time.ts).
import { Hono } from 'hono';
import { problemTypes } from '../../contract/bff-api.ts';
import { approvedCode } from '../../contract/gateway-facts.ts';
import type { TransactionListItem } from '../../contract/gateway/index.ts';
import { formatGatewayDateTime, parseGatewayDateTime } from '../gateway/date-time.ts';
import { ProblemException } from '../http/problem.ts';
import { validate } from '../http/validation.ts';
import type { Services } from '../services.ts';
import { gatewayProblem } from './gateway-problems.ts';
import { transactionsQuery, type TransactionView, type TransactionsResponse } from '../../contract/merchant-api.ts';
import { gatewayNumberAmount } from './order-modifier.ts';
import { endOfDayIn, isBareDay, startOfDayIn } from '../lib/business-day.ts';
import { upstreamMoneyShown } from '../../contract/upstream-money.ts';
import { describeRoute } from '../http/openapi/route-doc.ts';
import { merchantDocs } from './merchant-openapi.ts';
import { ownOrderNumbersOf, shopKeysOf, type OwnOrderNumber, type ShopKeys } from './own-order-numbers.ts';
import { cardDeductionsOf } from './transaction-deductions.ts';

const defaultRangeMs = 30 * 24 * 60 * 60 * 1000;

/** A 400 naming the date field that reads as no date. */
export function badDate(path: string, message: string): ProblemException {
  return new ProblemException(400, {
    type: problemTypes.validation,
    title: 'Invalid request',
    detail: 'The request has invalid fields.',
    errors: [{ path, message, code: 'invalid_date' }],
  });
}

/**
 * A date-only value means the whole day in the business time zone: from its first second, or
 * through its last (the gateway's range is inclusive, to the second).
 */
export function readQueryDate(text: string, edge: 'start' | 'end', timeZone: string): Date | undefined {
  const gatewayForm = parseGatewayDateTime(text);
  if (gatewayForm) return gatewayForm;
  if (isBareDay(text)) {
    if (edge === 'start') return startOfDayIn(text, timeZone);
    const next = endOfDayIn(text, timeZone);
    return next && new Date(next.getTime() - 1000);
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function transactionView(item: TransactionListItem, own: OwnOrderNumber, keys: ShopKeys | undefined): TransactionView {
  let net: string | null = null;
  try {
    if (item.net_to_liquidate !== null) net = gatewayNumberAmount(item.net_to_liquidate, item.currency);
  } catch {
    net = String(item.net_to_liquidate);
  }
  const { amount, currency } = upstreamMoneyShown(item.amount, item.currency);
  return {
    id: item.id,
    ...own,
    // The one reading of an upstream amount ("25", 25, "15,000.00" → "25.00", "15000.00").
    amount,
    currency,
    approved: item.code.trim() === approvedCode,
    code: item.code.trim(),
    response: item.response,
    auth: item.auth,
    type: item.type,
    capture: item.capture,
    environment: item.environment,
    merchantId: item.merchantId,
    email: item.email,
    cardLast4: item.last,
    ...(keys && { clientReference: keys.clientReference, metadata: keys.metadata }),
    ...cardDeductionsOf(item, currency),
    netToLiquidate: net,
    date: item.date === null ? null : (parseGatewayDateTime(item.date)?.toISOString() ?? item.date),
  };
}

/** The numbers the gateway knows our order's attempts by: the order's own first, then each attempt's. */
async function gatewayOrderNumbersOf(store: Services['store'], orderNumber: string): Promise<string[]> {
  const attempts = await store.db.selectFrom('payment_attempts').select('gateway_order_number').where('order_number', '=', orderNumber).orderBy('number').execute();
  return [...new Set([orderNumber, ...attempts.map((attempt) => attempt.gateway_order_number)])];
}

/**
 * A record the gateway listed for two of the numbers asked (attempt 1 under the order's own number)
 * appears once: the same record, every field alike (a refund may share its sale's id).
 */
function listedOnce(items: readonly TransactionListItem[]): TransactionListItem[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = JSON.stringify(item);
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

export type MerchantTransactionRoutesDeps = Pick<Services, 'store' | 'gateway' | 'clock' | 'config'>;

export function merchantTransactionRoutes(services: MerchantTransactionRoutesDeps) {
  const { gateway, clock, config } = services;
  return new Hono().get('/transactions', describeRoute(merchantDocs.listTransactions), validate('query', transactionsQuery), async (c) => {
    const query = c.req.valid('query');
    const end = query.endDate === undefined ? clock.now() : readQueryDate(query.endDate, 'end', config.BUSINESS_TIME_ZONE);
    if (!end) throw badDate('endDate', 'Use an ISO 8601 date or date-time, or Y-m-d H:i:s.');
    const start = query.startDate === undefined ? new Date(end.getTime() - defaultRangeMs) : readQueryDate(query.startDate, 'start', config.BUSINESS_TIME_ZONE);
    if (!start) throw badDate('startDate', 'Use an ISO 8601 date or date-time, or Y-m-d H:i:s.');
    if (start > end) throw badDate('startDate', 'startDate must not be after endDate.');
    // `onlyAproved` (the gateway's spelling) is the deprecated alias; `onlyApproved` wins when both are sent.
    const onlyAproved = query.onlyApproved ?? query.onlyAproved;
    let items: TransactionListItem[];
    const asked = {
      startDate: formatGatewayDateTime(start),
      // The gateway's times have whole seconds: round the end up so this very second is included.
      endDate: formatGatewayDateTime(new Date(Math.ceil(end.getTime() / 1000) * 1000)),
      ...(onlyAproved !== undefined ? { onlyAproved } : {}),
      ...(query.environment !== undefined ? { environment: query.environment } : {}),
      ...(query.currency ? { currency: query.currency } : {}),
      ...(query.merchantId ? { merchantId: query.merchantId } : {}),
      ...(query.email ? { email: query.email } : {}),
      ...(query.auth ? { auth: query.auth } : {}),
    };
    try {
      // Our order number names each of its attempts to the gateway by the attempt's own number
      // (`<order>-R<n>`): the gateway is asked for each, and the records listed once.
      const numbers = query.orderNumber ? await gatewayOrderNumbersOf(services.store, query.orderNumber) : [undefined];
      const pages = await Promise.all(numbers.map((orderNumber) => gateway.consultTransactions({ ...asked, ...(orderNumber && { orderNumber }) })));
      items = listedOnce(pages.flat());
    } catch (error) {
      throw gatewayProblem(error, 'transaction query', false) ?? error;
    }
    const own = await ownOrderNumbersOf(services.store, items);
    const keys = await shopKeysOf(services.store, own.map((found) => found.orderNumber));
    const response: TransactionsResponse = {
      startDate: start.toISOString(),
      endDate: end.toISOString(),
      items: items.map((item, index) => transactionView(item, own[index]!, keys.get(own[index]!.orderNumber))),
    };
    c.header('Cache-Control', 'no-store');
    return c.json(response);
  });
}
