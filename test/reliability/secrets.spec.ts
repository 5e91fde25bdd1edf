// Secret scan: the gateway password, the API key, the bank secret_ref, MERCHANT_SECRET
// and card numbers never appear in a browser-visible response (buyer path, return and link
// pages, problems, and the merchant API the back office calls from the browser), in the built
// widget bundle, or in the BFF's logs captured at trace level through a run that also fails.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '../support/node-test.ts';
import { createLogger } from '../../bff/lib/observability/logger.ts';
import { sandboxDefaults } from '../../sandbox/defaults.ts';
import { approvingCard, checkoutBody, decliningCard, statusTokenOf } from '../bff/fixtures/buyer.ts';
import { merchantSecret, shopOrigin, startSystem, type System } from '../support/system.ts';
import { bankDestinationCount, currentSecret, polling, previousSecret } from '../bff/webhooks-support.ts';
import { recordFigures } from './support/figures.ts';
import { secretsIn } from './support/secret-scan.ts';

const logLines: string[] = [];
let stack: System;

/** Every card number the run types anywhere, and the secrets by name. */
const cards = [approvingCard, decliningCard, '4111111111111111'];
const secrets: Record<string, string> = {
  'gateway password': sandboxDefaults.merchant.apiPassword,
  'gateway API key': sandboxDefaults.merchant.apiKey,
  'bank secret_ref (current)': currentSecret,
  'bank secret_ref (previous)': previousSecret,
  MERCHANT_SECRET: merchantSecret,
  ...Object.fromEntries(cards.map((card) => [`card ${card.slice(0, 4)}…`, card])),
};

const leaksIn = (text: string) => secretsIn(text, secrets);

// Up to five minutes a test in whichever project runs this file (`npm test` runs it in one project with the bff suites).
test.describe.configure({ timeout: 300_000 });
test.beforeAll(async () => {
  const logger = createLogger('trace', { write: (line: string) => void logLines.push(line) });
  stack = await startSystem({ mode: 'listening', bank: true,  logger, env: { BANK_REGISTER_DESTINATION: '1', LOG_LEVEL: 'trace' } });
});
test.afterAll(async () => {
  await stack?.close();
});

/** A browser-side fetch that keeps what the browser could see: status line, headers, body. */
function visibleRecorder() {
  const seen: Array<{ what: string; text: string }> = [];
  async function visit(what: string, url: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(url, { redirect: 'manual', ...init });
    const body = await response.clone().text();
    seen.push({ what, text: `${response.status}\n${[...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${body}` });
    return response;
  }
  return { seen, visit };
}

test('no secret in browser-visible answers or in the logs, through a whole run with failures', async () => {
  const { seen, visit } = visibleRecorder();
  const bff = stack.bffUrl;
  const json = (body: unknown, headers: Record<string, string> = {}) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: shopOrigin, ...headers },
    body: JSON.stringify(body),
  });
  const merchant = { Authorization: `Bearer ${merchantSecret}` };

  // Buyer path (catalog).
  const created = await (await visit('POST /v1/sessions', `${bff}/v1/sessions`, json({ items: [{ sku: 'CR-COFFEE-500', quantity: 1 }] }))).json();
  const session = { Authorization: `Bearer ${created.sessionToken}`, Origin: shopOrigin };
  await visit('GET /v1/session', `${bff}/v1/session`, { headers: session });
  // A card number typed into the wrong field: refused, and neither echoed nor logged.
  const badPhone = { ...checkoutBody, billing: { ...checkoutBody.billing, telephone: cards[2] } };
  expect((await visit('POST /v1/checkout (card in phone)', `${bff}/v1/checkout`, json(badPhone, session))).status).toBe(400);
  // The gateway refuses once, echoing our credentials in its message (a gateway may do that).
  await stack.sandbox.injectFault({ operation: 'processPayment', kind: 'bodyFailure', count: 1, message: `Bad key ${sandboxDefaults.merchant.apiKey} for ${sandboxDefaults.merchant.apiPassword}` });
  expect((await visit('POST /v1/checkout (refused)', `${bff}/v1/checkout`, json(checkoutBody, session))).status).toBe(502);
  const { redirectUrl } = await (await visit('POST /v1/checkout', `${bff}/v1/checkout`, json(checkoutBody, session))).json();
  expect(redirectUrl, seen.map((s) => `${s.what} ${s.text.slice(0, 300)}`).join('\n')).toBeTruthy();
  const back = await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard });
  const returned = await visit('GET /v1/return', back.toString());
  const statusToken = statusTokenOf(returned.headers.get('Location')!);
  await visit('GET /v1/orders/{n}', `${bff}/v1/orders/${created.order.orderNumber}`, { headers: { Authorization: `Bearer ${statusToken}` } });
  // A forged return, and an unknown one: their pages too.
  await visit('GET /v1/return (forged)', `${back.origin === bff ? back : back}`.replace('OrderHash=', 'OrderHash=0'));
  await visit('GET /v1/return (unknown)', `${bff}/v1/return?order=NOPE&code=1`);

  // Gateway trouble during a merchant-created checkout: 401 then re-login, then a 5xx.
  const mSession = await (await visit('POST /v1/merchant/checkout-sessions', `${bff}/v1/merchant/checkout-sessions`, json({ amount: '40.00', currency: 'USD', returnUrl: `${shopOrigin}/t`, capture: false, prefill: { billing: checkoutBody.billing } }, merchant))).json();
  await stack.sandbox.expireTokens();
  const mHeaders = { Authorization: `Bearer ${mSession.sessionToken}`, Origin: shopOrigin };
  const mPage = await (await visit('POST /v1/checkout (after token expiry)', `${bff}/v1/checkout`, json(checkoutBody, mHeaders))).json();
  expect(mPage.redirectUrl, seen.map((s) => `${s.what} ${s.text.slice(0, 300)}`).join('\n')).toBeTruthy();
  const mBack = await stack.sandbox.payHostedPage(mPage.redirectUrl, { card: approvingCard });
  await stack.sandbox.injectFault({ operation: 'consult', kind: 'http5xx', count: 3 });
  await visit('GET /v1/return (consult down)', mBack.toString());

  // The merchant API, as the back office in a browser sees it.
  const number = mSession.orderNumber;
  await visit('GET /v1/merchant/orders', `${bff}/v1/merchant/orders`, { headers: merchant });
  await visit('GET /v1/merchant/orders/{n}', `${bff}/v1/merchant/orders/${number}`, { headers: merchant });
  await visit('POST capture', `${bff}/v1/merchant/orders/${number}/capture`, json({}, { ...merchant, 'Idempotency-Key': 'cap-1' }));
  await visit('POST refund', `${bff}/v1/merchant/orders/${number}/refund`, json({ amount: '5.00' }, { ...merchant, 'Idempotency-Key': 'ref-1' }));
  await visit('POST refund (too much)', `${bff}/v1/merchant/orders/${number}/refund`, json({ amount: '500.00' }, { ...merchant, 'Idempotency-Key': 'ref-2' }));
  await visit('GET /v1/merchant/transactions', `${bff}/v1/merchant/transactions`, { headers: merchant });
  const link = await (await visit('POST /v1/merchant/payment-links', `${bff}/v1/merchant/payment-links`, json({ amount: '12.00', currency: 'USD', singleUse: true, client: 'Ana' }, { ...merchant, 'Idempotency-Key': 'link-1' }))).json();
  const callback = await stack.sandbox.payLink(link.url, approvingCard);
  await visit('GET /v1/links/return', callback.toString());
  await visit('GET /v1/merchant/payment-links', `${bff}/v1/merchant/payment-links`, { headers: merchant });
  await visit('GET /v1/merchant/payment-links/{id}', `${bff}/v1/merchant/payment-links/${link.id}`, { headers: merchant });

  // The bank: registration (at start), deliveries, a tampered one, and what the merchant sees.
  await expect.poll(() => bankDestinationCount(stack.sandboxUrl), polling('bank registration')).toBeGreaterThan(0);
  await stack.sandbox.triggerBankEvent({ event_type: 'payment.succeeded', amount: '10000.00', currency: 'CRC' });
  await stack.sandbox.triggerBankEvent({ event_type: 'payment.failed', reason_code: '23' });
  await visit('POST /v1/webhooks/banking (tampered)', `${bff}/v1/webhooks/banking`, json({ data: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }));
  const destination = { feature_id: '5b0f3a52-8c1e-4d7a-9f3b-2a6c1e9d0002', scope_kind: 'TENANT' };
  expect((await visit('POST /v1/merchant/banking/destinations', `${bff}/v1/merchant/banking/destinations`, json(destination, merchant))).status).toBe(201);
  // The bank refuses a registration echoing the secret it was sent.
  await stack.sandbox.injectFault({ operation: 'bank.createDestination', kind: 'bodyFailure', count: 1, message: `secret_ref ${currentSecret} refused` });
  await visit('POST /v1/merchant/banking/destinations (bank echoes)', `${bff}/v1/merchant/banking/destinations`, json(destination, merchant));
  await visit('GET /v1/merchant/banking/features', `${bff}/v1/merchant/banking/features`, { headers: merchant });
  await expect
    .poll(async () => (((await (await fetch(`${bff}/v1/merchant/events`, { headers: merchant })).json()) as { items?: unknown[] }).items?.length ?? 0), polling('events'))
    .toBeGreaterThanOrEqual(3);
  await visit('GET /v1/merchant/events', `${bff}/v1/merchant/events`, { headers: merchant });
  await visit('GET /v1/openapi.json', `${bff}/v1/openapi.json`);
  await visit('GET /metrics', `${bff}/metrics`);
  await visit('GET /readyz', `${bff}/readyz`);

  if (process.env.DEBUG_SECRETS) console.log(seen.map((s) => `${s.what} ${s.text.split("\n")[0]}`).join("\n"));
  const leaks = seen.flatMap(({ what, text }) => leaksIn(text).map((name) => `${name} in ${what}`));
  expect(leaks).toEqual([]);
  const logText = logLines.join('');
  expect(logLines.length).toBeGreaterThan(20);
  expect(leaksIn(logText), logLines.filter((line) => leaksIn(line).length > 0).join('').slice(0, 3000)).toEqual([]);
  await recordFigures('secrets-run', { responsesScanned: seen.length, logLinesScanned: logLines.length, secretsChecked: Object.keys(secrets).length });
});

test('the built widget bundle holds no secret and no card number', async () => {
  const root = join(process.cwd(), 'dist', 'widget');
  const files: string[] = [];
  async function walk(directory: string) {
    for (const entry of await readdir(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (/\.(js|mjs|map|json)$/.test(entry.name)) files.push(path);
    }
  }
  await walk(root);
  expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(0);
  const found: string[] = [];
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    for (const name of leaksIn(text)) found.push(`${name} in ${file}`);
    // No long digit run shaped like a card number (13-19 digits) in shipped code.
    for (const match of text.matchAll(/(?<![\d.])\d{13,19}(?![\d.])/g)) if (luhnValid(match[0])) found.push(`Luhn-valid ${match[0].length}-digit number in ${file}`);
  }
  expect(found).toEqual([]);
});

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
