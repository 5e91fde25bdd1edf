/**
 * What a shopper reads when an attempt did not go through: a category (never the gateway's raw
 * text, which is English and sometimes says too much), in the checkout's language, with what to do
 * next. Shared by the BFF (the status answer's `message`) and the widget.
 */

import { pickLanguage } from './language-chain.ts';

export const declineCategories = ['insufficient_funds', 'card_details', 'card_blocked', 'generic', 'cancelled'] as const;

export type DeclineCategory = (typeof declineCategories)[number];

export type DeclineLocale = 'es' | 'en' | 'pt-BR';

/**
 * The category of a gateway decline code. UNCERTAIN (gateway-facts.md "Redirect query": only `1` =
 * approved is given; other values are declines): the codes read here are the ISO 8583 response codes
 * card processors commonly pass through, which the sandbox also uses. An unknown code is `generic`.
 */
export function declineCategoryOfGatewayCode(code: string | null | undefined): Exclude<DeclineCategory, 'cancelled'> {
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
    cancelled: 'Canceló el pago. No se cobró nada; puede intentarlo de nuevo cuando quiera.',
  },
  en: {
    insufficient_funds: 'The card does not have enough funds. Try another card or payment method. No money was taken.',
    card_details: 'The card details did not match. Check the security code and expiry date and try again. No money was taken.',
    card_blocked: 'The bank did not authorise this card. Try another card. No money was taken.',
    generic: 'Your payment was declined. Try again or use another card. No money was taken.',
    cancelled: 'You cancelled the payment. No money was taken; you can try again whenever you like.',
  },
  'pt-BR': {
    insufficient_funds: 'O cartão não tem saldo suficiente. Tente outro cartão ou outro meio de pagamento. Nada foi cobrado.',
    card_details: 'Os dados do cartão não conferem. Verifique o código de segurança e a validade e tente novamente. Nada foi cobrado.',
    card_blocked: 'O banco não autorizou este cartão. Tente outro cartão. Nada foi cobrado.',
    generic: 'Seu pagamento foi recusado. Tente novamente ou use outro cartão. Nada foi cobrado.',
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
