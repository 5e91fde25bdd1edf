// Part of the lazy checkout-rules.js, with the payment flow (checkout-flow.ts) that asks it.
import type { SvcErrorCode } from '../events.ts';
import type { Translation } from '../i18n/translation.ts';

/**
 * Whether the BFF refuses this page's origin. A refused origin's preflight fails, which the browser
 * reports exactly like a network failure; a simple GET (no headers, no preflight) reaches the BFF,
 * whose refusal is readable by the refused page (bff/http/origin.ts).
 */
export async function isOriginRefused(bff: string, refusedType: string | undefined): Promise<boolean> {
  if (!refusedType) return false;
  try {
    const response = await fetch(new URL('/v1/session', bff), { credentials: 'omit' });
    if (response.status !== 403) return false;
    const problem = (await response.json()) as { type?: unknown } | undefined;
    return problem?.type === refusedType;
  } catch {
    return false; // not even that went through: the network
  }
}

/** The shopper's short words for an error code that has its own (the others leave the status as it is). */
export const errorWords: Partial<Record<SvcErrorCode, (t: Translation) => string>> = {
  network: (t) => t.offline,
  'origin-not-allowed': (t) => t.originNotAllowed,
  'asset-load': (t) => t.assetLoad,
  'popup-blocked': (t) => t.popupBlocked,
};
