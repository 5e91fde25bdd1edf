// Shared steps of the webhook, inbox, links and banking suites (a system started with `bank: true`,
// whose BFF knows the sandbox bank): bank deliveries encrypted like the bank's, reads of the tables,
// and a logger that keeps its lines for assertions.
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { encryptDelivery } from '../../node/bank-delivery-codec.ts';
import type { BankEventType } from '../../contract/bank/event-types.ts';
import { exampleEvent } from '../../sandbox/bank/event-examples.ts';
import { sandboxDefaults } from '../../sandbox/defaults.ts';
import { createLogger } from '../../bff/lib/observability/logger.ts';
import { webhookDb } from '../../bff/store/webhook-tables.ts';
import type { RunningBff } from '../../bff/server.ts';
import { currentBankSecret, merchantSecret, metricsHeaders, previousBankSecret } from '../support/system.ts';

/** The sandbox bank's secrets of a system started with `bank: true` (test/support/system.ts): deliveries are encrypted with the first. */
export const currentSecret = currentBankSecret;
export const previousSecret = previousBankSecret;

/** A logger whose JSON lines the test can read. */
export function capturingLogger() {
  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  return { logger, lines, text: () => lines.join('') };
}

/** A fresh event of `type` (a real example from the sandbox's own builder, new ids). */
export function bankEvent(type: BankEventType, change: (event: any) => void = () => undefined): any {
  const event = structuredClone(exampleEvent(type)) as any;
  event.event.event_id = randomUUID();
  event.event.correlation_id = randomUUID();
  event.payment.payment_id = randomUUID();
  change(event);
  return event;
}

export async function deliveryBody(event: unknown, secret = currentSecret): Promise<string> {
  return JSON.stringify({ data: await encryptDelivery(JSON.stringify(event), secret) });
}

export function postBank(bffUrl: string, body: string): Promise<Response> {
  return fetch(`${bffUrl}/v1/webhooks/banking`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
}

export async function merchantGet(bffUrl: string, path: string): Promise<{ status: number; body: any }> {
  const response = await fetch(bffUrl + path, { headers: { Authorization: `Bearer ${merchantSecret}` } });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

export async function merchantPost(bffUrl: string, path: string, body: unknown, secret = merchantSecret): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(bffUrl + path, {
    method: 'POST',
    // A fresh key per call: the merchant POSTs that require one get it, the others ignore it.
    headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

export function tables(bff: RunningBff) {
  return webhookDb(bff.store);
}

/**
 * expect.poll's options for state a worker moves on its own: a look every 50 ms (the workers' own
 * poll in these stacks) instead of Playwright's back-off to one look a second, which would add up
 * to a second to every wait.
 */
export function polling(message: string): { message: string; intervals: number[] } {
  return { message, intervals: [50] };
}

/** The inbox's state for the event whose external id is `externalId` (undefined before it is stored): what a test polls with expect.poll. */
export async function eventState(bff: RunningBff, externalId: string): Promise<string | undefined> {
  return (await tables(bff).selectFrom('events').select('state').where('external_id', '=', externalId).executeTakeFirst())?.state;
}

/** How many destinations the sandbox bank lists (the BFF registers its own in the background at start). */
export async function bankDestinationCount(sandboxUrl: string): Promise<number> {
  return ((await (await fetch(`${sandboxUrl}/_sandbox/bank/destinations`)).json()) as { destinations: unknown[] }).destinations.length;
}

export async function metricsText(bffUrl: string): Promise<string> {
  return (await fetch(`${bffUrl}/metrics`, { headers: metricsHeaders })).text();
}

/** How many passes the inbox worker behind `bffUrl` has made (0 when it never ran). */
export async function workerPasses(bffUrl: string): Promise<number> {
  const match = /^inbox_worker_passes_total (\d+)$/m.exec(await metricsText(bffUrl));
  return match ? Number(match[1]) : 0;
}

/**
 * Waits until the worker has made `passes` more passes than now, instead of sleeping before an
 * assertion that nothing happened: a pass already running may have claimed before the test's
 * change, so the default two guarantee one whole pass after it.
 */
export async function afterWorkerPasses(bffUrl: string, passes = 2): Promise<void> {
  const start = await workerPasses(bffUrl);
  await expect.poll(() => workerPasses(bffUrl), polling(`${passes} more inbox worker passes`)).toBeGreaterThanOrEqual(start + passes);
}

/**
 * The settings of a link report flood from one address, retries driven by a manual clock: the
 * request limits are not what is measured.
 */
export function linkFloodEnv(lookupIntervalMs: number): Record<string, string> {
  return {
    LINK_LOOKUP_INTERVAL_MS: String(lookupIntervalMs),
    INBOX_RETRY_BASE_MS: '1000',
    INBOX_RETRY_MAX_MS: '300000',
    INBOX_MAX_ATTEMPTS: '8',
    RATE_LIMIT_PER_MINUTE: '100000',
    UPSTREAM_RATE_LIMIT_PER_MINUTE: '100000',
  };
}

/** How many unsigned reports for payments its listing did not show were counted on our link. */
export async function unlistedLinkReports(bff: RunningBff, linkId: string): Promise<number> {
  const row = await tables(bff).selectFrom('own_payment_links').select('unlisted_reports').where('link_id', '=', linkId).executeTakeFirstOrThrow();
  return Number(row.unlisted_reports);
}

/** A link webhook body (gateway-api.md §6.3) as the gateway would send it. */
export function linkWebhook(fields: Partial<Record<string, unknown>> = {}): Record<string, unknown> {
  return {
    code: '1',
    codeDescription: 'Approved',
    auth: '123456',
    svcLinkId: 999_999,
    orderNumber: 'LNK999999-1',
    svcOrderId: 4_242_424,
    creditCardToken: '401200******0071',
    creditCardBrand: 'VISA',
    last4CreditCardNumber: '0071',
    linkDescription: 'Test link',
    orderHash: '0'.repeat(64),
    ...fields,
  };
}

export function postLinkWebhook(bffUrl: string, body: unknown): Promise<Response> {
  return fetch(`${bffUrl}/v1/webhooks/links`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

/**
 * A payment link created straight at the sandbox, read the way any gateway client must read it
 * (the variance mode may answer a 401 in the body, the id as a string): one new login on a 401.
 */
export async function createGatewayLink(sandboxUrl: string, fields: Record<string, unknown>): Promise<{ id: number; url: string }> {
  const login = async () => {
    const response = await fetch(`${sandboxUrl}/api/v1/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ apiuser: sandboxDefaults.merchant.apiUser, password: sandboxDefaults.merchant.apiPassword }),
    });
    return ((await response.json()) as { access_token: string }).access_token;
  };
  const create = async (token: string) => {
    const response = await fetch(`${sandboxUrl}/api/v1/createLinkPayment`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ key: sandboxDefaults.merchant.apiKey, ...fields }),
    });
    return { status: response.status, body: (await response.json()) as { type?: unknown; id?: unknown; url?: string } };
  };
  let answer = await create(await login());
  if (answer.status === 401 || String(answer.body.type) === '401') answer = await create(await login());
  return { id: Number(answer.body.id), url: String(answer.body.url) };
}
