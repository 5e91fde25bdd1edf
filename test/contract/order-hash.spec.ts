import { test, expect } from '../support/node-test.ts';
import { createHmac } from 'node:crypto';
import { orderHashV2, verifyOrderHashV2, type OrderHashInput } from '../../contract/order-hash.ts';
import { phpUrlencode } from '../../contract/form-encoding.ts';

/**
 * An independent reference: PHP urlencode written here from its definition (encodeURIComponent,
 * then the characters it leaves alone that PHP encodes, then %20 → +), and node:crypto's HMAC.
 */
function referenceUrlencode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

function referenceOrderHash(input: OrderHashInput, amountText: string): string {
  const pairs: Array<[string, string]> = [
    ['api_Key', input.apiKey],
    ['api_user', input.apiUser],
    ['orderId', input.tpt],
    ['external_orden_id', input.orderNumber],
    ['amount', amountText],
    ['currency', input.currency],
    ['responseCode', input.responseCode],
    ['auth', input.auth],
    ['email', input.email],
  ];
  const message = pairs.map(([k, v]) => `${referenceUrlencode(k)}=${referenceUrlencode(v)}`).join('&');
  return createHmac('sha256', `${input.tpt}|${input.apiKey}|${input.apiPassword}`).update(message).digest('hex');
}

const input: OrderHashInput = {
  tpt: '98765',
  apiKey: 'key_123',
  apiUser: 'Tienda Demo',
  apiPassword: 'p@ss word~1',
  orderNumber: 'ORD 1001/á',
  amount: '15000',
  currency: 'CRC',
  responseCode: '1',
  auth: '123456',
  email: 'ana.solis+shop@example.cr',
};

test.describe('OrderHash V2', () => {
  test('matches the reference in the plain amount style', async () => {
    const expected = referenceOrderHash(input, '15000.00');
    expect(await orderHashV2(input)).toBe(expected);
    expect(await orderHashV2(input, 'plain')).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  test('matches the reference in the thousands-comma style', async () => {
    expect(await orderHashV2(input, 'thousands')).toBe(referenceOrderHash(input, '15,000.00'));
    expect(await orderHashV2(input, 'thousands')).not.toBe(await orderHashV2(input, 'plain'));
  });

  test('encodes like PHP http_build_query: space as +, @ as %40', () => {
    expect(phpUrlencode('ana solis@example.cr')).toBe('ana+solis%40example.cr');
    expect(phpUrlencode('15,000.00')).toBe('15%2C000.00');
    expect(phpUrlencode('a~b*c-d_e.f')).toBe('a%7Eb%2Ac-d_e.f');
    expect(phpUrlencode('José')).toBe('Jos%C3%A9');
    for (const sample of ['x y', "it's (ok)!", 'ñ/?&=', '€']) expect(phpUrlencode(sample)).toBe(referenceUrlencode(sample));
  });

  test('verify accepts either amount style, uppercase hex too', async () => {
    expect(await verifyOrderHashV2(input, referenceOrderHash(input, '15000.00'))).toBe(true);
    expect(await verifyOrderHashV2(input, referenceOrderHash(input, '15,000.00'))).toBe(true);
    expect(await verifyOrderHashV2(input, referenceOrderHash(input, '15000.00').toUpperCase())).toBe(true);
  });

  test('verify rejects a hash for another amount, code, auth, e-mail or key', async () => {
    const given = referenceOrderHash(input, '15000.00');
    expect(await verifyOrderHashV2({ ...input, amount: '15000.01' }, given)).toBe(false);
    expect(await verifyOrderHashV2({ ...input, responseCode: '2' }, given)).toBe(false);
    expect(await verifyOrderHashV2({ ...input, auth: '654321' }, given)).toBe(false);
    expect(await verifyOrderHashV2({ ...input, email: 'other@example.cr' }, given)).toBe(false);
    expect(await verifyOrderHashV2({ ...input, apiPassword: 'other' }, given)).toBe(false);
    expect(await verifyOrderHashV2(input, '')).toBe(false);
    expect(await verifyOrderHashV2(input, given.slice(0, 63))).toBe(false);
  });

  test('small totals hash the same in both styles', async () => {
    const small = { ...input, amount: '999.5' };
    expect(await orderHashV2(small, 'thousands')).toBe(await orderHashV2(small, 'plain'));
    expect(await orderHashV2(small)).toBe(referenceOrderHash(small, '999.50'));
  });
});
