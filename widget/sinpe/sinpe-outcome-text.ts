// What the result panel says when a SINPE Móvil transfer paid an order, per language. Apart from
// translation.ts so that only checkouts that offer SINPE Móvil load it (with lazy/method-choice.ts).
import { pickLanguage } from '../../contract/language-chain.ts';
import { formatSinpePhone } from '../../contract/sinpe-movil.ts';
import type { SinpeMovilInstructions } from '../../contract/sinpe-movil.ts';

interface SinpeOutcomeText {
  /** How it was paid and to whom (the merchant's SINPE Móvil number). */
  paidTo: (phone: string) => string;
}

const texts: Record<'es' | 'en' | 'pt-BR', SinpeOutcomeText> = {
  es: {
    paidTo: (phone) => `Pagado con SINPE Móvil al ${phone}`,
  },
  en: {
    paidTo: (phone) => `Paid with SINPE Móvil to ${phone}`,
  },
  'pt-BR': {
    paidTo: (phone) => `Pago com SINPE Móvil para ${phone}`,
  },
};

/**
 * The result panel's own words for an approval paid by a transfer; none for the others. A transfer
 * whose time ran out is an outcome of its own (`lapsed`), with its heading among the outcome words.
 */
export function sinpeResultWords(lang: string, state: string, transfer: SinpeMovilInstructions | undefined): { paidBy?: string } {
  const t = texts[pickLanguage(lang, ['es', 'en', 'pt-BR'] as const)];
  return state === 'approved' && transfer ? { paidBy: t.paidTo(formatSinpePhone(transfer.phone)) } : {};
}
