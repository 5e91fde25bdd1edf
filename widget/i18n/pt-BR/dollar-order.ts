// A dollar order's words in Brazilian Portuguese (feature-words.ts DollarOrderWords): asked for only by a
// checkout whose order is in dollars.
import type { DollarOrderWords } from '../feature-words.ts';

export const words = {
  localAmount: (amount, rate, date) => `≈ ${amount} à taxa de câmbio de referência de venda do BCCR (${rate}, ${date})`,
  legend: 'Moeda da cobrança no cartão',
  dollars: (amount) => `Pagar em dólares (${amount})`,
  colones: (amount) => `Pagar em colones (${amount})`,
} satisfies DollarOrderWords;
