import { Hono, type Context } from 'hono';
import { operation } from '../control/operation.ts';
import type { SandboxState } from '../state.ts';
import { cardBrand, readCardForm, type EnteredCard } from './card-form.ts';
import { cancelOutcome, outcomeCodes, outcomeForCard } from './card-outcome.ts';
import type { CardOnRecord, GatewayOrder, PaymentOutcome } from './ledger.ts';
import { hostedRedirectUrl } from './order-result.ts';
import { paymentPageCsp, renderCardPage, renderMessagePage } from './payment-page.ts';

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

/** Decides a card's outcome by the test-card table and makes the outcome fields. */
export function chargeCard(state: SandboxState, card: EnteredCard, saveCard: boolean): { status: 'approved' | 'declined'; outcome: PaymentOutcome } {
  const name = outcomeForCard(card.number);
  const approved = name === 'approved';
  return {
    status: approved ? 'approved' : 'declined',
    outcome: {
      ...outcomeCodes[name],
      // An approved auth number has at least 6 characters (gateway-facts.md, Redirect query).
      auth: approved ? state.ledger.authNumber() : '',
      cardToken: approved && saveCard ? state.ledger.cardToken() : '',
    },
  };
}

export function cardOnRecord(card: EnteredCard): CardOnRecord {
  return { bin: card.number.slice(0, 6), last4: card.number.slice(-4), brand: cardBrand(card.number) };
}

export async function formFields(c: Context): Promise<Record<string, string>> {
  const parsed = await c.req.parseBody();
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) if (typeof value === 'string') fields[name] = value;
  return fields;
}

export function pageResponse(c: Context, html: string, status: 200 | 404 | 410 | 422, redirectOrigins: readonly string[]) {
  c.header('Content-Security-Policy', paymentPageCsp(redirectOrigins));
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Content-Type-Options', 'nosniff');
  return c.html(html, status);
}

function viewOf(order: GatewayOrder) {
  return { heading: 'Secure payment', amount: order.amount, currency: order.currency, reference: order.orderNumber, action: `/hosted/${order.pageToken}` };
}
