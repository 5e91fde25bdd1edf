// When the back office makes a new Idempotency-Key. A key names one intended operation: a retry
// after a network failure or a 5xx must reuse it (the first try may have acted; the BFF replays
// it), but once the BFF answered with a 4xx it decided and stored that answer, so a corrected
// request (another amount) is a new operation and needs a new key, or the BFF refuses it as "already
// used with a different request".
import { MerchantApiError } from './merchant-client.ts';

/** The key for the next try after `error`: the same one unless the BFF refused the request for good. */
export function keyForNextTry(error: unknown, key: string): string {
  if (!(error instanceof MerchantApiError)) return key;
  const { status, problem } = error;
  // 408/429: not processed, try again as is. An idempotency conflict (the first try still running)
  // is about this very key: a new one would start a second operation.
  const refused = status >= 400 && status < 500 && status !== 408 && status !== 429;
  const aboutTheKey = problem?.errors?.some((entry) => entry.code === 'idempotency_conflict') ?? false;
  return refused && !aboutTheKey ? crypto.randomUUID() : key;
}
