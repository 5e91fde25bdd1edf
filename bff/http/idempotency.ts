// Idempotency-Key on the merchant's POSTs: the same key with the same request replays the first
// response; with another request it is a 409. The key's uniqueness lives in the database
// (primary key scope + key), so two instances can never both run one request.
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { problemTypes } from '../../contract/bff-api.ts';
import { ProblemException } from './problem.ts';
import type { Clock } from '../lib/observability/clock.ts';
import type { Store } from '../store/database.ts';

export const idempotencyHeader = 'Idempotency-Key';
/** Set on a replayed response, so a caller can tell it got the stored first answer. */
export const replayedHeader = 'Idempotent-Replayed';
declare module 'hono' {
  interface ContextVariableMap {
    /** What a replay answers in place of the first answer (see `replayAnswers`). */
    idempotentReplayBody: string;
  }
}

/**
 * A handler whose answer holds something shown once (a webhook secret) says what a replay answers
 * instead: the first answer is never stored, so the table never holds the secret and a replayed key
 * never reveals it again.
 */
export function replayAnswers(c: Context, body: unknown): void {
  c.set('idempotentReplayBody', JSON.stringify(body));
}

/** Keys are kept at least this long (24 h at the least). */
export const idempotencyKeyLifetimeMs = 24 * 60 * 60 * 1000;

export interface IdempotencyOptions {
  store: Store;
  clock: Clock;
  /** The caller space the keys live in (keys of different callers never collide). */
  scope: string;
  lifetimeMs?: number;
  /** false: a request without the header runs as is (for routes whose callers do not send one yet). */
  required?: boolean;
}

/** Same JSON, same hash: key order and whitespace do not make a request "different". */
function canonicalBody(raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw), (_key, value: unknown) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : value,
    );
  } catch {
    return raw;
  }
}

function conflict(detail: string, headers: Record<string, string> = {}): ProblemException {
  return new ProblemException(409, {
    type: problemTypes.conflict,
    title: 'Idempotency-Key conflict',
    detail,
    errors: [{ path: idempotencyHeader, message: detail, code: 'idempotency_conflict' }],
    headers,
  });
}

/**
 * Responses worth replaying: everything but a failure that certainly changed nothing and may
 * succeed later (500 bug, 503 unavailable). Those release the key so the same key can retry.
 */
const isReplayable = (status: number) => status !== 500 && status !== 503;

export function requireIdempotencyKey(options: IdempotencyOptions): MiddlewareHandler {
  const { store, clock, scope } = options;
  const lifetimeMs = options.lifetimeMs ?? idempotencyKeyLifetimeMs;
  let lastPurge = 0;

  async function purgeExpired(now: Date) {
    if (now.getTime() - lastPurge < 10 * 60_000) return;
    lastPurge = now.getTime();
    await store.db.deleteFrom('idempotency').where('scope', '=', scope).where('expires_at', '<', now.toISOString()).execute();
  }

  async function claim(key: string, requestHash: string, now: Date): Promise<boolean> {
    const result = await store.db
      .insertInto('idempotency')
      .values({
        scope,
        idempotency_key: key,
        request_hash: requestHash,
        state: 'in_progress',
        response_status: null,
        response_body: null,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + lifetimeMs).toISOString(),
      })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  const release = (key: string, requestHash: string) =>
    store.db
      .deleteFrom('idempotency')
      .where('scope', '=', scope)
      .where('idempotency_key', '=', key)
      .where('request_hash', '=', requestHash)
      .where('state', '=', 'in_progress')
      .execute();

  return async (c, next) => {
    const key = c.req.header(idempotencyHeader)?.trim();
    if (!key && options.required === false) return next();
    if (!key || key.length > 255) {
      throw new ProblemException(400, {
        type: problemTypes.validation,
        title: 'Invalid request',
        detail: `This operation (a money operation or a link creation) needs an ${idempotencyHeader} header (1 to 255 characters), unique per intended operation.`,
        errors: [{ path: idempotencyHeader, message: 'Required: 1 to 255 characters.', code: 'idempotency_key_required' }],
      });
    }
    const raw = await c.req.text();
    const requestHash = createHash('sha256').update(`${c.req.method} ${c.req.path}\n${canonicalBody(raw)}`).digest('hex');
    const now = clock.now();
    await purgeExpired(now);

    let won = await claim(key, requestHash, now);
    if (!won) {
      const existing = await store.db
        .selectFrom('idempotency')
        .selectAll()
        .where('scope', '=', scope)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      if (existing && existing.expires_at < now.toISOString()) {
        // A key older than its lifetime is forgotten: this request starts afresh.
        await store.db
          .deleteFrom('idempotency')
          .where('scope', '=', scope)
          .where('idempotency_key', '=', key)
          .where('expires_at', '=', existing.expires_at)
          .execute();
        won = await claim(key, requestHash, now);
      } else if (existing) {
        if (existing.request_hash !== requestHash) {
          throw conflict(`This ${idempotencyHeader} was already used with a different request; use a new key for a new operation.`);
        }
        if (existing.state !== 'done' || existing.response_status === null) {
          throw conflict(`A request with this ${idempotencyHeader} is still being processed; retry in a moment.`, { 'Retry-After': '1' });
        }
        return c.body(existing.response_body ?? '', existing.response_status as ContentfulStatusCode, {
          'Content-Type': existing.response_status >= 400 ? 'application/problem+json' : 'application/json',
          [replayedHeader]: 'true',
        });
      } else {
        won = await claim(key, requestHash, now);
      }
      if (!won) throw conflict(`A request with this ${idempotencyHeader} is still being processed; retry in a moment.`, { 'Retry-After': '1' });
    }

    try {
      await next();
    } catch (error) {
      await release(key, requestHash);
      throw error;
    }
    const status = c.res.status;
    if (!isReplayable(status)) {
      await release(key, requestHash);
      return;
    }
    const body = (c.var.idempotentReplayBody as string | undefined) ?? (await c.res.clone().text());
    await store.db
      .updateTable('idempotency')
      .set({ state: 'done', response_status: status, response_body: body })
      .where('scope', '=', scope)
      .where('idempotency_key', '=', key)
      .where('request_hash', '=', requestHash)
      .execute();
  };
}
