import { expect, test } from '../support/node-test.ts';
import {
  consultResponse,
  createLinkPaymentResponse,
  deleteLinkPaymentResponse,
  gatewayFailure,
  linkByIdResponse,
  linkCallbackQuery,
  linkDetailResponse,
  linkListResponse,
  linkWebhookBody,
} from '../../contract/gateway/index.ts';
import { verifyOrderHashV2 } from '../../contract/order-hash.ts';
import { PaymentFormRejected } from '../../sandbox/control-client.ts';
import { startReceiver } from './support/receiver.ts';
import { cards, merchant, startSandboxUnderTest, type SandboxUnderTest } from './support/sandbox-under-test.ts';

let sandbox: SandboxUnderTest;
test.beforeEach(async () => {
  sandbox = await startSandboxUnderTest({ allowHttpLoopbackWebhooks: true });
});
test.afterEach(() => sandbox.close());

async function createLink(fields: Record<string, unknown> = {}) {
  const response = await sandbox.post('/api/v1/createLinkPayment', { key: merchant.apiKey, amount: '2500.00', currency: 'CRC', reference: 'INV-7', type: 0, description: 'Camiseta', ...fields });
  return createLinkPaymentResponse.parse(await response.json());
}

test('create, then detail, by-id and list describe the link in their own shapes', async () => {
  const created = await createLink({ type: 1, client: 'Ana Solís', callback_url: 'https://merchant.example/links/return' });
  expect(created.type).toBe('200');
  expect(created.url.startsWith(`${sandbox.url}/pay/`)).toBe(true);
  const detail = linkDetailResponse.parse(await (await sandbox.get(`/api/v1/getDetailLinkPayment/${created.id}/${merchant.apiKey}`)).json());
  expect(detail.detail).toMatchObject({ id: created.id, amount: '2500.00', type: 'Single use', client: 'Ana Solís', callback_url: 'https://merchant.example/links/return' });
  expect(detail.payments).toEqual([]);
  const byId = linkByIdResponse.parse(await (await sandbox.get(`/api/v1/getLinkPaymentById/${created.id}/${merchant.apiKey}`)).json());
  expect(byId.data).toMatchObject({ id: created.id, url: created.url, times_used: null, description: 'Camiseta' });
  const unlimited = await createLink();
  const unlimitedDetail = linkDetailResponse.parse(await (await sandbox.get(`/api/v1/getDetailLinkPayment/${unlimited.id}/${merchant.apiKey}`)).json());
  expect(unlimitedDetail.detail.type).toBe('Unlimited');
  expect(unlimitedDetail.detail.callback_url).toBeNull();
});

test('the list pages through ?page= URLs', async () => {
  const ids: number[] = [];
  for (let i = 0; i < 5; i++) ids.push((await createLink({ reference: `R${i}` })).id);
  const first = linkListResponse.parse(await (await sandbox.get(`/api/v1/getLinkPaymentList/${merchant.apiKey}/2`)).json()).data;
  expect(first).toMatchObject({ current_page: 1, from: 1, to: 2, last_page: 3, per_page: 2, total: 5, prev_page_url: null });
  expect(first.payment_link.map((l) => l.id)).toEqual(ids.slice(0, 2));
  const seen = [...first.payment_link.map((l) => l.id)];
  let page = first;
  while (page.current_page < page.last_page) {
    const next = new URL(page.next_page_url);
    expect(next.searchParams.get('page')).toBe(String(page.current_page + 1));
    page = linkListResponse.parse(await (await sandbox.get(next.pathname + next.search)).json()).data;
    seen.push(...page.payment_link.map((l) => l.id));
  }
  expect(seen).toEqual(ids);
  expect(page).toMatchObject({ current_page: 3, from: 5, to: 5 });
  expect(page.prev_page_url).toContain('page=2');
});

test('paying a link sends the webhook, redirects to callback_url with a verifiable hash, and shows in consult', async () => {
  const receiver = await startReceiver();
  try {
    const link = await createLink({ callback_url: 'https://merchant.example/links/return', webhook_url: `${receiver.url}/v1/webhooks/links` });
    const location = await sandbox.control.payLink(link.url, cards.approved);
    expect(location.origin + location.pathname).toBe('https://merchant.example/links/return');
    const query = linkCallbackQuery.parse(Object.fromEntries(location.searchParams));
    expect(query).toMatchObject({ code: '1', svcLinkId: String(link.id), last4CreditCardNumber: '0071', creditCardBrand: 'VISA' });

    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.method).toBe('POST');
    expect(receiver.received[0]!.headers['content-type']).toContain('application/json');
    const webhook = linkWebhookBody.parse(JSON.parse(receiver.received[0]!.body));
    expect(webhook).toMatchObject({ code: '1', svcLinkId: link.id, orderNumber: query.orderNumber, svcOrderId: Number(query.svcOrderId), linkDescription: 'Camiseta', orderHash: query.orderHash });
    expect(webhook.creditCardToken).not.toContain(cards.approved);

    const hashInput = {
      tpt: query.svcOrderId!, apiKey: merchant.apiKey, apiUser: merchant.apiUser, apiPassword: merchant.apiPassword,
      orderNumber: query.orderNumber, amount: '2500.00', currency: 'CRC', responseCode: query.code, auth: query.auth ?? '', email: '',
    };
    expect(await verifyOrderHashV2(hashInput, query.orderHash!)).toBe(true);

    const records = consultResponse.parse(await (await sandbox.post('/api/v1/consult', { key: merchant.apiKey, orderNumber: query.orderNumber, merchantId: '' })).json()).response;
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ code: '1', amount: '2500.00', id_svc: Number(query.svcOrderId) });
    const byId = linkByIdResponse.parse(await (await sandbox.get(`/api/v1/getLinkPaymentById/${link.id}/${merchant.apiKey}`)).json());
    expect(byId.data.times_used).toBe('1');
    expect(byId.data.payments).toHaveLength(1);
  } finally {
    await receiver.close();
  }
});

test('a single-use link closes after one approved payment; a declined try leaves it open', async () => {
  const link = await createLink({ type: 1, client: 'Ana' });
  const declined = await sandbox.control.payLink(link.url, cards.denied);
  expect(declined.searchParams.get('code')).toBe('05');
  const approved = await sandbox.control.payLink(link.url, cards.approved);
  expect(approved.searchParams.get('code')).toBe('1');
  const closed = await sandbox.control.payLink(link.url, cards.approved).catch((error: unknown) => error);
  expect((closed as PaymentFormRejected).status).toBe(410);
  const page = await fetch(link.url);
  expect(page.status).toBe(410);
  const unlimited = await createLink({ type: 0 });
  await sandbox.control.payLink(unlimited.url, cards.approved);
  await sandbox.control.payLink(unlimited.url, cards.approved);
  const byId = linkByIdResponse.parse(await (await sandbox.get(`/api/v1/getLinkPaymentById/${unlimited.id}/${merchant.apiKey}`)).json());
  expect(byId.data.times_used).toBe('2');
});

test('two buyers paying a single-use link at once: exactly one payment goes through', async () => {
  const link = await createLink({ type: 1 });
  const attempts = await Promise.allSettled([1, 2, 3].map(() => sandbox.control.payLink(link.url, cards.approved)));
  expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
  const byId = linkByIdResponse.parse(await (await sandbox.get(`/api/v1/getLinkPaymentById/${link.id}/${merchant.apiKey}`)).json());
  expect(byId.data.times_used).toBe('1');
});

test('cancel on a link page records nothing and shows a cancelled page', async () => {
  const link = await createLink({ type: 1, callback_url: 'https://merchant.example/links/return' });
  const location = await sandbox.control.payLink(link.url, { card: '', cancel: true });
  expect(location.searchParams.get('cancel')).toBe('1');
  const page = await fetch(location);
  expect(await page.text()).toContain('Payment cancelled');
  const detail = linkDetailResponse.parse(await (await sandbox.get(`/api/v1/getDetailLinkPayment/${link.id}/${merchant.apiKey}`)).json());
  expect(detail.payments).toEqual([]);
  expect((await fetch(link.url)).status).toBe(200);
});

test('delete removes a link from every query and closes its page', async () => {
  const link = await createLink();
  const deleted = deleteLinkPaymentResponse.parse(await (await sandbox.post('/api/v1/deleteLinkPayment', { key: merchant.apiKey, id: String(link.id) })).json());
  expect(deleted).toMatchObject({ type: '200', status: 1 });
  const again = deleteLinkPaymentResponse.parse(await (await sandbox.post('/api/v1/deleteLinkPayment', { key: merchant.apiKey, id: String(link.id) })).json());
  expect(again.status).toBe(0);
  expect(gatewayFailure.parse(await (await sandbox.get(`/api/v1/getDetailLinkPayment/${link.id}/${merchant.apiKey}`)).json()).type).toBe('404');
  const list = linkListResponse.parse(await (await sandbox.get(`/api/v1/getLinkPaymentList/${merchant.apiKey}/10`)).json());
  expect(list.data.total).toBe(0);
  expect((await fetch(link.url)).status).toBe(404);
});

test('a link webhook_url may be plain http: https-only is the bank’s rule, not the gateway’s', async () => {
  const strict = await startSandboxUnderTest();
  try {
    for (const webhookUrl of ['http://127.0.0.1:9/hook', 'http://merchant.example/hook', 'https://merchant.example/hook']) {
      const created = await strict.post('/api/v1/createLinkPayment', { key: merchant.apiKey, amount: '1.00', currency: 'USD', webhook_url: webhookUrl });
      expect((await created.json()).type, webhookUrl).toBe('200');
    }
    const notUrl = await strict.post('/api/v1/createLinkPayment', { key: merchant.apiKey, amount: '1.00', currency: 'USD', webhook_url: 'ftp://merchant.example/hook' });
    expect(gatewayFailure.parse(await notUrl.json()).type).toBe('400');
  } finally {
    await strict.close();
  }
});
