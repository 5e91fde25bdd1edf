import { loginSdkLifetimeSeconds } from '../../contract/gateway-facts.ts';
import type { SandboxClock } from '../clock.ts';
import type { SeededRandom } from '../seeded-random.ts';

/**
 * Lifetime of an API token from /api/v1/login, in seconds. gateway-api.md §5 leaves the
 * unit and lifetime "not shown"; the sandbox chooses one hour and reports it as
 * `expires_in: 3600`, so a client that honours expires_in refreshes in time.
 */
export const apiTokenLifetimeSeconds = 3600;

type TokenKind = 'api' | 'sdk';

/** Bearer tokens issued by login/loginSdk. Only `api` tokens open the API operations. */
export class TokenStore {
  private readonly tokens = new Map<string, { kind: TokenKind; expiresAt: number }>();

  constructor(
    private readonly clock: SandboxClock,
    private readonly random: SeededRandom,
  ) {}

  issue(kind: TokenKind): { token: string; expiresAt: Date } {
    const token = this.random.hex(48);
    const lifetime = kind === 'api' ? apiTokenLifetimeSeconds : loginSdkLifetimeSeconds;
    const expiresAt = this.clock.now().getTime() + lifetime * 1000;
    this.tokens.set(token, { kind, expiresAt });
    return { token, expiresAt: new Date(expiresAt) };
  }

  isValidApiToken(token: string): boolean {
    const entry = this.tokens.get(token);
    return entry !== undefined && entry.kind === 'api' && entry.expiresAt > this.clock.now().getTime();
  }

  /** One token stops working (the variance mode's body-level 401). */
  revoke(token: string): void {
    this.tokens.delete(token);
  }

  /** Fault injection "token expiry now": every token issued so far stops working. */
  expireAll(): void {
    this.tokens.clear();
  }
}
