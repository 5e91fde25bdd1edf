// A domain refusal as the API says it: each kind its status and problem type, a refused field named
// in `errors`, nothing else invented.
import { expect, test } from '../support/node-test.ts';
import { problemTypes } from '../../contract/bff-api.ts';
import { domainProblem } from '../../bff/http/problem.ts';
import { changedMeanwhile, invalidField, notAllowed, notFound, unavailable, upstreamRefused } from '../../bff/lib/domain-error.ts';

test('every kind of domain refusal has its status and problem type', () => {
  const rows = [
    [notFound('No order A-1.'), 404, problemTypes.notFound, 'Not found'],
    [notAllowed('Refund not allowed', 'Nothing left to refund.'), 409, problemTypes.conflict, 'Refund not allowed'],
    [changedMeanwhile('The order changed meanwhile; reload it.'), 409, problemTypes.conflict, 'Order changed'],
    [invalidField('lines.0.unitAmount', 'More decimals than CRC allows.', 'invalid_amount'), 400, problemTypes.validation, 'Invalid request'],
    [upstreamRefused('Payment request refused', 'The payment gateway refused the payment request.'), 502, problemTypes.upstream, 'Payment request refused'],
    [unavailable('Try again', 'The transfer could not be prepared.', 1), 503, problemTypes.upstream, 'Try again'],
  ] as const;
  for (const [error, status, type, title] of rows) {
    expect(domainProblem(error), error.message).toMatchObject({ status, type, title, detail: error.message });
  }
});

test('a refused field is named in errors, with its message and code; other refusals name none', () => {
  expect(domainProblem(invalidField('method', 'SINPE Móvil is not offered by this shop.', 'method_unavailable')).errors).toEqual([
    { path: 'method', message: 'SINPE Móvil is not offered by this shop.', code: 'method_unavailable' },
  ]);
  expect(domainProblem(notAllowed('Order closed', 'This order is captured.')).errors).toEqual([]);
});

test('a refusal that may clear carries when to try again', () => {
  expect(unavailable('Payment service unavailable', 'Not confirmed yet.', 2).retryAfterSeconds).toBe(2);
  expect(notAllowed('SINPE Móvil busy', 'All amounts are taken.', { retryAfterSeconds: 60 }).retryAfterSeconds).toBe(60);
  expect(notFound('No such bank payment.').retryAfterSeconds).toBeUndefined();
});

test('a refusal with a code says it beside its English detail, for a caller to word in its own language', () => {
  expect(domainProblem(notAllowed('Refund not allowed', 'Nothing is left to refund.', { code: 'fully-refunded' }))).toMatchObject({ status: 409, code: 'fully-refunded' });
  expect(domainProblem(changedMeanwhile('The order changed meanwhile; reload it.'))).toMatchObject({ status: 409, code: 'changed-meanwhile' });
  expect(domainProblem(notFound('No such order.'))).not.toHaveProperty('code');
});
