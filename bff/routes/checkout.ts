// POST /v1/checkout: validates the buyer's addresses with the same contract schemas as the widget,
// then hands back the hosted page of the order's open attempt: created by exactly one processPayment,
// the same URL on repeats; after a declined or cancelled attempt, or Back from the page
// (`replacesAttempt`), the next attempt's page. With
// `"method":"sinpe_movil"`, the open SINPE Móvil transfer's instructions instead (bff/sinpe/). A card
// checkout of a dollar order may ask `"cardCurrency":"CRC"` (bff/payments/charged-money.ts).
import { Hono } from 'hono';
import { createAddressSchemas, createContactBillingSchema } from '../../contract/address.ts';
import { serverAddressChecks } from '../../contract/address-checks.server.ts';
import { createCheckoutRequestSchema, type CheckoutResponse } from '../../contract/bff-api.ts';
import { requireSession, type SessionEnv } from '../http/auth/session.ts';
import { clientAddressKey } from '../http/client-ip.ts';
import { rateLimit } from '../http/rate-limit.ts';
import { validate } from '../http/validation.ts';
import { assertInvoiceOffered, recordInvoice } from '../payments/orders/order-invoice.ts';
import type { Services } from '../services.ts';
import type { SinpeCheckoutResponse } from '../../contract/sinpe-movil.ts';
import { sinpeSettingsOf } from '../sinpe/sinpe-config.ts';
import { countTransfersIn, openSinpeTransfer } from '../sinpe/transfer-attempts.ts';
import { clientHoldKey } from '../sinpe/client-hold-key.ts';
import { describeRoute } from '../http/openapi/route-doc.ts';
import { checkoutDocs } from '../http/openapi/checkout-openapi.ts';
import { fixLocalAmount } from '../payments/exchange-rates/current-rate.ts';
import { recordInvoiceLocation } from '../payments/orders/invoice-hand-off.ts';
import { chargeFor } from '../payments/charged-money.ts';
import { invalidField } from '../lib/domain-error.ts';

const addressSchemas = { ...createAddressSchemas(serverAddressChecks), contactBillingAddress: createContactBillingSchema(serverAddressChecks) };

export type CheckoutRoutesDeps = Pick<Services, 'store' | 'tokens' | 'payments' | 'config' | 'clock' | 'metrics' | 'creationLimiter' | 'exchangeRates'>;

export function checkoutRoutes(services: CheckoutRoutesDeps) {
  const { store, tokens, payments, config } = services;
  const checkoutRequest = createCheckoutRequestSchema(addressSchemas, { sinpeAsksAddress: config.SINPE_MOVIL_ASK_ADDRESS });
  const limited = rateLimit(services.creationLimiter, (c) => clientAddressKey(c, config));

  return new Hono<SessionEnv>().post(
    '/checkout',
    describeRoute(checkoutDocs.checkout),
    requireSession(tokens, store),
    limited,
    validate('json', checkoutRequest),
    async (c) => {
      const { order } = c.var.session;
      const body = c.req.valid('json');
      assertInvoiceOffered(order, body.invoice);
      // A dollar order keeps the colón amount the buyer was shown (and may pay by SINPE Móvil).
      const local = await fixLocalAmount(store.db, order, services.exchangeRates, services.clock.now());
      if (body.method === 'sinpe_movil') {
        const buyer = { email: body.billing.email, locale: body.locale ?? order.locale };
        const opener = { clientKey: clientHoldKey(clientAddressKey(c, config), config.SESSION_SIGNING_KEY), opened: countTransfersIn(services.metrics) };
        const sinpeMovil = await openSinpeTransfer(store, order, sinpeSettingsOf(config), buyer, () => services.clock.now(), opener, local);
        await recordInvoice(store.db, order, body.invoice);
        await recordInvoiceLocation(store.db, order, body.invoice, body.billing);
        const statusToken = (await services.tokens.signStatus(order.order_number)).token;
        return c.json({ orderNumber: order.order_number, sinpeMovil, statusToken } satisfies SinpeCheckoutResponse);
      }
      const shipping = 'shipping' in body && body.shipping ? body.shipping : body.billing;
      // The card's currency: a dollar order may be charged its colón amount, where the merchant allows it.
      const charge = chargeFor(order, body.cardCurrency, services.exchangeRates.cardColonesForUsd, local);
      if (!charge.ok) throw invalidField('cardCurrency', charge.detail, charge.code);
      const page = await payments.hostedPageFor(order, {
        billing: body.billing,
        shipping,
        locale: body.locale ?? order.locale,
        charge: charge.charge,
        ...(body.replacesAttempt !== undefined && { replacesAttempt: body.replacesAttempt }),
      });
      await recordInvoice(store.db, order, body.invoice);
      await recordInvoiceLocation(store.db, order, body.invoice, body.billing);
      const statusToken = (await services.tokens.signStatus(order.order_number)).token;
      const response: CheckoutResponse = { redirectUrl: page.url, orderNumber: order.order_number, attempt: page.attempt, statusToken };
      return c.json(response);
    },
  );
}
