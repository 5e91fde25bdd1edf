import { html, type TemplateResult } from 'lit';

/**
 * Part of order-watch.js (loaded with the result panel).
 * After a card decline the BFF may say SINPE Móvil can still pay the same order (the status
 * answer's `alternatives` holds `"sinpe_movil"`: it decides when, by the decline's category). The
 * shopper then gets "Pay with SINPE Móvil" beside "Try again".
 */
export function isSinpeRescueOffered(outcome: unknown): boolean {
  const answer = outcome as { status?: unknown; canRetry?: unknown; alternatives?: unknown } | undefined;
  return answer?.status === 'declined' && answer.canRetry === true && Array.isArray(answer.alternatives) && answer.alternatives.includes('sinpe_movil');
}

const label: Record<'es' | 'en' | 'pt', string> = {
  es: 'Pagar con SINPE Móvil',
  en: 'Pay with SINPE Móvil',
  pt: 'Pagar com SINPE Móvil',
};

/** The button after a decline SINPE Móvil may rescue; undefined otherwise. `flow` opens the transfer. */
export function renderSinpeRescue(
  locale: string,
  outcome: unknown,
  flow: { payBySinpeInstead(): Promise<void> },
): TemplateResult | undefined {
  if (!isSinpeRescueOffered(outcome)) return undefined;
  const onPress = () => void flow.payBySinpeInstead();
  const language = locale.toLowerCase().split('-')[0];
  return html`<button type="button" part="sinpe-rescue-button" @click=${onPress}>${label[language === 'es' || language === 'pt' ? language : 'en']}</button>`;
}
