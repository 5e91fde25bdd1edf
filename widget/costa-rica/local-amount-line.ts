import { html, nothing } from 'lit';
import { formatMoney } from '../i18n/localize.ts';
import type { LocalAmount } from './local-amount.ts';

const wording: Record<'es' | 'en' | 'pt', (amount: string, rate: string, date: string) => string> = {
  es: (amount, rate, date) => `≈ ${amount} al tipo de cambio de referencia de venta del BCCR (${rate}, ${date})`,
  en: (amount, rate, date) => `≈ ${amount} at the BCCR reference sell exchange rate (${rate}, ${date})`,
  pt: (amount, rate, date) => `≈ ${amount} à taxa de câmbio de referência de venda do BCCR (${rate}, ${date})`,
};

/** The colones line under the total (part `local-amount`), or nothing for an order without one. */
export function renderLocalAmount(locale: string, local: LocalAmount | undefined) {
  if (!local) return nothing;
  const language = locale.toLowerCase().split('-')[0];
  const say = wording[language === 'es' || language === 'pt' ? language : 'en'];
  // The rate's day as the BCCR publishes it: a calendar date, not an instant (UTC keeps it that day).
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${local.rateDate}T00:00:00Z`));
  return html`<p class="local-amount" part="local-amount">${say(formatMoney(locale, local.amount, 'CRC'), formatMoney(locale, local.rate, 'CRC'), date)}</p>`;
}
