import type {
  CheckoutRequest,
  CheckoutResponse,
  CreateSessionRequest,
  CreateSessionResponse,
  OrderStatusResponse,
  Problem,
  SessionResponse,
} from '../../contract/bff-api.ts';
import type { SinpeCheckoutResponse } from '../../contract/sinpe-movil.ts';

/** A BFF answer that was not a success. `status` 0 means the BFF could not be reached at all. */
export class BffError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | undefined,
  ) {
    super(problem?.detail ?? (status === 0 ? 'network error' : `HTTP ${status}`));
  }
}

/** The browser endpoints of the BFF (ARCHITECTURE.md, "The BFF's HTTP surface"). */
export class BffClient {
  readonly #baseUrl: string;

  constructor(baseUrl: string) {
    this.#baseUrl = baseUrl;
  }

  createSession(body: CreateSessionRequest): Promise<CreateSessionResponse> {
    return this.#call('/v1/sessions', { method: 'POST', body });
  }

  getSession(sessionToken: string): Promise<SessionResponse> {
    return this.#call('/v1/session', { token: sessionToken });
  }

  /** The hosted page for a card; the transfer to make for `"method":"sinpe_movil"`. */
  checkout(sessionToken: string, body: CheckoutRequest): Promise<CheckoutResponse | SinpeCheckoutResponse> {
    return this.#call('/v1/checkout', { method: 'POST', body, token: sessionToken });
  }

  /** `token` is the status token from `#svc-result` or the session token. */
  getOrder(orderNumber: string, token: string): Promise<OrderStatusResponse> {
    return this.#call(`/v1/orders/${encodeURIComponent(orderNumber)}`, { token });
  }

  async #call<T>(path: string, options: { method?: string; body?: unknown; token?: string }): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    return answerOf<T>(
      fetch(new URL(path, this.#baseUrl), {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? null : JSON.stringify(options.body),
        // The session travels in the Authorization header, never in cookies.
        credentials: 'omit',
      }),
    );
  }
}

/** The payload of a request to the BFF, or its BffError; also for a request the first script sent (early-result.ts). */
export async function answerOf<T>(request: Promise<Response>): Promise<T> {
  let response: Response;
  try {
    response = await request;
  } catch {
    throw new BffError(0, undefined);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  // The BFF validates its answers against contract/bff-api.ts; re-parsing here would cost the
  // widget zod's object code in its first bundle for no safety the shopper can see.
  if (!response.ok) throw new BffError(response.status, payload as Problem | undefined);
  return payload as T;
}
