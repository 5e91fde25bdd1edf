// What can go wrong talking to the gateway, as types the callers branch on.

/** The gateway answered (HTTP 200, gateway-api.md §7) with a failure `type` in the body. */
export class GatewayError extends Error {
  override name = 'GatewayError';
  constructor(
    readonly operation: string,
    readonly type: string,
    message: string,
    /** The whole failure body (never logged as is: it may echo request fields). */
    readonly body: unknown = undefined,
  ) {
    super(message);
  }
}

/**
 * No usable answer: timeout, network failure, an HTTP 5xx, a body we could not read, or an
 * answer that says a payment may exist without saying which (`unconfirmed`: consult decides).
 * `mayHaveExecuted` is false only when the request certainly never reached the gateway
 * (connection refused, or a 401 after the one re-login): then a payment call may be repeated.
 */
export class GatewayUnavailableError extends Error {
  override name = 'GatewayUnavailableError';
  constructor(
    readonly operation: string,
    readonly kind: 'timeout' | 'network' | 'http' | 'invalid_response' | 'unauthorized' | 'unconfirmed',
    readonly mayHaveExecuted: boolean,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

/**
 * An authentication failure stated in the body (`type` 401 with HTTP 200): handled like an HTTP
 * 401 (one new login, one retry). Should the retry be refused the same way, `refusal` is what
 * the caller gets: the gateway's own word, nothing was executed.
 */
export class BodyUnauthorized extends GatewayUnavailableError {
  constructor(
    operation: string,
    readonly refusal: GatewayError,
  ) {
    super(operation, 'unauthorized', false, `gateway ${operation} answered type 401 in the body`);
  }
}

/** The body's `type` as text (`100` and "100" alike), or undefined when there is none. */
export function answerType(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null || !('type' in json)) return undefined;
  const type = (json as { type: unknown }).type;
  if (typeof type === 'number' && Number.isInteger(type)) return String(type);
  return typeof type === 'string' && type.trim() !== '' ? type.trim() : undefined;
}

/** The text a failure body gives (`message`, else `description`, else `ReasonCodeDescription`). */
export function refusalMessageOf(json: unknown, fallback = 'gateway failure'): string {
  if (typeof json !== 'object' || json === null) return fallback;
  const body = json as Record<string, unknown>;
  for (const key of ['message', 'description', 'ReasonCodeDescription']) {
    const value = body[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return fallback;
}
