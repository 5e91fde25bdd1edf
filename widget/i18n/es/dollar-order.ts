// A dollar order's words in Spanish (feature-words.ts DollarOrderWords): asked for only by a
// checkout whose order is in dollars.
import type { DollarOrderWords } from '../feature-words.ts';

export const words = {
  localAmount: (amount, rate, date) => `≈ ${amount} al tipo de cambio de referencia de venta del BCCR (${rate}, ${date})`,
  legend: 'Moneda del cobro a la tarjeta',
  dollars: (amount) => `Pagar en dólares (${amount})`,
  colones: (amount) => `Pagar en colones (${amount})`,
} satisfies DollarOrderWords;
