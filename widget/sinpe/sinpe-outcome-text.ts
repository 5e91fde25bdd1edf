// What the result panel says when a SINPE Móvil transfer paid an order. Part of the method-choice
// part, so that only checkouts that offer SINPE Móvil load it; its words are the choice's.
import { formatSinpePhone } from '../../contract/sinpe-movil.ts';
import type { SinpeMovilInstructions } from '../../contract/sinpe-movil.ts';
import { methodChoiceTexts } from './method-choice.ts';

/**
 * The result panel's own words for an approval paid by a transfer; none for the others. A transfer
 * whose time ran out is an outcome of its own (`lapsed`), with its heading among the outcome words.
 */
export function sinpeResultWords(lang: string, state: string, transfer: SinpeMovilInstructions | undefined): { paidBy?: string } {
  return state === 'approved' && transfer ? { paidBy: methodChoiceTexts(lang).paidTo(formatSinpePhone(transfer.phone)) } : {};
}
