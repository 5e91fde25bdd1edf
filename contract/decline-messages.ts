/**
 * What a shopper reads when an attempt did not go through: a category (never the gateway's raw
 * text, which is English and sometimes says too much), in the checkout's language, with what to do
 * next. Shared by the BFF (the status answer's `message`) and the widget.
 */

import { pickLanguage } from './language-chain.ts';
import { observedDeclineOf, type ObservedDecline } from './gateway/observed-declines.ts';

/**
 * `try_again`: nothing is wrong with the card or the money, the payment could not be completed now
 * (3-D Secure did not finish, the issuer did not answer): the same card again is the right advice.
 */
export const declineCategories = ['insufficient_funds', 'card_details', 'card_blocked', 'generic', 'try_again', 'cancelled'] as const;

export type DeclineCategory = (typeof declineCategories)[number];

export type DeclineLocale = 'es' | 'en' | 'pt-BR';

/** The category of each decline the real service is observed to report (contract/gateway-facts.ts observedDeclineCodes). */
const categoryOfObservedDecline: Record<ObservedDecline, DeclineCategory> = {
  declined: 'generic',
  insufficient_funds: 'insufficient_funds',
  invalid_cvv: 'card_details',
  authentication_failed: 'try_again',
  cancelled: 'cancelled',
  stolen_card: 'card_blocked',
  issuer_unreachable: 'try_again',
};

/**
 * The category of a gateway decline code: first the codes observed from the real service
 * (gateway-facts.ts observedDeclineCodes, each with its source), then, UNCERTAIN (gateway-facts.md
 * "Redirect query": only `1` = approved is given; other values are declines), the ISO 8583 response
 * codes card processors commonly pass through, which the sandbox also uses. An unknown code is `generic`.
 */
export function declineCategoryOfGatewayCode(code: string | null | undefined): DeclineCategory {
  const observed = observedDeclineOf(code);
  if (observed) return categoryOfObservedDecline[observed];
  switch ((code ?? '').trim().toUpperCase()) {
    case '51':
    case '61':
    case '65':
      return 'insufficient_funds';
    case '14':
    case '54':
    case '55':
    case '82':
    case 'N7':
      return 'card_details';
    case '04':
    case '05':
    case '07':
    case '41':
    case '43':
    case '57':
    case '62':
      return 'card_blocked';
    default:
      return 'generic';
  }
}

export const declineMessages: Record<DeclineLocale, Record<DeclineCategory, string>> = {
  es: {
    insufficient_funds: 'La tarjeta no tiene fondos suficientes. Pruebe con otra tarjeta u otro medio de pago. No se cobró nada.',
    card_details: 'Los datos de la tarjeta no coinciden. Revise el código de seguridad y la fecha de vencimiento e inténtelo de nuevo. No se cobró nada.',
    card_blocked: 'El banco no autorizó esta tarjeta. Pruebe con otra tarjeta. No se cobró nada.',
    generic: 'Su pago fue rechazado. Pruebe de nuevo o use otra tarjeta. No se cobró nada.',
    try_again: 'El banco no pudo completar el pago en este momento. Inténtelo de nuevo con la misma tarjeta en unos minutos. No se cobró nada.',
    cancelled: 'Canceló el pago. No se cobró nada; puede intentarlo de nuevo cuando quiera.',
  },
  en: {
    insufficient_funds: 'The card does not have enough funds. Try another card or payment method. No money was taken.',
    card_details: 'The card details did not match. Check the security code and expiry date and try again. No money was taken.',
    card_blocked: 'The bank did not authorise this card. Try another card. No money was taken.',
    generic: 'Your payment was declined. Try again or use another card. No money was taken.',
    try_again: 'The bank could not complete the payment just now. Try again with the same card in a few minutes. No money was taken.',
    cancelled: 'You cancelled the payment. No money was taken; you can try again whenever you like.',
  },
  'pt-BR': {
    insufficient_funds: 'O cartão não tem saldo suficiente. Tente outro cartão ou outro meio de pagamento. Nada foi cobrado.',
    card_details: 'Os dados do cartão não conferem. Verifique o código de segurança e a validade e tente novamente. Nada foi cobrado.',
    card_blocked: 'O banco não autorizou este cartão. Tente outro cartão. Nada foi cobrado.',
    generic: 'Seu pagamento foi recusado. Tente novamente ou use outro cartão. Nada foi cobrado.',
    try_again: 'O banco não conseguiu concluir o pagamento agora. Tente novamente com o mesmo cartão em alguns minutos. Nada foi cobrado.',
    cancelled: 'Você cancelou o pagamento. Nada foi cobrado; pode tentar novamente quando quiser.',
  },
};

const declineLocales: readonly DeclineLocale[] = ['es', 'en', 'pt-BR'];

/** The message locale for a checkout's locale tag, by the one language chain (contract/language-chain.ts). */
export function declineLocaleOf(locale: string | null | undefined): DeclineLocale {
  return pickLanguage(locale, declineLocales);
}

export function declineMessage(category: DeclineCategory, locale: string | null | undefined): string {
  return declineMessages[declineLocaleOf(locale)][category];
}
