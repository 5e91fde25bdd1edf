// /v1/openapi.json entries of the merchant's bank payments (list, attach), given to describeRoute()
// by bank-payments-routes.ts.
import { attachBankPaymentResponse, bankPaymentsPage, bankPaymentsQuery } from '../../contract/bank-payment-view.ts';
import type { ParameterDoc } from '../http/openapi/document.ts';
import type { RouteDoc } from '../http/openapi/route-doc.ts';
import { idempotencyHeader } from '../http/idempotency.ts';

const unauthorized = { description: 'Missing or wrong merchant secret.', headers: { 'WWW-Authenticate': 'Bearer challenge' } };

export const bankPaymentDocs = {
  listBankPayments: {
    operationId: 'listBankPayments',
    summary: 'List bank payments',
    description: 'The bank payments as the BFF understood them (matched to an order or not), newest change first; filtered and paged.',
    tags: ['merchant'],
    security: 'merchant',
    query: bankPaymentsQuery,
    responses: { 200: { description: 'One page.', schema: bankPaymentsPage }, 400: { description: 'Invalid filter: `errors[]` names it.' }, 401: unauthorized },
  },
  attachBankPayment: {
    operationId: 'attachBankPayment',
    summary: 'Attach a bank payment to an order',
    description:
      'Attach an unmatched bank payment (money received, not reversed) to an order in review or pending: the order is approved, the history says which payment. A payment of another amount needs `acceptAmount: true` (the history records the amount accepted). An open card page of the order is consulted first: paid, the card wins; unpaid, its attempt is closed.',
    tags: ['merchant'],
    security: 'merchant',
    parameters: [
      { name: 'paymentId', in: 'path' },
      { name: idempotencyHeader, in: 'header', required: true, description: 'Unique per intended operation; the same key and body replay the first response.' },
    ],
    responses: {
      200: { description: 'Attached; the order is approved.', schema: attachBankPaymentResponse },
      400: { description: 'Invalid request: `errors[]` names each field.' },
      401: unauthorized,
      404: { description: 'No such bank payment or order.' },
      409: { description: 'Already placed, not received, reversed, another currency, another amount without acceptAmount, the order\'s card page was paid or could not be checked, or the order is not in review or pending (the detail says which).' },
    },
  },
} satisfies Record<string, RouteDoc>;
