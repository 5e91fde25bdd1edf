// What the result panel says when a SINPE Móvil transfer ended, per language. Apart from
// translation.ts so that only checkouts that offer SINPE Móvil load it (with lazy/method-choice.ts).
import { pickLanguage } from '../../contract/language-chain.ts';
import { formatSinpePhone } from '../../contract/sinpe-movil.ts';
import type { OrderStatusResponse } from '../../contract/bff-api.ts';
import type { SinpeMovilInstructions } from '../../contract/sinpe-movil.ts';

interface SinpeOutcomeText {
  /** The transfer's time ran out with no money seen: not a refusal, and no card to change. */
  lapsedTitle: string;
  /** How it was paid and to whom (the merchant's SINPE Móvil number). */
  paidTo: (phone: string) => string;
}

const texts: Record<'es' | 'en' | 'pt-BR', SinpeOutcomeText> = {
  es: {
    lapsedTitle: 'No recibimos la transferencia a tiempo',
    paidTo: (phone) => `Pagado con SINPE Móvil al ${phone}`,
  },
  en: {
    lapsedTitle: 'We did not receive the transfer in time',
    paidTo: (phone) => `Paid with SINPE Móvil to ${phone}`,
  },
  'pt-BR': {
    lapsedTitle: 'Não recebemos a transferência a tempo',
    paidTo: (phone) => `Pago com SINPE Móvil para ${phone}`,
  },
};

/** The result panel's own words for an outcome that ended a transfer; none for the others. */
export function sinpeResultWords(
  lang: string,
  state: string,
  outcome: OrderStatusResponse | undefined,
  transfer: SinpeMovilInstructions | undefined,
): { title?: string; paidBy?: string; neutral?: boolean } {
  const t = texts[pickLanguage(lang, ['es', 'en', 'pt-BR'] as const)];
  if (state === 'approved') return transfer ? { paidBy: t.paidTo(formatSinpePhone(transfer.phone)) } : {};
  // What to do if it was sent anyway is the status line's: the BFF's message (contract/bank-failure-messages.ts).
  return state === 'declined' && outcome?.status === 'expired' ? { title: t.lapsedTitle, neutral: true } : {};
}
