/**
 * What a shopper reads when a SINPE Móvil transfer did not go through: a category of the bank's
 * refusal (banking-webhooks.md §6.5 `rejection.code`, never the bank's own text, which may say why
 * an account is blocked or under review), in the checkout's language, with what to do next.
 * Shared by the BFF (the status answer's `message`) and the widget. Card declines are in
 * decline-messages.ts.
 */
import { declineLocaleOf, type DeclineLocale } from './decline-messages.ts';
import type { RejectionCode } from './bank/reason-codes.ts';

export const bankFailureCategories = ['declined', 'bank_unreachable', 'phone_not_usable', 'currency', 'platform', 'expired'] as const;

export type BankFailureCategory = (typeof bankFailureCategories)[number];

/** Every rejection.code of §6.5 in one category; a code not listed here (a newer bank) is `declined`. */
const categoryOfRejection: Readonly<Record<RejectionCode, BankFailureCategory>> = {
  ACCOUNT_CLOSED: 'declined',
  ACCOUNT_NOT_FOUND: 'declined',
  ACCOUNT_BLOCKED: 'declined',
  INVALID_ACCOUNT: 'declined',
  IDENT_MISMATCH: 'declined',
  IDENT_TYPE_INVALID: 'declined',
  INVALID_ID_FORMAT: 'declined',
  VALIDATION_ERROR: 'declined',
  NOT_AUTHORIZED_BY_RECIPIENT: 'declined',
  PROFILE_NOT_ALLOWED: 'declined',
  CHANNEL_NOT_RECOGNIZED: 'declined',
  SINPE_REJECTED: 'declined',
  CURRENCY_MISMATCH: 'currency',
  COMMUNICATION_ERROR: 'bank_unreachable',
  RETRY_LATER: 'bank_unreachable',
  WALLET_PHONE_ORIGIN_INVALID: 'phone_not_usable',
  WALLET_PHONE_ORIGIN_NOT_ENABLED: 'phone_not_usable',
  WALLET_PHONE_DEST_INVALID: 'phone_not_usable',
  WALLET_PHONE_NOT_REGISTERED_BCCR: 'phone_not_usable',
  WALLET_NOT_FOUND: 'phone_not_usable',
  WALLET_PHONE_ALREADY_ACTIVE: 'phone_not_usable',
  PHONE_NOT_REGISTERED: 'phone_not_usable',
};

/** The category of a stored failure: the bank's rejection.code, or null when the platform failed it. */
export function bankFailureCategoryOf(code: string | null | undefined): BankFailureCategory {
  if (!code) return 'platform';
  return (categoryOfRejection as Record<string, BankFailureCategory>)[code] ?? 'declined';
}

export const bankFailureMessages: Record<DeclineLocale, Record<BankFailureCategory, string>> = {
  es: {
    declined: 'Su banco rechazó la transferencia SINPE Móvil. No se cobró nada. Pruebe desde otra cuenta o pague con tarjeta.',
    bank_unreachable: 'No se pudo contactar a su banco. No se cobró nada. Inténtelo de nuevo en unos minutos.',
    phone_not_usable: 'Ese número no puede usarse para SINPE Móvil. No se cobró nada. Revise que su teléfono tenga SINPE Móvil activo o pague con tarjeta.',
    currency: 'La cuenta no acepta pagos en colones. No se cobró nada. Use otra cuenta o pague con tarjeta.',
    platform: 'La transferencia no se pudo completar. No se cobró nada. Inténtelo de nuevo más tarde o pague con tarjeta.',
    expired: 'Se acabó el tiempo para hacer la transferencia y no recibimos su pago. Si ya la hizo, no la repita: avisaremos al comercio. Si no, puede intentarlo de nuevo.',
  },
  en: {
    declined: 'Your bank declined the SINPE Móvil transfer. No money was taken. Try from another account or pay by card.',
    bank_unreachable: 'Your bank could not be reached. No money was taken. Try again in a few minutes.',
    phone_not_usable: 'That number cannot be used for SINPE Móvil. No money was taken. Check that your phone has SINPE Móvil turned on, or pay by card.',
    currency: 'The account does not take payments in colones. No money was taken. Use another account or pay by card.',
    platform: 'The transfer could not be completed. No money was taken. Try again later or pay by card.',
    expired: 'The time to make the transfer ran out and we did not receive your payment. If you already sent it, do not send it again: the shop will be told. Otherwise you can try again.',
  },
  'pt-BR': {
    declined: 'Seu banco recusou a transferência SINPE Móvil. Nada foi cobrado. Tente de outra conta ou pague com cartão.',
    bank_unreachable: 'Não foi possível contatar seu banco. Nada foi cobrado. Tente novamente em alguns minutos.',
    phone_not_usable: 'Esse número não pode ser usado no SINPE Móvil. Nada foi cobrado. Verifique se o seu telefone tem o SINPE Móvil ativo ou pague com cartão.',
    currency: 'A conta não aceita pagamentos em colones. Nada foi cobrado. Use outra conta ou pague com cartão.',
    platform: 'A transferência não pôde ser concluída. Nada foi cobrado. Tente novamente mais tarde ou pague com cartão.',
    expired: 'O tempo para fazer a transferência acabou e não recebemos seu pagamento. Se você já a fez, não a repita: a loja será avisada. Caso contrário, pode tentar novamente.',
  },
};

export function bankFailureMessage(category: BankFailureCategory, locale: string | null | undefined): string {
  return bankFailureMessages[declineLocaleOf(locale)][category];
}
