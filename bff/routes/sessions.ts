// POST /v1/sessions (a static page's widget, priced from our catalog) and GET /v1/session.
import { tagOrder } from '../lib/observability/log-context.ts';
import { attemptDecision } from '../payments/attempt-rules.ts';
import { Hono } from 'hono';
import {
  createSessionRequest,
  problemTypes,
  type CreateSessionResponse,
  type RenewSessionResponse,
  type SessionResponse,
} from '../../contract/bff-api.ts';
import { requireSession, type SessionEnv } from '../http/auth/session.ts';
import { clientAddressKey } from '../http/client-ip.ts';
import { invalidField } from '../lib/domain-error.ts';
import { originNotAllowed } from '../http/origin.ts';
import { ProblemException } from '../http/problem.ts';
import { rateLimit } from '../http/rate-limit.ts';
import { validate } from '../http/validation.ts';
import { createOrder, generateOrderNumber } from '../payments/orders/new-order.ts';
import { extendSession } from '../store/orders.ts';
import type { Services } from '../services.ts';
import { fixLocalAmount } from '../payments/exchange-rates/current-rate.ts';
import { cardInColonesOffered } from '../payments/charged-money.ts';
import { sinpeSessionFields } from '../sinpe/sinpe-session.ts';
import { orderLinesOf, prefillOf } from '../payments/orders/order-contents.ts';
import { describeRoute } from '../http/openapi/route-doc.ts';
import { checkoutDocs } from '../http/openapi/checkout-openapi.ts';

/** Where a catalog buyer returns: the given URL or the calling page, always on the caller's origin. */
function catalogReturnUrl(origin: string, requested: string | undefined, referer: string | undefined): string | undefined {
  if (requested !== undefined) return new URL(requested).origin === origin ? requested : undefined;
  if (referer) {
    try {
      if (new URL(referer).origin === origin) return referer;
    } catch {
      // not a URL: fall through to the origin's root
    }
  }
  return `${origin}/`;
}

/** The session has had all the time SESSION_MAX_MINUTES gives it: the buyer is told plainly, not renewed. */
function sessionMaxReached(maxMinutes: number): ProblemException {
  return new ProblemException(403, {
    type: problemTypes.forbidden,
    title: 'Session at its longest',
    detail: `A checkout session lasts at most ${maxMinutes} minutes and cannot be extended again; it ends when its token expires.`,
    errors: [{ path: 'session', message: `At most ${maxMinutes} minutes.`, code: 'session_max_reached' }],
  });
}

export type SessionRoutesDeps = Pick<Services, 'store' | 'tokens' | 'clock' | 'catalog' | 'config' | 'creationLimiter' | 'allowedOrigins' | 'exchangeRates'>;

export function sessionRoutes(services: SessionRoutesDeps) {
  const { store, tokens, clock, catalog, config } = services;
  const signStatusToken = async (orderNumber: string) => (await tokens.signStatus(orderNumber)).token;
  const limited = rateLimit(services.creationLimiter, (c) => clientAddressKey(c, config));

  return new Hono<SessionEnv>()
    .post('/sessions', describeRoute(checkoutDocs.createCatalogSession), limited, validate('json', createSessionRequest), async (c) => {
      const origin = c.req.header('Origin');
      if (origin === undefined || !services.allowedOrigins.includes(origin)) throw originNotAllowed(origin);
      const body = c.req.valid('json');
      const priced = catalog.price(body.items, body.locale);
      if (!priced.ok) {
        throw new ProblemException(400, {
          type: problemTypes.validation,
          title: 'Invalid request',
          detail: 'Some items cannot be sold.',
          errors: priced.errors,
        });
      }
      if (body.invoice === true && !catalog.offersInvoice) {
        throw invalidField('invoice', 'This shop’s catalog does not offer an electronic invoice.', 'invoice_not_offered');
      }
      const returnUrl = catalogReturnUrl(origin, body.returnUrl, c.req.header('Referer'));
      if (!returnUrl) {
        throw new ProblemException(400, {
          type: problemTypes.validation,
          title: 'Invalid request',
          detail: 'returnUrl must be on the calling page’s origin.',
          errors: [{ path: 'returnUrl', message: 'Must be on the calling page’s origin.', code: 'origin_mismatch' }],
        });
      }
      const now = clock.now();
      const orderNumber = generateOrderNumber(now);
      tagOrder(orderNumber);
      const sessionId = crypto.randomUUID();
      const signed = await tokens.signSession({ orderNumber, amount: priced.amount, currency: priced.currency, origin, sessionId });
      const order = await createOrder(
        store,
        {
          orderNumber,
          source: 'catalog',
          amount: priced.amount,
          currency: priced.currency,
          capture: true,
          lines: priced.lines,
          prefill: {},
          returnUrl,
          origin,
          locale: body.locale,
          invoice: body.invoice,
        },
        { sessionId, now, expiresAt: signed.expiresAt },
      );
      if (!order) throw new Error('generated order number collided');
      // Fixed on the order once shown: a rate posted or corrected before checkout does not change it.
      const local = await fixLocalAmount(store.db, order, services.exchangeRates, clock.now());
      const response: CreateSessionResponse = {
        sessionToken: signed.token,
        expiresAt: signed.expiresAt.toISOString(),
        order: { orderNumber, amount: priced.amount, currency: priced.currency, lines: priced.lines },
        ...(await sinpeSessionFields(store, order, config, signStatusToken, local)),
        ...(local && { localAmount: local }),
        ...cardInColonesOffered(order, services.exchangeRates.cardColonesForUsd, local),
      };
      return c.json(response, 201);
    })
    .post('/session/renew', describeRoute(checkoutDocs.renewSession), requireSession(tokens, store), async (c) => {
      const { order, claims } = c.var.session;
      const endsBy = new Date(claims.startedAt.getTime() + config.SESSION_MAX_MINUTES * 60_000);
      // The token already runs to the cap: a renewal could not give the buyer a second more.
      if (endsBy.getTime() <= claims.expiresAt.getTime()) throw sessionMaxReached(config.SESSION_MAX_MINUTES);
      const { orderNumber, amount, currency, origin, sessionId, startedAt } = claims;
      const signed = await tokens.signSession({ orderNumber, amount, currency, origin, sessionId, startedAt }, endsBy);
      await extendSession(store.db, { sessionId, orderNumber: order.order_number, expiresAt: signed.expiresAt.toISOString() });
      const response: RenewSessionResponse = { sessionToken: signed.token, expiresAt: signed.expiresAt.toISOString(), maxExpiresAt: endsBy.toISOString() };
      return c.json(response);
    })
    .get('/session', describeRoute(checkoutDocs.getSession), requireSession(tokens, store), async (c) => {
      const { order, claims } = c.var.session;
      // Only the open attempt's page: a declined or cancelled attempt's page would replay its outcome.
      const open = attemptDecision(order, config.MAX_PAYMENT_ATTEMPTS);
      // What the buyer sees is what checkout asks: fixed on the order the first time it is shown.
      const local = await fixLocalAmount(store.db, order, services.exchangeRates, clock.now());
      const response: SessionResponse = {
        order: {
          orderNumber: order.order_number,
          amount: order.amount,
          currency: order.currency,
          status: order.status,
          capture: order.capture === 1,
          ...(order.description ? { description: order.description } : {}),
          lines: orderLinesOf(order),
        },
        prefill: prefillOf(order),
        returnUrl: order.return_url,
        expiresAt: claims.expiresAt.toISOString(),
        ...(order.invoice_offered === 1 ? { invoice: true } : {}),
        ...(open.kind === 'page' ? { redirectUrl: open.url } : {}),
        ...(local && { localAmount: local }),
        ...(await sinpeSessionFields(store, order, config, signStatusToken, local)),
        ...cardInColonesOffered(order, services.exchangeRates.cardColonesForUsd, local),
      };
      return c.json(response);
    });
}
