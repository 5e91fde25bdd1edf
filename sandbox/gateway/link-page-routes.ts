import { approvedCode } from '../../contract/gateway-facts.ts';
import { Hono } from 'hono';
import { withBrandKeys } from '../../contract/gateway/brand.ts';
import { operation } from '../control/operation.ts';
import type { SandboxState } from '../state.ts';
import { readCardForm } from './card-form.ts';
import { cardOnRecord, chargeCard } from './card-outcome.ts';
import { isClosed, type PaymentLink } from './link-book.ts';
import type { GatewayOrder } from './ledger.ts';
import { orderHashOf } from './order-result.ts';
import { formFields, pageResponse, renderCardPage, renderMessagePage } from './payment-page.ts';

/** How long the sandbox waits for a merchant's link webhook before giving up on it. */
const linkWebhookTimeoutMs = 5000;

/**
 * The buyer's page of a payment link (/pay/{token}). A payment creates a gateway order
 * (visible in consult by its orderNumber), POSTs the webhook_url report (§6.3) and then
 * redirects the buyer to callback_url with the query of §6.2, or to a sandbox result page.
 */
export function linkPageRoutes(state: SandboxState) {
  return new Hono()
    .get('/pay/:token', operation('linkPage', state, 'gateway', async () => undefined), (c) => {
      const link = state.links.byToken(c.req.param('token'));
      const unavailable = unavailablePage(link);
      if (unavailable || !link) return pageResponse(c, unavailable?.html ?? '', unavailable?.status ?? 404, []);
      return pageResponse(c, renderCardPage(viewOf(link)), 200, redirectOrigins(link));
    })
    .post('/pay/:token', operation('linkPagePay', state, 'gateway', async () => undefined), async (c) => {
      const link = state.links.byToken(c.req.param('token'));
      const unavailable = unavailablePage(link);
      if (unavailable || !link) return pageResponse(c, unavailable?.html ?? '', unavailable?.status ?? 404, []);
      const form = await formFields(c);
      // Checked again after the await: a concurrent payment may have closed a single-use link meanwhile.
      const closedMeanwhile = unavailablePage(link);
      if (closedMeanwhile) return pageResponse(c, closedMeanwhile.html, closedMeanwhile.status, []);
      if (form.action === 'cancel') return c.redirect(`/pay/${link.token}/done?cancel=1`, 303);
      const read = readCardForm(form, state.clock.now());
      if (!read.ok) {
        const view = { ...viewOf(link), errors: read.errors, values: { holderName: form.holderName ?? '', expiry: form.expiry ?? '' } };
        return pageResponse(c, renderCardPage(view), 422, redirectOrigins(link));
      }
      const order = state.ledger.create({
        orderNumber: `LNK${link.id}-${link.payments.length + 1}`,
        amount: link.amount,
        currency: link.currency,
        // A link buyer gives no e-mail, so the link's orderHash is computed with an empty one.
        email: '',
        captureRequested: true,
        redirect: link.callbackUrl ?? '',
        returnData: undefined,
        subscription: false,
        source: 'link',
        linkId: link.id,
      });
      const { status, outcome } = chargeCard(state, read.card, false);
      const card = cardOnRecord(read.card);
      state.ledger.settle(order, status, outcome, card);
      link.payments.push({
        svcOrderId: order.tpt,
        orderNumber: order.orderNumber,
        amount: order.amount,
        currency: order.currency,
        code: outcome.code,
        description: outcome.description,
        auth: outcome.auth,
        creditCardBrand: card.brand,
        last4CreditCardNumber: card.last4,
        date: state.clock.now(),
      });
      const report = await linkReport(state, link, order);
      if (link.webhookUrl) await deliverLinkWebhook(state, link, order.orderNumber, { ...report, linkDescription: link.description });
      if (link.callbackUrl) {
        const target = new URL(link.callbackUrl);
        for (const [name, value] of Object.entries(withBrandKeys(report, state.settings.profile.brand))) target.searchParams.set(name, String(value));
        return c.redirect(target.toString(), 303);
      }
      return c.redirect(`/pay/${link.token}/done?code=${encodeURIComponent(outcome.code)}`, 303);
    })
    .get('/pay/:token/done', (c) => {
      const [heading, message] =
        c.req.query('cancel') === '1'
          ? ['Payment cancelled', 'No payment was made.']
          : c.req.query('code') === approvedCode
            ? ['Payment approved', 'Thank you, your payment was approved.']
            : ['Payment declined', 'The payment was not approved.'];
      return pageResponse(c, renderMessagePage(heading, message), 200, []);
    });
}

/** The fields shared by the callback query (§6.2) and the webhook body (§6.3). */
async function linkReport(state: SandboxState, link: PaymentLink, order: GatewayOrder) {
  const outcome = order.outcome!;
  const card = order.card!;
  return {
    code: outcome.code,
    description: outcome.description,
    auth: outcome.auth,
    svcLinkId: link.id,
    orderNumber: order.orderNumber,
    svcOrderId: order.tpt,
    creditCardToken: `${card.bin}******${card.last4}`,
    creditCardBrand: card.brand,
    last4CreditCardNumber: card.last4,
    orderHash: await orderHashOf(state, order, outcome.code, outcome.auth),
  };
}

async function deliverLinkWebhook(state: SandboxState, link: PaymentLink, orderNumber: string, report: Awaited<ReturnType<typeof linkReport>> & { linkDescription: string }) {
  const url = link.webhookUrl!;
  const { description, ...rest } = report;
  const body = withBrandKeys({ ...rest, codeDescription: description }, state.settings.profile.brand);
  const at = state.clock.now();
  try {
    const response = await state.settings.fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(state.variants.varyGatewayAnswer(body, 'linkWebhook')),
      signal: AbortSignal.timeout(linkWebhookTimeoutMs),
    });
    await response.body?.cancel();
    link.deliveries.push({ url, orderNumber, at, status: response.status });
  } catch (error) {
    link.deliveries.push({ url, orderNumber, at, error: (error as Error).message });
  }
}

/** Why a link's page cannot take a payment: gone (404) or a used single-use link (410). */
function unavailablePage(link: PaymentLink | undefined): { html: string; status: 404 | 410 } | undefined {
  if (!link || link.deleted) return { html: renderMessagePage('Link not found', 'This payment link does not exist.'), status: 404 };
  if (isClosed(link)) return { html: renderMessagePage('Link already used', 'This single-use payment link has already been paid.'), status: 410 };
  return undefined;
}

function viewOf(link: PaymentLink) {
  return { heading: link.description || 'Payment link', amount: link.amount, currency: link.currency, reference: link.reference || String(link.id), action: `/pay/${link.token}` };
}

function redirectOrigins(link: PaymentLink): string[] {
  return link.callbackUrl ? [new URL(link.callbackUrl).origin] : [];
}
