// POST /v1/merchant/checkout-sessions: the merchant's server sets the amount, we hand back a session.
// Mounted in the merchant sub-app, whose middleware checks the merchant secret first.
import { Hono } from 'hono';
import {
  merchantCreateSessionRequest,
  problemTypes,
  type MerchantCreateSessionResponse,
} from '../../contract/bff-api.ts';
import { fromMinorUnits } from '../../contract/money.ts';
import { ProblemException } from '../http/problem.ts';
import { positiveAmountInMinorUnits } from '../http/positive-amount.ts';
import { invalidField } from '../lib/domain-error.ts';
import { validate } from '../http/validation.ts';
import { createOrder, generateOrderNumber } from '../payments/orders/new-order.ts';
import { pricedMerchantLines } from '../payments/orders/merchant-lines.ts';
import type { Services } from '../services.ts';
import { describeRoute } from '../http/openapi/route-doc.ts';
import { checkoutDocs } from '../http/openapi/checkout-openapi.ts';
import { tagOrder } from '../lib/observability/log-context.ts';
import { continuationDecision, continueOrder, type ContinuedSession } from '../payments/orders/continued-order.ts';
import { findOrder, recordSession } from '../store/orders.ts';
import { unlessAttemptChanged } from '../payments/lifecycle/unit-of-work.ts';

/** Continues the existing order with this session, or says why not (undefined: continued). */
async function continueLapsedOrder(
  services: Pick<Services, 'store' | 'clock' | 'config' | 'logger'>,
  orderNumber: string,
  asked: { amount: string; currency: string },
  session: ContinuedSession & { sessionId: string },
): Promise<{ code: string; detail: string } | undefined> {
  const { store, clock, config, logger } = services;
  const seen = await findOrder(store.db, orderNumber);
  if (!seen) return { code: 'order_number_taken', detail: `Order ${orderNumber} was being created by another request.` };
  const decision = continuationDecision(seen, asked, clock.now(), config.MAX_PAYMENT_ATTEMPTS);
  if (decision.kind === 'refuse') return decision;
  const continued = await unlessAttemptChanged(store.db.transaction().execute(async (trx) => {
    if (!(await continueOrder(trx, seen, decision.reopen, session))) return false;
    await recordSession(trx, { sessionId: session.sessionId, orderNumber, origin: session.origin, createdAt: session.now, expiresAt: session.expiresAt });
    return true;
  }));
  if (!continued) return { code: 'order_number_taken', detail: `Order ${orderNumber} changed while this session was being created; try again.` };
  logger.info({ orderNumber, status: seen.status, attempts: seen.attempt_number }, 'merchant session continued a lapsed order');
  return undefined;
}

export type MerchantSessionRoutesDeps = Pick<Services, 'store' | 'tokens' | 'clock' | 'config' | 'logger' | 'allowedOrigins' | 'merchantIdempotency'>;

export function merchantSessionRoutes(services: MerchantSessionRoutesDeps) {
  const idempotentWhenKeyed = services.merchantIdempotency.whenKeyed;
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
        throw invalidField('returnUrl', 'The returnUrl origin is not in ALLOWED_ORIGINS.', 'origin_not_allowed');
      }
      const now = clock.now();
      const orderNumber = body.orderNumber ?? generateOrderNumber(now);
      tagOrder(orderNumber);
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
          metadata: body.metadata,
          clientReference: body.clientReference,
        },
        { sessionId, now, expiresAt: signed.expiresAt },
      );
      if (!order) {
        const refusal = await continueLapsedOrder(services, orderNumber, { amount, currency: body.currency }, {
          sessionId,
          now: now.toISOString(),
          expiresAt: signed.expiresAt.toISOString(),
          returnUrl: body.returnUrl,
          origin,
          metadata: body.metadata,
          clientReference: body.clientReference,
          returnData: body.returnData,
        });
        if (refusal) {
          throw new ProblemException(409, {
            type: problemTypes.conflict,
            title: refusal.code === 'amount_mismatch' ? 'Order amount differs' : 'Order number taken',
            detail: refusal.detail,
            errors: [{ path: refusal.code === 'amount_mismatch' ? 'amount' : 'orderNumber', message: refusal.detail, code: refusal.code }],
          });
        }
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
