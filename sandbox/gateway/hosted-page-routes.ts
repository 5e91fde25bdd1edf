import { Hono, type Context } from 'hono';
import { operation } from '../control/operation.ts';
import type { SandboxState } from '../state.ts';
import { readCardForm } from './card-form.ts';
import { cancelOutcome, cardOnRecord, chargeCard, offersSinpeMovil, sinpePendingOutcome } from './card-outcome.ts';
import type { GatewayOrder } from './ledger.ts';
import { hostedRedirectUrl } from './order-result.ts';
import { formFields, pageResponse, renderCardPage, renderMessagePage } from './payment-page.ts';

/**
 * The hosted payment page that processPayment's `url` opens: GET shows the card form,
 * POST pays (or cancels) and answers 303 to the merchant's redirect. An order is charged
 * at most once: a second POST or a reload only repeats the redirect of the first outcome.
 */
export function hostedPageRoutes(state: SandboxState) {
  const orderNumberOfPage = async (c: Context) => state.ledger.byPageToken(c.req.param('token') ?? '')?.orderNumber;

  return new Hono()
    .get('/hosted/:token', operation('hostedPage', state, 'gateway', orderNumberOfPage), async (c) => {
      const order = state.ledger.byPageToken(c.req.param('token'));
      if (!order) return pageResponse(c, renderMessagePage('Payment not found', 'This payment page does not exist.'), 404, []);
      if (order.status !== 'created') return c.redirect(await hostedRedirectUrl(state, order), 303);
      return pageResponse(c, renderCardPage(viewOf(order)), 200, [new URL(order.redirect).origin]);
    })
    .post('/hosted/:token', operation('hostedPagePay', state, 'gateway', orderNumberOfPage), async (c) => {
      const order = state.ledger.byPageToken(c.req.param('token'));
      if (!order) return pageResponse(c, renderMessagePage('Payment not found', 'This payment page does not exist.'), 404, []);
      if (order.status !== 'created') return c.redirect(await hostedRedirectUrl(state, order), 303);
      const form = await formFields(c);
      if (form.action === 'cancel') {
        state.ledger.settle(order, 'cancelled', { ...cancelOutcome, auth: '', cardToken: '' }, undefined);
        return c.redirect(await hostedRedirectUrl(state, order), 303);
      }
      if (form.action === 'sinpe_movil' && offersSinpeMovil(order)) {
        state.ledger.settle(order, 'pending', sinpePendingOutcome, undefined);
        return c.redirect(await hostedRedirectUrl(state, order), 303);
      }
      const read = readCardForm(form, state.clock.now());
      if (!read.ok) {
        const view = { ...viewOf(order), errors: read.errors, values: { holderName: form.holderName ?? '', expiry: form.expiry ?? '' } };
        return pageResponse(c, renderCardPage(view), 422, [new URL(order.redirect).origin]);
      }
      const { status, outcome } = chargeCard(state, read.card, order.subscription);
      state.ledger.settle(order, status, outcome, cardOnRecord(read.card));
      return c.redirect(await hostedRedirectUrl(state, order), 303);
    });
}

function viewOf(order: GatewayOrder) {
  return { heading: 'Secure payment', amount: order.amount, currency: order.currency, reference: order.orderNumber, action: `/hosted/${order.pageToken}`, sinpeMovil: offersSinpeMovil(order) };
}
