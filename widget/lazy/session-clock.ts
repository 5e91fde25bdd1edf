// A lazy part (dist/widget/chunks/session-clock-<hash>.js, asked by the flow through `once`): the
// session's clock as the shopper meets it, loaded only when a session is about to end (two minutes
// before), when it has ended, or when a watch lost its token, so a purchase made in time never
// downloads it. The notice that says how long is left and offers "Extend" (WCAG 2.2.1 Timing
// Adjustable: at least 20 seconds to act, here 120), the renewal request (POST /v1/session/renew), and
// the words of a session that ran out, in es, en and pt-BR.
import { html, nothing } from 'lit';
import type { RenewSessionResponse } from '../../contract/bff-api.ts';
import type { DeclineLocale } from '../../contract/decline-messages.ts';
import { answerOf } from '../flow/bff-client.ts';

/** What the notice shows: the session's end (ms, this page's clock), and whether it may be extended. */
export interface SessionNotice {
  endsAt: number;
  extendable: boolean;
  /** The last renewal gave this many minutes: said once, in place of the countdown. */
  extendedBy?: number | undefined;
  /** A renewal is on its way: the button waits. */
  busy?: boolean | undefined;
}

interface ClockWords {
  endsIn: (minutes: number) => string;
  extend: string;
  extended: (minutes: number) => string;
  lastMinutes: (minutes: number) => string;
  ended: string;
  renewed: string;
  watchLost: string;
}

const plural = (minutes: number, one: string, many: string) => `${minutes} ${minutes === 1 ? one : many}`;

const words: Record<DeclineLocale, ClockWords> = {
  es: {
    endsIn: (minutes) => `Su sesión de pago termina en ${plural(minutes, 'minuto', 'minutos')}. ¿Necesita más tiempo?`,
    extend: 'Extender',
    extended: (minutes) => `Listo: tiene ${plural(minutes, 'minuto', 'minutos')} más para pagar.`,
    lastMinutes: (minutes) => `Su sesión de pago termina en ${plural(minutes, 'minuto', 'minutos')} y ya no puede extenderse. Pague antes o vuelva a la tienda para empezar de nuevo.`,
    ended: 'Su sesión de pago terminó por tiempo y no se cobró nada en ella. Vuelva a la tienda o recargue la página para empezar de nuevo.',
    renewed: 'Renovamos su sesión de pago. Sus datos siguen aquí: pulse Pagar para continuar.',
    watchLost: 'Ya no podemos seguir este pago aquí. Si lo completó, la tienda le confirmará el pedido.',
  },
  en: {
    endsIn: (minutes) => `Your checkout session ends in ${plural(minutes, 'minute', 'minutes')}. Need more time?`,
    extend: 'Extend',
    extended: (minutes) => `Done: you have ${plural(minutes, 'more minute', 'more minutes')} to pay.`,
    lastMinutes: (minutes) => `Your checkout session ends in ${plural(minutes, 'minute', 'minutes')} and cannot be extended again. Pay before then, or go back to the shop to start again.`,
    ended: 'Your checkout session ran out of time and nothing was charged in it. Go back to the shop, or reload the page, to start again.',
    renewed: 'We renewed your checkout session. Your details are still here: press Pay to continue.',
    watchLost: 'We can no longer follow this payment here. If you completed it, the shop will confirm your order.',
  },
  'pt-BR': {
    endsIn: (minutes) => `Sua sessão de pagamento termina em ${plural(minutes, 'minuto', 'minutos')}. Precisa de mais tempo?`,
    extend: 'Estender',
    extended: (minutes) => `Pronto: você tem mais ${plural(minutes, 'minuto', 'minutos')} para pagar.`,
    lastMinutes: (minutes) => `Sua sessão de pagamento termina em ${plural(minutes, 'minuto', 'minutos')} e não pode mais ser estendida. Pague antes disso ou volte à loja para começar de novo.`,
    ended: 'Sua sessão de pagamento terminou por tempo e nada foi cobrado nela. Volte à loja ou recarregue a página para começar de novo.',
    renewed: 'Renovamos sua sessão de pagamento. Seus dados continuam aqui: toque em Pagar para continuar.',
    watchLost: 'Não podemos mais acompanhar este pagamento aqui. Se você o concluiu, a loja confirmará o pedido.',
  },
};

export function sessionClockWords(language: DeclineLocale): ClockWords {
  return words[language];
}

/** POST /v1/session/renew: a fresh token for the same session, or the BFF's refusal (BffError). */
export function renewSession(bff: string, sessionToken: string): Promise<RenewSessionResponse> {
  return answerOf<RenewSessionResponse>(
    fetch(new URL('/v1/session/renew', bff), { method: 'POST', headers: { accept: 'application/json', authorization: `Bearer ${sessionToken}` }, credentials: 'omit' }),
  );
}

/** Whole minutes left, rounded up: "1 minute" until the very end. */
export function minutesLeft(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * The notice above the pay button. Its sentence is a polite live region that changes once a minute
 * (a screen reader hears it when it appears and at the last minute, not every second); the
 * seconds' countdown beside it is for the eye only.
 */
export function renderSessionNotice(language: DeclineLocale, notice: SessionNotice, now: number, onExtend: () => void) {
  const said = words[language];
  const left = Math.max(0, notice.endsAt - now);
  const sentence = notice.extendedBy !== undefined ? said.extended(notice.extendedBy) : notice.extendable ? said.endsIn(minutesLeft(left)) : said.lastMinutes(minutesLeft(left));
  const seconds = Math.ceil(left / 1000);
  return html`<div class="status" part="session-notice">
    <p role="status">${sentence}</p>
    ${notice.extendedBy === undefined ? html`<p part="session-countdown" aria-hidden="true">${Math.floor(seconds / 60)}:${twoDigits(seconds % 60)}</p>` : nothing}
    ${notice.extendable && notice.extendedBy === undefined
      ? html`<button type="button" part="session-extend-button" ?disabled=${notice.busy === true} @click=${onExtend}>${said.extend}</button>`
      : nothing}
  </div>`;
}
