import { expect, test } from '../support/node-test.ts';
import { consultResponse, gatewayFailure, paymentRedirectQuery } from '../../contract/gateway/index.ts';
import { verifyOrderHashV2 } from '../../contract/order-hash.ts';
import { PaymentFormRejected } from '../../sandbox/control-client.ts';
import { createHostedPayment, payOrder } from './support/payments.ts';
import { cards, merchant, paymentRequest, startSandboxUnderTest, type SandboxUnderTest } from './support/sandbox-under-test.ts';

let sandbox: SandboxUnderTest;
test.beforeEach(async () => {
  sandbox = await startSandboxUnderTest();
});
test.afterEach(() => sandbox.close());

const consult = async (orderNumber: string) =>
  consultResponse.parse(await (await sandbox.post('/api/v1/consult', { key: merchant.apiKey, orderNumber, merchantId: '' })).json());

/** The verifier's view: amount, currency and e-mail from its own record; tpt, code, auth from the query. */
const hashMatches = (query: URLSearchParams, record = paymentRequest()) =>
  verifyOrderHashV2(
    {
      tpt: query.get('tpt') ?? '',
      apiKey: merchant.apiKey,
      apiUser: merchant.apiUser,
      apiPassword: merchant.apiPassword,
      orderNumber: record.orderNumber!,
      amount: record.amount!,
      currency: record.currency!,
      responseCode: query.get('code') ?? '',
      auth: query.get('auth') ?? '',
      email: record.billToEmail!,
    },
    query.get('OrderHash') ?? '',
  );

test('processPayment answers type 100 with an absolute hosted page url on the caller origin', async () => {
  const url = await createHostedPayment(sandbox);
  expect(url.startsWith(`${sandbox.url}/hosted/`)).toBe(true);
});

test('an approving card redirects with the full query, a verifiable OrderHash and returnData unchanged', async () => {
  const hosted = await createHostedPayment(sandbox);
  const location = await sandbox.control.payHostedPage(hosted, { card: cards.approved });
  expect(location.origin + location.pathname).toBe('https://merchant.example/return');
  const query = location.searchParams;
  expect(query.get('session')).toBe('abc');
  const parsed = paymentRedirectQuery.parse(Object.fromEntries(query));
  expect(parsed).toMatchObject({ code: '1', order: 'ORD-1', returnData: 'b3JkZXI6T1JELTE=', form_update: 'ok', crd: '' });
  expect(parsed['svc-transaction']).toBe(parsed.tpt);
  expect(parsed.auth!.length).toBeGreaterThanOrEqual(6);
  expect(parsed.OrderHash).toMatch(/^[0-9a-f]{64}$/);
  expect(await hashMatches(query)).toBe(true);
  // The hash binds the amount: a verifier with another amount on record rejects it.
  expect(await hashMatches(query, paymentRequest({ amount: '15000.01' }))).toBe(false);
});

test('each test card gives its outcome, and consult reports the same code', async () => {
  const expected: Array<[string, string]> = [
    [cards.denied, '05'],
    ['4111111111119999', '05'],
    [cards.insufficientFunds, '51'],
    [cards.invalidCvv, 'N7'],
    [cards.lostStolen, '43'],
    ['4012000000020089', '1'],
    [cards.otherValid, '1'],
  ];
  for (const [index, [card, code]] of expected.entries()) {
    const orderNumber = `CARD-${index}`;
    const query = await payOrder(sandbox, orderNumber, card);
    expect(query.get('code'), card).toBe(code);
    expect(await hashMatches(query, paymentRequest({ orderNumber }))).toBe(true);
    const records = (await consult(orderNumber)).response;
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ code, orderNumber, last: card.slice(-4), type: 'Payment', environment: 'Test' });
    if (code !== '1') expect(records[0]!.auth).toBe('');
  }
});

test('a bad card re-renders the page with an error and no redirect; the order stays payable', async () => {
  const hosted = await createHostedPayment(sandbox);
  const rejected = await sandbox.control.payHostedPage(hosted, { card: '4012000000020072' }).catch((error: unknown) => error);
  expect(rejected).toBeInstanceOf(PaymentFormRejected);
  expect((rejected as PaymentFormRejected).status).toBe(422);
  expect((rejected as PaymentFormRejected).html).toContain('Enter a valid card number.');
  const expired = await sandbox.control.payHostedPage(hosted, { card: cards.approved, expiry: '01/20' }).catch((error: unknown) => error);
  expect((expired as PaymentFormRejected).html).toContain('This card has expired.');
  expect((await consult('ORD-1')).response).toHaveLength(0);
  expect((await sandbox.control.payHostedPage(hosted, { card: cards.approved })).searchParams.get('code')).toBe('1');
});

test('cancel redirects with code 8 (the real service\'s cancel) and a cancel flag, with a verifiable hash', async () => {
  const hosted = await createHostedPayment(sandbox);
  const query = (await sandbox.control.payHostedPage(hosted, { card: '', cancel: true })).searchParams;
  expect(query.get('code')).toBe('8');
  expect((await consult('ORD-1')).response.map((record) => record.code)).toEqual(['8']);
  expect(query.get('cancel')).toBe('1');
  expect(await hashMatches(query)).toBe(true);
  expect((await sandbox.control.truth('ORD-1'))?.status).toBe('cancelled');
});

test('a second pay of the same hosted transaction does not charge again', async () => {
  const hosted = await createHostedPayment(sandbox);
  const first = await sandbox.control.payHostedPage(hosted, { card: cards.approved });
  // A reload of the page, then a replayed form POST (as a double-clicking buyer would send).
  const second = await sandbox.control.payHostedPage(hosted, { card: cards.denied });
  const form = new URLSearchParams({ cardNumber: cards.otherValid, expiry: '12/39', cvv: '123', holderName: 'Again', action: 'pay' });
  const replay = await fetch(hosted, { method: 'POST', body: form, redirect: 'manual' });
  expect(replay.status).toBe(303);
  expect(second.toString()).toBe(first.toString());
  expect(replay.headers.get('Location')).toBe(first.toString());
  expect(await sandbox.control.calls('hostedPagePay', 'ORD-1')).toBe(2);
  const records = (await consult('ORD-1')).response;
  expect(records).toHaveLength(1);
  expect(records[0]!.last).toBe(cards.approved.slice(-4));
});

test('capture=0 only authorizes; capture=1 authorizes and captures', async () => {
  await payOrder(sandbox, 'AUTH-ONLY', cards.approved, { capture: '0' });
  await payOrder(sandbox, 'CAPTURED', cards.approved, { capture: '1' });
  expect((await consult('AUTH-ONLY')).response[0]!.capture).toBe('Authorization');
  expect((await consult('CAPTURED')).response[0]!.capture).toBe('Capture');
  expect(await sandbox.control.truth('AUTH-ONLY')).toMatchObject({ status: 'approved', attempts: [{ authorized: '15000.00', captured: '0.00' }] });
  expect(await sandbox.control.truth('CAPTURED')).toMatchObject({ status: 'captured', attempts: [{ captured: '15000.00' }] });
});

test('an order already paid gets no second page: processPayment answers type 200, approved/reload', async () => {
  await payOrder(sandbox, 'ONCE', cards.approved);
  const again = await sandbox.post('/api/v1/processPayment', paymentRequest({ orderNumber: 'ONCE' }));
  expect(await again.json()).toMatchObject({ type: '200', url: '' });
  expect(await sandbox.control.truth('ONCE')).toMatchObject({ status: 'captured', attempts: [{ captured: '15000.00' }] });
});

test('an amount the currency cannot hold, a zero amount and an unknown currency are refused', async () => {
  for (const fields of [{ amount: '10.001', currency: 'USD' }, { amount: '0.00' }, { currency: 'XYZ' }, { amount: '100.5', currency: 'JPY' }]) {
    const response = await sandbox.post('/api/v1/processPayment', paymentRequest(fields));
    expect(gatewayFailure.parse(await response.json()).type, JSON.stringify(fields)).toBe('400');
  }
  expect((await (await sandbox.post('/api/v1/processPayment', paymentRequest({ amount: '100', currency: 'JPY' }))).json()).type).toBe('100');
});

test('a redirect that is not an http(s) address is refused', async () => {
  const response = await sandbox.post('/api/v1/processPayment', paymentRequest({ redirect: 'javascript:alert(1)' }));
  expect(gatewayFailure.parse(await response.json()).type).toBe('400');
});

test('the hosted page is plain HTML under a strict CSP with no script', async () => {
  const hosted = await createHostedPayment(sandbox);
  const page = await fetch(hosted);
  const csp = page.headers.get('Content-Security-Policy') ?? '';
  expect(csp).toContain("default-src 'none'");
  expect(csp).not.toContain('script-src');
  expect(csp).toContain("form-action 'self' https://merchant.example");
  const html = await page.text();
  expect(html).not.toContain('<script');
  for (const label of ['Card number', 'Expiry', 'Security code', 'Name on card']) expect(html).toContain(label);
  expect(html).toContain('value="pay"');
  expect(html).toContain('value="cancel"');
});

test('the same seed and the same calls give the same ids and auth numbers', async () => {
  const other = await startSandboxUnderTest();
  try {
    const a = await payOrder(sandbox, 'SEEDED', cards.approved);
    const b = await payOrder(other, 'SEEDED', cards.approved);
    for (const name of ['tpt', 'auth', 'OrderHash']) expect(b.get(name)).toBe(a.get(name));
  } finally {
    await other.close();
  }
});
