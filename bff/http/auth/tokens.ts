// Session and status JWTs (jose, HS256 with SESSION_SIGNING_KEY). Both carry iss, aud, iat, exp
// and jti; `sub` is the order number. A session token is also bound to the order's amount and
// currency and to the origin of the page allowed to use it.
import type { webcrypto } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { BoundedMap } from '../../lib/bounded-map.ts';
import type { Clock } from '../../lib/observability/clock.ts';

export const tokenIssuer = 'svc-checkout';
export const sessionAudience = 'svc-checkout-session';
export const statusAudience = 'svc-checkout-status';
/** ARCHITECTURE.md: session JWTs live at most 15 minutes. */
export const maxTokenLifetimeSeconds = 15 * 60;
/**
 * A status token follows an order while it can still change: a SINPE Móvil transfer's whole window
 * and the time after it in which a late payment or the reconciler may still settle it. Without it a
 * buyer who pays in minute 20 of a 30-minute transfer would lose sight of their order with the
 * session. It reads one order's status, nothing else.
 */
export function statusTokenLifetimeSeconds(transferMinutes: number): number {
  return Math.max(maxTokenLifetimeSeconds, Math.ceil(transferMinutes * 60) + statusGraceSeconds);
}
/** How long after a transfer's window a status token still reads its order. */
const statusGraceSeconds = 30 * 60;

export interface SessionClaims {
  orderNumber: string;
  amount: string;
  currency: string;
  origin: string;
  sessionId: string;
  expiresAt: Date;
  /** When the session was first issued: a renewal (POST /v1/session/renew) keeps it. */
  startedAt: Date;
}

export interface StatusClaims {
  orderNumber: string;
  expiresAt: Date;
}

type VerifiedPayload = Record<string, unknown> & { sub: string; exp: number; iat: number; jti: string; aud: string };

/** Verified tokens kept (each lives 15 minutes at most); past this the oldest goes. */
const maxVerifiedTokens = 2000;

/** Why a token was refused: `expired` lets the widget say so and start a new session. */
export class TokenRejected extends Error {
  override name = 'TokenRejected';
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? 'The token has expired.' : 'The token is not valid.');
  }
}

export class TokenService {
  /**
   * The HMAC key imported once: handed the raw bytes, jose imports them again on every sign and
   * verify, about a third of a status poll's token cost.
   */
  private readonly key: Promise<webcrypto.CryptoKey>;
  /**
   * Tokens whose signature and fixed claims were checked: a widget polls with the same token every
   * two seconds, and the HMAC through WebCrypto was a sixth of each poll. Keyed by the whole token,
   * so a changed byte is a miss and goes through jose. Forgotten once no token could still be valid.
   */
  private readonly verified: BoundedMap<string, VerifiedPayload>;

  constructor(
    signingKey: string,
    private readonly clock: Clock,
    private readonly sessionTtlSeconds = maxTokenLifetimeSeconds,
    private readonly statusTtlSeconds = maxTokenLifetimeSeconds,
  ) {
    this.verified = new BoundedMap({ maxSize: maxVerifiedTokens, ttlMs: Math.max(maxTokenLifetimeSeconds, statusTtlSeconds) * 1000, now: () => clock.now().getTime() });
    this.key = crypto.subtle.importKey('raw', new TextEncoder().encode(signingKey), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    this.sessionTtlSeconds = Math.min(sessionTtlSeconds, maxTokenLifetimeSeconds);
  }

  /**
   * A session token. A renewal passes the session's `startedAt` and the latest end it may have
   * (`endsBy`: SESSION_MAX_MINUTES after that start); a new session starts now.
   */
  async signSession(claims: Omit<SessionClaims, 'expiresAt' | 'startedAt'> & { startedAt?: Date }, endsBy?: Date): Promise<{ token: string; expiresAt: Date }> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    const ttl = endsBy ? Math.min(this.sessionTtlSeconds, Math.floor(endsBy.getTime() / 1000) - issuedAt) : this.sessionTtlSeconds;
    const { token, expiresAt } = await this.sign(sessionAudience, claims.orderNumber, claims.sessionId, ttl, {
      amt: claims.amount,
      cur: claims.currency,
      origin: claims.origin,
      ...(claims.startedAt && { ses: String(Math.floor(claims.startedAt.getTime() / 1000)) }),
    });
    return { token, expiresAt };
  }

  async signStatus(orderNumber: string): Promise<{ token: string; expiresAt: Date }> {
    return this.sign(statusAudience, orderNumber, crypto.randomUUID(), this.statusTtlSeconds, {});
  }

  async verifySession(token: string): Promise<SessionClaims> {
    const payload = await this.verify(token, sessionAudience);
    const { amt, cur, origin, ses } = payload as Record<string, unknown>;
    if (typeof amt !== 'string' || typeof cur !== 'string' || typeof origin !== 'string') throw new TokenRejected('invalid');
    // A first token's session starts when it was issued; a renewed one carries the first's start.
    const started = typeof ses === 'string' && /^\d+$/.test(ses) ? Number(ses) : payload.iat;
    return {
      orderNumber: payload.sub,
      amount: amt,
      currency: cur,
      origin,
      sessionId: payload.jti,
      expiresAt: new Date(payload.exp * 1000),
      startedAt: new Date(Math.min(started, payload.iat) * 1000),
    };
  }

  async verifyStatus(token: string): Promise<StatusClaims> {
    const payload = await this.verify(token, statusAudience);
    return { orderNumber: payload.sub, expiresAt: new Date(payload.exp * 1000) };
  }

  private async sign(audience: string, subject: string, jti: string, ttlSeconds: number, extra: Record<string, string>) {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    const expiresAtSeconds = issuedAt + ttlSeconds;
    const token = await new SignJWT(extra)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(tokenIssuer)
      .setAudience(audience)
      .setSubject(subject)
      .setJti(jti)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAtSeconds)
      .sign(await this.key);
    return { token, expiresAt: new Date(expiresAtSeconds * 1000) };
  }

  private async verify(token: string, audience: string): Promise<VerifiedPayload> {
    const payload = this.verified.get(token) ?? (await this.verifySignatureAndClaims(token));
    // Known tokens skip the HMAC, never the checks that change with time or with the caller.
    if (payload.exp <= Math.floor(this.clock.now().getTime() / 1000)) {
      this.verified.delete(token);
      throw new TokenRejected('expired');
    }
    if (payload.aud !== audience) throw new TokenRejected('invalid');
    return payload;
  }

  private async verifySignatureAndClaims(token: string): Promise<VerifiedPayload> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        issuer: tokenIssuer,
        audience: [sessionAudience, statusAudience],
        // Only HS256: `none` and every other algorithm are refused before the signature is read.
        algorithms: ['HS256'],
        requiredClaims: ['sub', 'exp', 'iat', 'jti'],
        currentDate: this.clock.now(),
      });
      const { sub, exp, iat, jti, aud } = payload;
      if (typeof sub !== 'string' || typeof exp !== 'number' || typeof iat !== 'number' || typeof jti !== 'string' || typeof aud !== 'string') {
        throw new TokenRejected('invalid');
      }
      // A token that claims a longer life than we ever issue for its kind was not made by us.
      if (exp - iat > (aud === statusAudience ? this.statusTtlSeconds : maxTokenLifetimeSeconds)) throw new TokenRejected('invalid');
      const verified = { ...(payload as Record<string, unknown>), sub, exp, iat, jti, aud };
      this.verified.set(token, verified);
      return verified;
    } catch (error) {
      if (error instanceof TokenRejected) throw error;
      if (error instanceof joseErrors.JWTExpired) throw new TokenRejected('expired');
      throw new TokenRejected('invalid');
    }
  }
}
