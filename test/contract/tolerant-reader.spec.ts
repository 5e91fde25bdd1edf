// The tolerant reader (contract/tolerant-reader.ts), the exact JSON parse of int64 ids
// (contract/exact-json.ts) and the one conversion of money written as JSON numbers
// (contract/money.ts): gateway-facts.md "Reading the gateway's and the bank's answers".
import { expect, test } from '../support/node-test.ts';
import { parseJsonExact } from '../../contract/exact-json.ts';
import { consultResponse, createLinkPaymentResponse, linkListResponse, loginResponse } from '../../contract/gateway/index.ts';
import { decimalTextOfNumber, upstreamAmount } from '../../contract/money.ts';
import { readTolerantly } from '../../contract/tolerant-reader.ts';

const record = {
  id_svc: '98765', orderNumber: 12345, amount: 150, currency: 'CRC', merchantId: null, code: 1, response: 'Aprobada', auth: null,
  commission: '0.35', iva_commission: '0.05', retention_iva: 0, retention_rent: '0', cost: '1.5', cost_iva: 0, capture: 1,
  card: 'VISA', last: '0071', environment: 'Test', type: 'Payment', date: '2026-11-21 14:05:09', net_to_liquidate: 149.6, node: 'php-7',
};

test('numbers and numeric strings both ways, null and "" for empty, extra fields dropped', () => {
  const read = readTolerantly(consultResponse, { type: 200, message: 'OK', response: [record], trace: { id: 1 } });
  expect(read.ok).toBe(true);
  if (!read.ok) return;
  expect(read.data.type).toBe('200');
  expect(read.data.response[0]).toMatchObject({
    id_svc: 98765, orderNumber: '12345', amount: '150', merchantId: '', code: '1', auth: '', commission: 0.35, cost: 1.5, capture: '1', net_to_liquidate: '149.6',
  });
  expect(read.data.response[0]).not.toHaveProperty('node');
  expect(read.data).not.toHaveProperty('trace');
});

test('a success may carry a message; a missing list reads as empty unless the caller needs it', () => {
  expect(readTolerantly(createLinkPaymentResponse, { type: '200', url: 'https://gw/l/7', id: '7', extra: true })).toMatchObject({ ok: true, data: { id: 7, message: '' } });
  expect(readTolerantly(consultResponse, { type: '200', message: 'Sin datos' })).toMatchObject({ ok: true, data: { response: [] } });
  expect(readTolerantly(consultResponse, { type: '200', message: 'Sin datos' }, ['response'])).toEqual({ ok: false, fields: ['response'] });
});

test('only a needed field that is missing, empty or unreadable refuses the answer, and it is named', () => {
  expect(readTolerantly(loginResponse, { access_token: '', token_type: 'Bearer', expires_in: 60 }, ['access_token'])).toEqual({ ok: false, fields: ['access_token'] });
  expect(readTolerantly(loginResponse, { access_token: 'x', token_type: 'Bearer', expires_in: 'soon' })).toEqual({ ok: false, fields: ['expires_in'] });
  expect(readTolerantly(consultResponse, { type: '200', response: [{ ...record, code: null }] }, ['response.*.code'])).toEqual({ ok: false, fields: ['response.*.code'] });
  const page = { current_page: '2', from: 3, last_page: 2, per_page: '2', to: 4, total: '4', first_page_url: 'u', last_page_url: 'u', next_page_url: null, path: 'p', prev_page_url: 'u', payment_link: [] };
  expect(readTolerantly(linkListResponse, { type: 200, message: 'OK', data: page })).toMatchObject({ ok: true, data: { data: { current_page: 2, next_page_url: '' } } });
});

test('int64 ids survive JSON: above 2^53 they come back as their exact digits, inside strings nothing changes', () => {
  const text = '{"payment":{"public_id":9223372036854775807,"small":42,"note":"id 12345678901234567890 in text","neg":-9007199254740993,"f":1.5e3}}';
  expect(parseJsonExact(text)).toEqual({ payment: { public_id: '9223372036854775807', small: 42, note: 'id 12345678901234567890 in text', neg: '-9007199254740993', f: 1500 } });
  expect(parseJsonExact('{"a":"\\"9007199254740993\\"","b":9007199254740991}')).toEqual({ a: '"9007199254740993"', b: 9007199254740991 });
  // Wherever a number can start: the text's start, after `[` or `,`, after whitespace of any kind.
  expect(parseJsonExact('9007199254740993')).toBe('9007199254740993');
  expect(parseJsonExact('[1,\n\t 9007199254740993]')).toEqual([1, '9007199254740993']);
  expect(parseJsonExact('{"a" :\r\n-9007199254740993}')).toEqual({ a: '-9007199254740993' });
  expect(parseJsonExact('{"iban":"CR05015202001026284066","n":12}')).toEqual({ iban: 'CR05015202001026284066', n: 12 });
});

test('money written as a JSON number: one exact conversion, half up to the currency', () => {
  expect(decimalTextOfNumber(0.1 + 0.2)).toBe('0.30000000000000004');
  expect(decimalTextOfNumber(1e-7)).toBe('0.0000001');
  expect(decimalTextOfNumber(1.5e21)).toBe('1500000000000000000000');
  expect(() => decimalTextOfNumber(Number.NaN)).toThrow();
  expect(upstreamAmount(33.333, 'USD')).toBe('33.33');
  expect(upstreamAmount(33.335, 'USD')).toBe('33.34');
  expect(upstreamAmount('0.30000000000000004', 'USD')).toBe('0.30');
  expect(upstreamAmount(12.5, 'JPY')).toBe('13');
  expect(upstreamAmount(0.0005, 'KWD')).toBe('0.001');
  expect(() => upstreamAmount('1,000.00', 'USD')).toThrow();
});
