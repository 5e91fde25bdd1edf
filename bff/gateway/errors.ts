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
 * No usable answer: timeout, network failure, an HTTP 5xx, or a body we could not read.
 * `mayHaveExecuted` is false only when the request certainly never reached the gateway
 * (connection refused, or a 401 after the one re-login): then a payment call may be repeated.
 */
export class GatewayUnavailableError extends Error {
  override name = 'GatewayUnavailableError';
  constructor(
    readonly operation: string,
    readonly kind: 'timeout' | 'network' | 'http' | 'invalid_response' | 'unauthorized',
    readonly mayHaveExecuted: boolean,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}
