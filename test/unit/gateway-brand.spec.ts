// The gateway's brand-derived field names (contract/gateway/brand.ts): read and written in one place.
import { expect, test } from '../support/node-test.ts';
import { brandFieldNames, withBrandKeys, withSpecBrandKeys } from '../../contract/gateway/brand.ts';

test('each brand-derived name, for the spec\'s brand and the real one', () => {
  expect(brandFieldNames('svc')).toEqual({ transactionId: 'id_svc', redirectTransaction: 'svc-transaction', linkId: 'svcLinkId', orderId: 'svcOrderId' });
  expect(brandFieldNames('tilopay')).toEqual({ transactionId: 'id_tilopay', redirectTransaction: 'tilopay-transaction', linkId: 'tilopayLinkId', orderId: 'tilopayOrderId' });
  expect(() => brandFieldNames('Tilo Pay')).toThrow(RangeError);
});

test('a message of the real service reads in the spec\'s spelling, and the spec\'s spelling writes back', () => {
  const wire = { tilopayLinkId: 5, tilopayOrderId: 77, orderNumber: 'LNK5-1', code: '1' };
  const read = withSpecBrandKeys(wire, 'tilopay');
  expect(read).toEqual({ svcLinkId: 5, svcOrderId: 77, orderNumber: 'LNK5-1', code: '1' });
  expect(withBrandKeys(read, 'tilopay')).toEqual(wire);
  expect(withSpecBrandKeys({ id_tilopay: '9', card: '' }, 'tilopay')).toEqual({ id_svc: '9', card: '' });
});

test('a field spelled with another brand is not read: only what the configured gateway wrote counts', () => {
  expect(withSpecBrandKeys({ svcLinkId: 5, svcOrderId: 77 }, 'tilopay')).toEqual({});
  expect(withSpecBrandKeys({ svcOrderId: 1, tilopayOrderId: 2 }, 'tilopay')).toEqual({ svcOrderId: 2 });
  // The spec's brand reads its own spelling as it is, and no other.
  expect(withSpecBrandKeys({ svcOrderId: 1 }, 'svc')).toEqual({ svcOrderId: 1 });
});

test('anything but an object passes through unread', () => {
  for (const value of [null, 'text', 3, [1, 2]]) expect(withSpecBrandKeys(value, 'tilopay')).toEqual(value);
});
