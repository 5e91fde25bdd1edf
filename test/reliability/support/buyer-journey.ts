// One buyer's whole checkout as the widget would do it, over real HTTP, recording every answer
// the BFF gave so the suites can judge them: session, checkout (with a double click and one retry
// after an error), the hosted page, the return, then polling until the status is final.
//
// Checked with node:assert, not Playwright's expect: the runner records every expect as a step and
// looks back through all of a test's steps at each new one, so the thousands of checks of a
// 200-checkout run cost more than the checkouts (measured: 40 s of the SQLite suite's CPU).
import assert from 'node:assert/strict';
import type { OrderStatusResponse } from '../../../contract/bff-api.ts';
import { isOpenOrderStatus } from '../../../contract/bff-api.ts';
import type { OrderTruth, SandboxControl } from '../../../sandbox/control-client.ts';
import { approvingCard, createMerchantSession, decliningCard, followReturn, postCheckout, statusTokenOf } from '../../bff/fixtures/buyer.ts';

export type CardChoice = 'approve' | 'decline' | 'cancel';

export interface JourneyPlan {
  amount: string;
  currency: 'USD' | 'CRC';
  capture: boolean;
  card: CardChoice;
  /** Two checkout requests at once, as a double click sends. */
  doubleClick: boolean;
}

export interface JourneyRecord {
  plan: JourneyPlan;
  orderNumber: string;
  /** Every HTTP status /v1/checkout answered, in order. */
  checkoutStatuses: number[];
  /** How the buyer's checkout ended: a page was paid, or a clear error the buyer was told to retry. */
  ending: 'paid-page' | 'retryable-error';
  returnStatus?: number;
  final: OrderStatusResponse;
}

/** Asserts an error answer is problem+json with the fields ARCHITECTURE.md promises. */
export async function expectProblem(response: Response): Promise<Record<string, unknown>> {
  const where = `${response.status} ${response.url}`;
  assert.match(response.headers.get('Content-Type') ?? '', /application\/problem\+json/, where);
  const body = (await response.json()) as Record<string, unknown>;
  assert.equal(body.status, response.status, where);
  for (const member of ['type', 'title', 'detail'] as const) assert.equal(typeof body[member], 'string', `${where}: ${member}`);
  assert.ok(Array.isArray(body.errors), `${where}: errors`);
  return body;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls GET /v1/orders/{n} like the widget until no attempt is running; never accepts a 5xx.
 * A loop of its own on purpose, not expect.poll: the polling is what is tested here (the widget's
 * backing-off GETs against a faulted gateway), every answer along the way is a check (200, never
 * "final" while open), and expect.poll would record each look as a step (see the top of the file).
 */
export async function pollUntilFinal(bffUrl: string, orderNumber: string, token: string, timeoutMs = 120_000): Promise<OrderStatusResponse> {
  const deadline = Date.now() + timeoutMs;
  let wait = 50;
  for (;;) {
    const response = await fetch(`${bffUrl}/v1/orders/${encodeURIComponent(orderNumber)}`, { headers: { Authorization: `Bearer ${token}` } });
    assert.equal(response.status, 200, `status poll of ${orderNumber}`);
    const body = (await response.json()) as OrderStatusResponse;
    if (body.final) assert.ok(!isOpenOrderStatus(body.status), `${orderNumber} final yet ${body.status}`);
    if (!isOpenOrderStatus(body.status)) return body;
    if (Date.now() > deadline) throw new Error(`${orderNumber} still ${body.status} after ${timeoutMs} ms`);
    await sleep(wait);
    wait = Math.min(wait * 2, 400);
  }
}

/** One checkout attempt (or a double click): the statuses, and the page URL if one came back. */
async function checkoutOnce(bffUrl: string, sessionToken: string, doubleClick: boolean): Promise<{ statuses: number[]; url?: string }> {
  const responses = await Promise.all(Array.from({ length: doubleClick ? 2 : 1 }, () => postCheckout(bffUrl, sessionToken)));
  const statuses: number[] = [];
  let url: string | undefined;
  for (const response of responses) {
    statuses.push(response.status);
    if (response.status === 200) {
      const body = (await response.json()) as { redirectUrl: string };
      // A double click must never see two different pages.
      if (url !== undefined) assert.equal(body.redirectUrl, url);
      url = body.redirectUrl;
      continue;
    }
    // Only "refused, nothing created" (502), "try again" (503, with Retry-After) and, once the
    // reconciler closed an interrupted order, "order closed" (409) are allowed.
    assert.ok([409, 502, 503].includes(response.status), `checkout answered ${response.status}`);
    if (response.status === 503) assert.ok(Number(response.headers.get('Retry-After')) > 0, 'a 503 without Retry-After');
    await expectProblem(response);
  }
  return url === undefined ? { statuses } : { statuses, url };
}

export async function runJourney(bffUrl: string, sandbox: SandboxControl, plan: JourneyPlan): Promise<JourneyRecord> {
  const session = await createMerchantSession(bffUrl, { amount: plan.amount, currency: plan.currency, capture: plan.capture });
  const first = await checkoutOnce(bffUrl, session.sessionToken, plan.doubleClick);
  let statuses = first.statuses;
  let url = first.url;
  // The buyer presses Pay again, as the error told them to, until a page comes back or the order
  // is closed (409: its payment could not be started and never will be), a few times; then they
  // wait for the order's status (an interrupted payment is closed by the reconciler).
  for (let attempt = 0; url === undefined && attempt < 6 && !statuses.includes(409); attempt++) {
    await sleep(250);
    const again = await checkoutOnce(bffUrl, session.sessionToken, false);
    statuses = [...statuses, ...again.statuses];
    url = again.url;
  }
  if (url === undefined) {
    // Told to retry later: the order must still reach a final status on its own (the reconciler).
    const final = await pollUntilFinal(bffUrl, session.orderNumber, session.sessionToken);
    return { plan, orderNumber: session.orderNumber, checkoutStatuses: statuses, ending: 'retryable-error', final };
  }
  const card = plan.card === 'decline' ? decliningCard : approvingCard;
  const back = await sandbox.payHostedPage(url, { card, cancel: plan.card === 'cancel' });
  const returned = await followReturn(back);
  // The buyer's return is never a 5xx, whatever the gateway does behind it.
  assert.equal(returned.status, 303, `return of ${session.orderNumber}`);
  const statusToken = statusTokenOf(returned.headers.get('Location')!);
  const final = await pollUntilFinal(bffUrl, session.orderNumber, statusToken);
  return { plan, orderNumber: session.orderNumber, checkoutStatuses: statuses, ending: 'paid-page', returnStatus: returned.status, final };
}

/** The BFF's final status agrees with the gateway's own record of the order. */
export function expectMatchesTruth(record: Pick<JourneyRecord, 'orderNumber' | 'final'>, truth: OrderTruth | undefined): void {
  const where = `${record.orderNumber}: BFF says ${record.final.status}, sandbox ${truth?.status ?? 'never saw it'}`;
  // At most one payment attempt ever reached the gateway's ledger for one order.
  assert.ok((truth?.attempts.length ?? 0) <= 1, `${where}: ${truth?.attempts.length} attempts`);
  switch (record.final.status) {
    case 'approved':
      assert.ok(['approved', 'captured'].includes(truth?.status ?? ''), where);
      assert.equal(record.final.auth, truth?.attempts[0]?.auth, where);
      break;
    case 'declined':
      assert.equal(truth?.status, 'declined', where);
      break;
    case 'cancelled':
      // A cancel on the hosted page is the cancel consult records (code 8).
      assert.equal(truth?.status, 'cancelled', where);
      break;
    case 'expired':
      // Nothing was paid: the gateway never saw the order, or holds an unpaid page nobody got.
      assert.ok([undefined, 'created'].includes(truth?.status), where);
      break;
    default:
      throw new Error(`unexpected final status: ${where}`);
  }
}
