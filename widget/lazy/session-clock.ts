// A lazy part (dist/widget/chunks/session-clock-<hash>.js, asked by the flow through `once`): the
// session's clock as the shopper meets it, loaded only when a session is about to end (two minutes
// before), when it has ended, or when a watch lost its token, so a purchase made in time never
// downloads it. The notice that says how long is left and offers "Extend" (WCAG 2.2.1 Timing
// Adjustable: at least 20 seconds to act, here 120), the renewal request (POST /v1/session/renew), and
// the words of a session that ran out (English's here, every other language's in its folder,
// i18n/<tag>/session-clock.ts, asked for when the clock first speaks).
import { html, nothing } from 'lit';
import type { RenewSessionResponse } from '../../contract/bff-api.ts';
import { answerOf } from '../flow/bff-client.ts';
import type { SessionClockWords, WordsFile } from '../i18n/feature-words.ts';
import { featureWords, partWords } from '../i18n/part-words.ts';

/** What the notice shows: the session's end (ms, this page's clock), and whether it may be extended. */
export interface SessionNotice {
  endsAt: number;
  extendable: boolean;
  /** The last renewal gave this many minutes: said once, in place of the countdown. */
  extendedBy?: number | undefined;
  /** A renewal is on its way: the button waits. */
  busy?: boolean | undefined;
}

const plural = (minutes: number, one: string, many: string) => `${minutes} ${minutes === 1 ? one : many}`;

const english: SessionClockWords = {
  endsIn: (minutes) => `Your checkout session ends in ${plural(minutes, 'minute', 'minutes')}. Need more time?`,
  extend: 'Extend',
  extended: (minutes) => `Done: you have ${plural(minutes, 'more minute', 'more minutes')} to pay.`,
  lastMinutes: (minutes) => `Your checkout session ends in ${plural(minutes, 'minute', 'minutes')} and cannot be extended again. Pay before then, or go back to the shop to start again.`,
  ended: 'Your checkout session ran out of time and nothing was charged in it. Go back to the shop, or reload the page, to start again.',
  renewed: 'We renewed your checkout session. Your details are still here: press Pay to continue.',
  watchLost: 'We can no longer follow this payment here. If you completed it, the shop will confirm your order.',
};

/** The clock's words for a locale tag (English's until its language's file arrives). */
export function sessionClockWords(tag: string): SessionClockWords {
  return featureWords('session-clock', tag, english, (language) => import(`../i18n/${language}/session-clock.ts`) as Promise<WordsFile<SessionClockWords>>);
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
export function renderSessionNotice(tag: string, notice: SessionNotice, now: number, onExtend: () => void) {
  const said = sessionClockWords(tag);
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

/** Its words in the page's language (i18n/<tag>/session-clock.ts) arrive with it (parts/loader.ts). */
export const partReady = () => partWords(sessionClockWords);
