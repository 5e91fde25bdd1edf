// POST /v1/merchant/checkout-sessions: the merchant's server sets the amount, we hand back a session.
// Mounted in the merchant sub-app, whose middleware checks the merchant secret first.
import { Hono, type MiddlewareHandler } from 'hono';
import {
  merchantCreateSessionRequest,
  problemTypes,
  type MerchantCreateSessionResponse,
} from '../../contract/bff-api.ts';
import { fromMinorUnits } from '../../contract/money.ts';
import { ProblemException } from '../http/problem.ts';
import { fieldProblem, positiveAmountInMinorUnits } from '../http/field-problem.ts';
import { validate } from '../http/validation.ts';
import { createOrder, generateOrderNumber } from '../orders/new-order.ts';
import { pricedMerchantLines } from '../orders/merchant-lines.ts';
import type { Services } from '../services.ts';
import { describeRoute } from '../openapi/route-doc.ts';
import { checkoutDocs } from '../openapi/operations.ts';

export function merchantSessionRoutes(services: Services, idempotentWhenKeyed: MiddlewareHandler) {
  const { store, tokens, clock, config } = services;
  // No per-IP limit here: one merchant server creates every session from one address. The
  // merchant secret is what protects this endpoint.

  return new Hono().post(
    '/checkout-sessions',
    describeRoute(checkoutDocs.createMerchantSession),
    idempotentWhenKeyed,
    validate('json', merchantCreateSessionRequest),
    async (c) => {
      const body = c.req.valid('json');
      const minor = positiveAmountInMinorUnits(body.amount, body.currency);
      // One spelling per amount ("15000" → "15000.00"): the token binding and the OrderHash compare text.
      const amount = fromMinorUnits(minor, body.currency);
      // Open-redirect protection: the buyer is only ever sent back to an allowed origin.
      const origin = new URL(body.returnUrl).origin;
      if (!services.allowedOrigins.includes(origin)) {
        throw fieldProblem('returnUrl', 'The returnUrl origin is not in ALLOWED_ORIGINS.', 'origin_not_allowed');
      }
      const now = clock.now();
      const orderNumber = body.orderNumber ?? generateOrderNumber(now);
      const sessionId = crypto.randomUUID();
      const signed = await tokens.signSession({ orderNumber, amount, currency: body.currency, origin, sessionId });
      const order = await createOrder(
        store,
        {
          orderNumber,
          source: 'merchant',
          amount,
          currency: body.currency,
          capture: body.capture ?? true,
          description: body.description,
          lines: pricedMerchantLines(body.lines, minor, body.currency),
          prefill: body.prefill ?? {},
          returnUrl: body.returnUrl,
          origin,
          merchantReference: body.returnData,
          invoice: body.invoice,
        },
        { sessionId, now, expiresAt: signed.expiresAt },
      );
      if (!order) {
        throw new ProblemException(409, {
          type: problemTypes.conflict,
          title: 'Order number taken',
          detail: `Order ${orderNumber} already exists.`,
          errors: [{ path: 'orderNumber', message: 'This order number is already used.', code: 'order_number_taken' }],
        });
      }
      const response: MerchantCreateSessionResponse = {
        sessionToken: signed.token,
        expiresAt: signed.expiresAt.toISOString(),
        orderNumber,
      };
      return c.json(response, 201);
    },
  );
}
