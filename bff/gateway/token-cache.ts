// The API token (login) and the SDK token (loginSdk), each fetched once at a time and reused until
// shortly before it expires.
import { SingleFlight } from '../lib/single-flight.ts';
import type { Clock } from '../lib/observability/clock.ts';

export interface CachedToken {
  value: string;
  expiresAt: Date;
}

/** Single-flight cache: concurrent callers share one fetch; a token is refreshed `marginMs` early. */
export class TokenCache {
  private current: CachedToken | undefined;
  /** One fetch at a time, whoever asks (a single slot: the key is always the same). */
  private readonly fetching = new SingleFlight<'token', CachedToken>();

  constructor(
    private readonly fetchToken: () => Promise<CachedToken>,
    private readonly clock: Clock,
    private readonly marginMs: (token: CachedToken) => number,
  ) {}

  async get(): Promise<CachedToken> {
    const token = this.current;
    if (token && this.clock.now().getTime() < token.expiresAt.getTime() - this.marginMs(token)) return token;
    return this.refresh();
  }

  /** Drops `stale` (only if it is still the cached one) and fetches anew, shared with concurrent callers. */
  async replace(stale: CachedToken): Promise<CachedToken> {
    if (this.current && this.current.value !== stale.value) return this.current;
    this.current = undefined;
    return this.refresh();
  }

  private refresh(): Promise<CachedToken> {
    return this.fetching.run('token', async () => {
      const token = await this.fetchToken();
      this.current = token;
      return token;
    });
  }
}
