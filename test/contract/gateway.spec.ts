import { test, expect } from '../support/node-test.ts';
import * as g from '../../contract/gateway/index.ts';
import {
  formatOrderHashAmount,
  isModificationSuccess,
  modificationTypes,
  testCards,
} from '../../contract/gateway-facts.ts';

const transaction = {
  orderNumber: 'ORD-1001',
  amount: '15000.00',
  currency: 'CRC',
  merchantId: '',
  code: '1',
  response: 'Aprobada',
  auth: '123456',
  commission: 450.5,
  iva_commission: 58.57,
  retention_iva: 0,
  retention_rent: 0,
  cost: 0,
  cost_iva: 0,
  capture: 'Capture',
  card: '401200',
  last: '0071',
  environment: 'Test',
  type: 'Payment',
  date: '2026-11-21 14:05:09',
};

test.describe('gateway authentication', () => {
  test('login accepts apiuser or email and needs one of them', () => {
    expect(g.loginRequest.safeParse({ apiuser: 'demo', password: 'pw' }).success).toBe(true);
    const byEmail = g.loginRequest.parse({ email: 'demo@shop.cr', password: 'pw' });
    expect(g.loginUserOf(byEmail)).toBe('demo@shop.cr');
    expect(g.loginRequest.safeParse({ password: 'pw' }).success).toBe(false);
  });

  test('expires_in is an integer for login and a Y-m-d H:i:s string for loginSdk', () => {
    expect(g.loginResponse.safeParse({ access_token: 't', token_type: 'bearer', expires_in: 3600 }).success).toBe(true);
    expect(g.loginResponse.safeParse({ access_token: 't', token_type: 'bearer', expires_in: '3600' }).success).toBe(false);
    expect(
      g.loginSdkResponse.safeParse({ access_token: 't', token_type: 'bearer', expires_in: '2026-11-22 14:05:09' }).success,
    ).toBe(true);
    expect(g.loginSdkResponse.safeParse({ access_token: 't', token_type: 'bearer', expires_in: 86400 }).success).toBe(false);
    expect(
      g.loginSdkResponse.safeParse({ access_token: 't', token_type: 'bearer', expires_in: '2026-11-22T14:05:09Z' }).success,
    ).toBe(false);
    expect(g.loginSdkRequest.safeParse({ apiuser: 'demo', password: 'pw' }).success).toBe(false);
  });
});

test.describe('hosted payment page', () => {
  const request = {
    redirect: 'https://shop.example/v1/return',
    key: 'KEY',
    amount: '15000.00',
    currency: 'CRC',
    orderNumber: 'ORD-1001',
    capture: '1',
    billToFirstName: 'Ana',
    billToLastName: 'Solís',
    billToAddress: 'Avenida Central',
    billToAddress2: '',
    billToCity: 'San José',
    billToState: 'CR-SJ',
    billToCountry: 'CR',
    billToZipPostCode: '10101',
    billToTelephone: '+50688888888',
    billToEmail: 'ana@example.cr',
    shipToFirstName: 'Ana',
    shipToLastName: 'Solís',
    shipToAddress: 'Avenida Central',
    shipToAddress2: '',
    shipToCity: 'San José',
    shipToState: 'CR-SJ',
    shipToCountry: 'CR',
    shipToZipPostCode: '10101',
    shipToTelephone: '+50688888888',
    subscription: '0',
    platform: 'svc-checkout',
    hashVersion: 'V2',
    returnData: 'b3JkZXI=',
  };

  test('processPayment request takes strings only, with the documented flags', () => {
    expect(g.processPaymentRequest.safeParse(request).success).toBe(true);
    expect(g.processPaymentRequest.safeParse({ ...request, amount: 15000 }).success).toBe(false);
    expect(g.processPaymentRequest.safeParse({ ...request, capture: 1 }).success).toBe(false);
    expect(g.processPaymentRequest.safeParse({ ...request, hashVersion: 'V3' }).success).toBe(false);
    expect(g.processPaymentRequest.safeParse({ ...request, billToState: 'San José' }).success).toBe(false);
    const { shipToAddress2: _s, ...missing } = request;
    expect(g.processPaymentRequest.safeParse(missing).success).toBe(false);
  });

  test('processPayment response and the redirect query', () => {
    expect(g.processPaymentResponse.safeParse({ type: '100', html: '<form></form>', url: 'https://gw/pay/1' }).success).toBe(true);
    const query = g.paymentRedirectQuery.parse({
      code: '1',
      description: 'Aprobada',
      auth: '123456',
      order: 'ORD-1001',
      tpt: '98765',
      crd: '',
      'svc-transaction': '98765',
      OrderHash: 'a'.repeat(64),
      returnData: 'b3JkZXI=',
      form_update: 'ok',
      cancel: '1',
    });
    expect(query['svc-transaction']).toBe('98765');
    expect(query['cancel']).toBe('1');
    expect(g.paymentRedirectQuery.safeParse({ code: 'Pending', order: 'ORD-1' }).success).toBe(true);
    expect(g.paymentRedirectQuery.safeParse({ order: 'ORD-1' }).success).toBe(false);
  });
});

test.describe('transactions', () => {
  test('consult uses id_svc and a string net_to_liquidate; a field no decision reads never refuses the record', () => {
    const record = { id_svc: 98765, ...transaction, net_to_liquidate: '14491.00' };
    expect(g.consultResponse.safeParse({ type: '200', message: 'ok', response: [record] }).success).toBe(true);
    expect(g.transactionRecord.safeParse({ ...record, net_to_liquidate: 14491 }).success).toBe(false);
    // The id is read as id_svc only: a record that names it `id` reads as one without an id.
    const { id_svc: _id, ...withoutId } = record;
    expect(g.transactionRecord.parse({ ...withoutId, id: 98765 }).id_svc).toBeNull();
    // Fees, date: an unreadable value is null (gateway-facts.md: an empty value may be null or "").
    expect(g.transactionRecord.parse({ ...record, commission: '450.5', cost: null, date: '' })).toMatchObject({ commission: null, cost: null, date: null });
    expect(g.transactionRecord.parse({ ...record, commission: 450.5 }).commission).toBe(450.5);
  });

  test('consultTransactions uses id, a numeric net and the extra fields', () => {
    const item = {
      id: 98765,
      ...transaction,
      net_to_liquidate: 14491,
      taxes: '0.00',
      discount: '0.00',
      discount_name: '',
      email: 'ana@example.cr',
    };
    expect(g.consultTransactionsResponse.safeParse({ type: '200', message: 'ok', response: [item] }).success).toBe(true);
    expect(g.transactionListItem.parse({ ...item, net_to_liquidate: '14,491' }).net_to_liquidate).toBeNull();
    const { email: _e, ...noEmail } = item;
    expect(g.transactionListItem.safeParse(noEmail).success).toBe(false);
  });

  test('consultTransactions request spells onlyAproved and takes integer flags', () => {
    const base = { key: 'KEY', startDate: '2026-11-01 00:00:00', endDate: '2026-11-30 23:59:59' };
    expect(g.consultTransactionsRequest.safeParse({ ...base, onlyAproved: 1, environment: 1, currency: ['CRC', 'USD'] }).success).toBe(true);
    expect(g.consultTransactionsRequest.safeParse({ ...base, onlyAproved: '1' }).success).toBe(false);
    expect(g.consultTransactionsRequest.safeParse({ ...base, onlyAproved: 2 }).success).toBe(false);
    expect(g.consultTransactionsRequest.safeParse({ ...base, startDate: '2026-11-01' }).success).toBe(false);
    const parsed = g.consultTransactionsRequest.parse({ ...base, onlyApproved: 1 });
    expect(parsed).not.toHaveProperty('onlyApproved');
  });
});

test.describe('modification and split', () => {
  test('processModification types follow gateway-facts', () => {
    const base = { orderNumber: 'ORD-1001', amount: '15000.00', key: 'KEY' };
    for (const type of Object.values(modificationTypes)) {
      expect(g.processModificationRequest.safeParse({ ...base, type }).success).toBe(true);
    }
    expect(g.processModificationRequest.safeParse({ ...base, type: '4' }).success).toBe(false);
    expect(g.processModificationRequest.safeParse({ ...base, type: '2', hashVersion: 'V2', platform: 'svc' }).success).toBe(true);
    const response = g.processModificationResponse.parse({
      type: '200',
      transactionId: '555',
      ReasonCode: '1101',
      ReasonCodeDescription: 'Approved',
      OrderHash: 'f'.repeat(64),
    });
    expect(isModificationSuccess(response.ReasonCode)).toBe(true);
    expect(isModificationSuccess('102')).toBe(false);
  });

  test('split response carries integer totals and numeric splitted amounts', () => {
    const body = {
      type: '200',
      message: 'ok',
      description: 'Split done',
      response: {
        total_order_splitted: 2,
        order_id: 98765,
        order_number: 'ORD-1001',
        order_key: 'k1',
        order_currency: 'CRC',
        order_amount: '15000.00',
        splitted_orders: [
          { id: 1, amount: 5000, commerce_name: 'Partner', commerce_email: 'p@x.cr' },
          { id: 2, amount: 10000, commerce_name: 'Owner', commerce_email: 'o@x.cr' },
        ],
      },
    };
    expect(g.splitResponse.safeParse(body).success).toBe(true);
    expect(g.splitResponse.safeParse({ ...body, response: { ...body.response, order_id: '98765' } }).success).toBe(false);
    expect(g.splitRequest.safeParse({ order_id: '98765', commerces: [{ email: 'p@x.cr', amount: '5000.00' }], lang: 'es' }).success).toBe(true);
    expect(g.splitRequest.safeParse({ order_id: '98765', commerces: [{ email: 'p@x.cr', amount: 5000 }], lang: 'es' }).success).toBe(false);
  });
});

test.describe('payment links', () => {
  const link = {
    id: 7,
    amount: '2500.00',
    currency: 'CRC',
    reference: 'R-7',
    url: 'https://gw/link/7',
    callback_url: null,
    description: 'Camiseta',
    times_used: null,
    picture: 'https://gw/img/7.png',
    create: '2026-11-21 10:00:00',
  };

  test('type is an integer on create and a label in detail', () => {
    expect(g.createLinkPaymentRequest.safeParse({ key: 'K', amount: '2500.00', currency: 'CRC', type: 1 }).success).toBe(true);
    expect(g.createLinkPaymentRequest.safeParse({ key: 'K', amount: '2500.00', currency: 'CRC', type: 'Unlimited' }).success).toBe(false);
    expect(g.createLinkPaymentResponse.safeParse({ type: '200', message: 'ok', url: 'https://gw/link/7', id: 7 }).success).toBe(true);
    const detail = {
      type: '200',
      message: 'ok',
      detail: { id: 7, amount: '2500.00', currency: 'CRC', reference: 'R-7', client: '', type: 'Unlimited', description: 'Camiseta', callback_url: null, create: '2026-11-21 10:00:00' },
      payments: [],
    };
    expect(g.linkDetailResponse.safeParse(detail).success).toBe(true);
    expect(g.linkDetailResponse.safeParse({ ...detail, detail: { ...detail.detail, type: 0 } }).success).toBe(false);
  });

  test('by-id and the payment_link page envelope', () => {
    expect(g.linkByIdResponse.safeParse({ type: '200', message: 'ok', data: { ...link, payments: [] } }).success).toBe(true);
    const page = {
      current_page: 1, from: 1, last_page: 2, per_page: 1, to: 1, total: 2,
      first_page_url: 'https://gw/api/v1/getLinkPaymentList/K/1?page=1',
      last_page_url: 'https://gw/api/v1/getLinkPaymentList/K/1?page=2',
      next_page_url: 'https://gw/api/v1/getLinkPaymentList/K/1?page=2',
      path: 'https://gw/api/v1/getLinkPaymentList/K/1',
      prev_page_url: null,
      payment_link: [link],
    };
    expect(g.linkListResponse.safeParse({ type: '200', message: 'ok', data: page }).success).toBe(true);
    expect(g.linkListResponse.safeParse({ type: '200', message: 'ok', data: { ...page, total: '2' } }).success).toBe(false);
    expect(g.linkListResponse.safeParse({ type: '200', message: 'ok', data: { ...page, payment_link: [{ ...link, id: '7' }] } }).success).toBe(false);
  });

  test('delete, callback query and webhook body', () => {
    expect(g.deleteLinkPaymentRequest.safeParse({ key: 'K', id: '7' }).success).toBe(true);
    expect(g.deleteLinkPaymentRequest.safeParse({ key: 'K', id: 7 }).success).toBe(false);
    expect(g.deleteLinkPaymentResponse.safeParse({ type: '200', status: 1, message: 'deleted' }).success).toBe(true);
    const callback = {
      code: '1', description: 'Aprobada', auth: '123456', svcLinkId: '7', orderNumber: 'LNK-7-1', svcOrderId: '99',
      creditCardToken: 'tok_****', creditCardBrand: 'VISA', last4CreditCardNumber: '0071', orderHash: 'a'.repeat(64),
    };
    expect(g.linkCallbackQuery.safeParse(callback).success).toBe(true);
    const webhook = {
      code: '1', codeDescription: 'Aprobada', auth: '123456', svcLinkId: 7, orderNumber: 'LNK-7-1', svcOrderId: 99,
      creditCardToken: '4012********0071', creditCardBrand: 'VISA', last4CreditCardNumber: '0071', linkDescription: 'Camiseta',
      orderHash: 'a'.repeat(64),
    };
    expect(g.linkWebhookBody.safeParse(webhook).success).toBe(true);
    expect(g.linkWebhookBody.safeParse({ ...webhook, svcLinkId: '7' }).success).toBe(false);
  });
});

test.describe('gateway facts', () => {
  test('the OrderHash amount formatter writes both styles', () => {
    expect(formatOrderHashAmount('15000', 'plain')).toBe('15000.00');
    expect(formatOrderHashAmount('15000', 'thousands')).toBe('15,000.00');
    expect(formatOrderHashAmount('1234567.5', 'thousands')).toBe('1,234,567.50');
    expect(formatOrderHashAmount('999.99', 'thousands')).toBe('999.99');
    expect(formatOrderHashAmount('999.995', 'thousands')).toBe('1,000.00');
    expect(formatOrderHashAmount('0.5')).toBe('0.50');
    expect(() => formatOrderHashAmount('1e3')).toThrow(RangeError);
  });

  test('test cards cover every documented outcome', () => {
    expect(new Set(Object.values(testCards))).toEqual(new Set(['approved', 'denied', 'insufficient_funds', 'invalid_cvv', 'lost_stolen']));
    expect(testCards['4012000000020071']).toBe('approved');
  });
});
