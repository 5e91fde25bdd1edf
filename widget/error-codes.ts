import { BffError } from './bff-client.ts';
import type { SvcErrorCode } from './events.ts';

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

/** The developer's code for a failure the BFF answered: its origin refusal has a code of its own. */
export function answeredErrorCode(error: unknown, fallback: SvcErrorCode, refusedType: string | undefined): SvcErrorCode {
  return error instanceof BffError && error.status === 403 && refusedType !== undefined && error.problem?.type === refusedType
    ? 'origin-not-allowed'
    : fallback;
}

/** A lazily loaded part did not arrive (after its retry). */
export class AssetLoadError extends Error {
  constructor(cause: unknown) {
    super(`a part of the checkout did not load: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}
