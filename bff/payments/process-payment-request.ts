// Maps a checkout onto the gateway's processPayment fields (gateway-api.md §4.3).
import type { Address, BillingAddress } from '../../contract/address.ts';
import type { ProcessPaymentRequest } from '../../contract/gateway/index.ts';
import { bytesToBase64 } from '../../contract/base64.ts';
import type { OrderRow, PaymentAttemptRow } from '../store/schema.ts';
import { chargedMoneyOf } from './charged-money.ts';
import { defaultLanguage } from '../../contract/language-chain.ts';

export interface ProcessPaymentSettings {
  publicBffUrl: string;
  platform: string;
}

/** returnData: an opaque base64 reference; the attempt's return_ref finds it again on the redirect. */
export function returnDataOf(returnRef: string): string {
  return bytesToBase64(new TextEncoder().encode(returnRef));
}

/**
 * The checkout's language as the BCP 47 tag processPayment's `lang` takes (`es-CR`; gateway-facts.md
 * "Observed in public integrations", "Language", firm): the tag the buyer's checkout was in, in its
 * canonical form, or the project's default language when none was given or it does not read.
 */
export function gatewayLanguageOf(locale: string | null | undefined): string {
  try {
    return new Intl.Locale(locale ?? '').baseName;
  } catch {
    return defaultLanguage;
  }
}

export function processPaymentRequestOf(
  order: OrderRow,
  attempt: PaymentAttemptRow,
  billing: BillingAddress,
  shipping: Address,
  settings: ProcessPaymentSettings,
): Omit<ProcessPaymentRequest, 'key'> {
  return {
    redirect: `${settings.publicBffUrl}/v1/return`,
    // The attempt's charge: the order's money, or colones for a dollar order (charged-money.ts).
    ...chargedMoneyOf(attempt, order),
    orderNumber: attempt.gateway_order_number,
    capture: order.capture === 1 ? '1' : '0',
    billToFirstName: billing.firstName,
    billToLastName: billing.lastName,
    billToAddress: billing.address,
    billToAddress2: billing.address2,
    billToCity: billing.city,
    billToState: billing.state,
    billToCountry: billing.country,
    billToZipPostCode: billing.zip,
    billToTelephone: billing.telephone,
    billToEmail: billing.email,
    shipToFirstName: shipping.firstName,
    shipToLastName: shipping.lastName,
    shipToAddress: shipping.address,
    shipToAddress2: shipping.address2,
    shipToCity: shipping.city,
    shipToState: shipping.state,
    shipToCountry: shipping.country,
    shipToZipPostCode: shipping.zip,
    shipToTelephone: shipping.telephone,
    subscription: '0',
    platform: settings.platform,
    returnData: returnDataOf(attempt.return_ref),
    hashVersion: 'V2',
    lang: gatewayLanguageOf(order.locale),
  };
}
