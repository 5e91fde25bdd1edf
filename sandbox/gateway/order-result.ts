import { orderHashV2 } from '../../contract/order-hash.ts';
import { brandFieldNames } from '../../contract/gateway/brand.ts';
import type { SandboxState } from '../state.ts';
import type { GatewayOrder } from './ledger.ts';

/**
 * OrderHash V2 of an order's outcome (gateway-facts.md): tpt, code and auth from the
 * outcome; amount, currency and e-mail from the order as the merchant sent them.
 * The sandbox computes V2 whatever hashVersion was asked for: V1 is undocumented.
 */
export function orderHashOf(state: SandboxState, order: GatewayOrder, responseCode: string, auth: string, amount = order.amount): Promise<string> {
  const merchant = state.settings.merchant;
  return orderHashV2(
    {
    tpt: String(order.tpt),
    apiKey: merchant.apiKey,
    apiUser: merchant.apiUser,
    apiPassword: merchant.apiPassword,
    orderNumber: order.orderNumber,
    amount,
    currency: order.currency,
    responseCode,
    auth,
    email: order.email,
    },
    // gateway-facts.md "OrderHash amount" (firm): the official plugin signs `15,000.00`.
    state.settings.profile.hashAmountStyle,
  );
}

/**
 * Where the buyer goes after the hosted page: the merchant's `redirect` with the query of
 * gateway-api.md §6.1 / gateway-facts.md "Redirect query"; a cancel adds the profile's flag
 * (`cancel=1`, or `wp_cancel=yes` as the real page does). Under the `tilopay` profile the card's
 * brand and last four travel here (`brand`, `last-digits`), not in consult's record.
 */
export async function hostedRedirectUrl(state: SandboxState, order: GatewayOrder): Promise<string> {
  const outcome = order.outcome;
  if (!outcome) throw new Error('hostedRedirectUrl: order is not settled');
  const url = new URL(order.redirect);
  const query = url.searchParams;
  query.set('code', outcome.code);
  query.set('description', outcome.description);
  query.set('auth', outcome.auth);
  query.set('order', order.orderNumber);
  query.set('tpt', String(order.tpt));
  query.set('crd', outcome.cardToken);
  const { profile } = state.settings;
  query.set(brandFieldNames(profile.brand).redirectTransaction, String(order.tpt));
  query.set('OrderHash', await orderHashOf(state, order, outcome.code, outcome.auth));
  query.set('returnData', order.returnData ?? '');
  query.set('form_update', 'ok');
  if (profile.cardOnRedirectOnly && order.card) {
    query.set('brand', order.card.brand);
    query.set('last-digits', order.card.last4);
  }
  if (order.status === 'cancelled') query.set(...profile.cancelFlag);
  return url.toString();
}
