// A fake BFF for component tests. The element reaches its BFF only through fetch (widget/flow/bff-client.ts
// and the plain origin check in widget/flow/error-codes.ts), so the fake answers fetch for its own origin
// and leaves every other request (the test server's modules, axe) to the browser: the element and
// the page see no new API. Every answer is checked against the contract's schema before it is
// served and every request body against the request schema, so the fake cannot drift from the BFF.
// What only the real BFF shows (its CORS, its own problem+json, the hosted page round trip) is
// tested end to end in test/e2e/.
import {
  addressShapeSchemas,
  checkoutResponse,
  createCheckoutRequestSchema,
  createSessionRequest,
  createSessionResponse,
  orderStatusResponse,
  problem,
  renewSessionResponse,
  sessionResponse,
  type CreateSessionRequest,
  type CreateSessionResponse,
  type OrderStatusResponse,
  type Prefill,
  type Problem,
  type SessionResponse,
} from '../../../contract/bff-api.ts';
import { declineMessage, type DeclineCategory } from '../../../contract/decline-messages.ts';
import { problemTypes } from '../../../contract/problem-types.ts';
import { sinpeCheckoutResponse, type SessionSinpeMovil, type SinpeMovilInstructions } from '../../../contract/sinpe-movil.ts';

export type Route = 'createSession' | 'getSession' | 'renewSession' | 'checkout' | 'getOrder';

export interface FakeRequest {
  route: Route;
  token: string | undefined;
  body: unknown;
  /** `getOrder`'s order number. */
  orderNumber?: string;
}

/** What the fake sends back: a JSON answer, a problem, or no answer at all (fetch rejects). */
export type FakeAnswer = { status: number; body: unknown } | 'network-error';

/** An answer held back until the test releases it: the BFF (or the gateway behind it) being slow. */
export interface HeldAnswer {
  /** Resolves when the request has arrived. */
  readonly arrived: Promise<void>;
  release(): void;
}

const checkoutRequest = createCheckoutRequestSchema(addressShapeSchemas);
const answerSchemas = {
  createSession: createSessionResponse,
  getSession: sessionResponse,
  renewSession: renewSessionResponse,
  checkout: { parse: (body: unknown) => ('sinpeMovil' in (body as object) ? sinpeCheckoutResponse : checkoutResponse).parse(body) },
  getOrder: orderStatusResponse,
};

let origins = 0;
const pageId = crypto.randomUUID().slice(0, 8);
const fakes = new Map<string, FakeBff>();
let realFetch: typeof fetch | undefined;

/** Routes fetch for the fakes' origins to them; installed once per page. */
function routeFetch(): void {
  if (realFetch) return;
  realFetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    const fake = fakes.get(url.origin);
    return fake ? fake.handle(url, init ?? {}) : realFetch!(input, init);
  };
}

export function problemAnswer(status: number, type: string, detail: string, errors: Problem['errors'] = []): FakeAnswer {
  return { status, body: problem.parse({ type, title: detail, status, detail, errors }) };
}

/** The BFF's 400 for a field the browser let through. */
export function fieldProblem(path: string, code: string, message = `${path} is not valid`): FakeAnswer {
  return problemAnswer(400, problemTypes.validation, 'The request has invalid fields.', [{ path, code, message }]);
}

/** A request the browser sends without a CORS preflight: GET with no header beyond the safelisted. */
function isSimpleRequest(init: RequestInit): boolean {
  const headers = new Headers(init.headers);
  return (init.method ?? 'GET').toUpperCase() === 'GET' && !headers.has('authorization') && !headers.has('content-type');
}

/** A status token as the BFF writes it: the widget reads its `sub` (the order number) unverified. */
export function statusTokenFor(orderNumber: string): string {
  const claims = btoa(JSON.stringify({ sub: orderNumber, kind: 'status' })).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `eyJhbGciOiJIUzI1NiJ9.${claims}.fake-signature`;
}

/** `amount` × `quantity` on integers of ten-thousandths, as the BFF prices catalog lines. */
function times(amount: string, quantity: number): string {
  const [whole, fraction = ''] = amount.split('.');
  const units = BigInt(whole!) * 10000n + BigInt(fraction.padEnd(4, '0'));
  const total = units * BigInt(quantity);
  return `${total / 10000n}.${String((total % 10000n) / 100n).padStart(2, '0')}`;
}

function pricedLines(lines: SessionOptions['lines'] = []): SessionResponse['order']['lines'] {
  return lines.map(({ sku = '', name, quantity, unitAmount }) => ({ sku, name, quantity, unitAmount, amount: times(unitAmount, quantity) }));
}

/** Adds two-decimal amounts (a leading `-` subtracts) on integer cents. */
function sum(amounts: string[]): string {
  const units = amounts.reduce((total, amount) => total + BigInt(amount.replace('.', '')), 0n);
  return `${units / 100n}.${String(units % 100n).padStart(2, '0')}`;
}

export interface SessionOptions {
  amount?: string;
  currency?: string;
  prefill?: Prefill;
  invoice?: boolean;
  /** As the merchant gives them; the fake prices each line (quantity × unitAmount) like the BFF. */
  lines?: Array<{ sku?: string; name: string; quantity: number; unitAmount: string }>;
  /** Offer SINPE Móvil; `transfer`: the transfer already open (a reload resumes it). */
  sinpeMovil?: SessionSinpeMovil;
  /** A dollar order's colón amount, and whether its card may be charged in it (CARD_COLONES_FOR_USD). */
  localAmount?: SessionResponse['localAmount'];
  cardInColones?: boolean;
}

export interface CatalogItem {
  name: string;
  unitAmount: string;
}

/**
 * One fake BFF on an origin of its own (`url`). By default it answers like a BFF whose gateway
 * is healthy: sessions load, checkout returns a hosted page, orders stay pending. A test changes
 * what a route answers with `answer`/`answerOnce`/`hold`, and reads what the element asked with
 * `calls` and `requests`.
 */
export class FakeBff {
  private readonly id = ++origins;
  readonly url = `https://bff-${this.id}.fake.test`;
  readonly requests: FakeRequest[] = [];
  private readonly sessions = new Map<string, SessionResponse>();
  private readonly expired = new Set<string>();
  private readonly statuses = new Map<string, OrderStatusResponse[]>();
  private readonly once = new Map<Route, Array<FakeAnswer | ((request: FakeRequest) => FakeAnswer)>>();
  private readonly always = new Map<Route, (request: FakeRequest) => FakeAnswer | undefined>();
  private readonly held = new Map<Route, Array<Promise<void>>>();
  private readonly arrivals = new Map<Route, Array<() => void>>();
  private orders = 0;
  private readonly attempts = new Map<string, number>();
  /** When each session token's session was first issued (renewed tokens keep it). */
  private readonly startedAt = new Map<string, number>();
  private renewals = 0;
  /** SESSION_MAX_MINUTES: how long renewals may keep a session alive. */
  sessionMaxMinutes = 120;
  /**
   * The BFF does not allow this page's origin. As the browser sees it: a request that needs a CORS
   * preflight (a JSON body, a bearer token) fails like a network error; a simple GET reads the BFF's 403.
   */
  refusesOrigin = false;
  /** SINPE Móvil on catalog sessions too (a merchant with SINPE_MOVIL_PHONE). */
  offersSinpe = false;
  catalog: Record<string, CatalogItem> = {
    'CR-COFFEE-500': { name: 'Tarrazú coffee, 500 g', unitAmount: '6500.00' },
    'CR-HAMMOCK': { name: 'Cotton hammock', unitAmount: '38500.00' },
  };
  catalogCurrency = 'CRC';
  /** The SINPE Móvil transfer's time: ISO expiry from now (read from Date.now, so a manual clock drives it). */
  transferMinutes = 30;
  /**
   * Colones taken off the next transfers' amounts: what the BFF does when another transfer of the
   * same total is awaited, so the bank's event finds the order by its amount (test/bff's rule).
   */
  transferDiscount = '0.00';
  /** The next transfers name themselves by their reference only (every amount near the price is asked of other buyers). */
  transferReferenceOnly = false;

  constructor() {
    routeFetch();
    fakes.set(this.url, this);
  }

  /** How many requests a route had (all routes when none is given). */
  calls(route?: Route): number {
    return route ? this.requests.filter((request) => request.route === route).length : this.requests.length;
  }

  /** A merchant session (what POST /v1/merchant/checkout-sessions makes): returns its token. */
  session(options: SessionOptions = {}): { sessionToken: string; orderNumber: string } {
    const orderNumber = this.nextOrderNumber();
    const sessionToken = `session-${orderNumber}`;
    this.startedAt.set(sessionToken, Date.now());
    this.sessions.set(
      sessionToken,
      sessionResponse.parse({
        order: { orderNumber, amount: options.amount ?? '12500.00', currency: options.currency ?? 'CRC', status: 'created', capture: true, lines: pricedLines(options.lines) },
        prefill: options.prefill ?? {},
        returnUrl: `${location.origin}/return`,
        expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
        ...(options.invoice ? { invoice: true } : {}),
        ...(options.sinpeMovil ? { sinpeMovil: options.sinpeMovil } : {}),
        ...(options.localAmount ? { localAmount: options.localAmount } : {}),
        ...(options.cardInColones ? { cardInColones: true } : {}),
      }),
    );
    return { sessionToken, orderNumber };
  }

  /** The session's token lapses: every route answers it the BFF's 401 `session-expired`. */
  expire(sessionToken: string): void {
    this.expired.add(sessionToken);
  }

  /** Every session issued so far lapses (a catalog page's own session, which the test never sees). */
  expireAll(): void {
    for (const token of this.sessions.keys()) this.expired.add(token);
  }

  /** A session token that expired before the element got it. */
  expiredSession(): string {
    const { sessionToken } = this.session();
    this.expire(sessionToken);
    return sessionToken;
  }

  /** What GET /v1/orders answers for `orderNumber`, one per call; the last repeats. */
  orderStatuses(orderNumber: string, ...answers: Array<Partial<OrderStatusResponse> & Pick<OrderStatusResponse, 'status'>>): void {
    this.statuses.set(orderNumber, answers.map((answer) => this.statusOf(orderNumber, answer)));
  }

  /**
   * The hosted page of the order's `attempt`-th card attempt (the first unless said). On the test
   * server's origin, so a popup pointed there loads the server's 404 without asking a DNS.
   */
  hostedUrl(orderNumber: string, attempt = 1): string {
    return `${location.origin}/__fake-gateway/${this.id}/hosted/${orderNumber}/${attempt}`;
  }

  /** The order a hosted page of this fake is for. */
  static orderOfHostedUrl(hostedUrl: string): string {
    return new URL(hostedUrl).pathname.split('/')[4]!;
  }

  /** GET /v1/orders's answer for a decline the shopper may retry: the catalog's words, in the checkout's language. */
  static declined(reason: DeclineCategory = 'generic', locale = 'en'): Partial<OrderStatusResponse> & Pick<OrderStatusResponse, 'status'> {
    return { status: reason === 'cancelled' ? 'cancelled' : 'declined', canRetry: true, reason, message: declineMessage(reason, locale) };
  }

  /** A GET /v1/orders answer for the order, as the BFF would write it (for `answer` deciding by time). */
  statusAnswer(orderNumber: string, answer: Partial<OrderStatusResponse> & Pick<OrderStatusResponse, 'status'>): OrderStatusResponse {
    return this.statusOf(orderNumber, answer);
  }

  /** Every request to `route` answered by `decide` (undefined: the default answer). */
  answer(route: Route, decide: (request: FakeRequest) => FakeAnswer | undefined): void {
    this.always.set(route, decide);
  }

  /** The next request to `route` gets this answer, then the route answers as before. */
  answerOnce(route: Route, answer: FakeAnswer | ((request: FakeRequest) => FakeAnswer)): void {
    this.once.set(route, [...(this.once.get(route) ?? []), answer]);
  }

  /** The next request to `route` waits until `release()`. */
  hold(route: Route): HeldAnswer {
    let release!: () => void;
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    this.held.set(route, [...(this.held.get(route) ?? []), new Promise<void>((resolve) => (release = resolve))]);
    this.arrivals.set(route, [...(this.arrivals.get(route) ?? []), arrive]);
    return { arrived, release: () => release() };
  }

  /** The fetch the element made, answered as the BFF would. */
  async handle(url: URL, init: RequestInit): Promise<Response> {
    let request: FakeRequest;
    try {
      request = this.parse(url, init);
    } catch (error) {
      // A request the BFF's schema refuses is the widget's bug: say so in the browser log, and fail the call.
      console.error(`the fake BFF refused ${init.method ?? 'GET'} ${url.pathname}: ${String(error)}`);
      throw error;
    }
    this.requests.push(request);
    if (this.refusesOrigin && !isSimpleRequest(init)) throw new TypeError('Failed to fetch');
    const wait = this.held.get(request.route)?.shift();
    this.arrivals.get(request.route)?.shift()?.();
    if (wait) await wait;
    const answer = this.answerTo(request);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (answer.status < 400) answerSchemas[request.route].parse(answer.body);
    else problem.parse(answer.body);
    const type = answer.status < 400 ? 'application/json' : 'application/problem+json';
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': type } });
  }

  private parse(url: URL, init: RequestInit): FakeRequest {
    const method = (init.method ?? 'GET').toUpperCase();
    const authorization = new Headers(init.headers).get('authorization');
    const token = authorization?.replace(/^Bearer /, '');
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const order = /^\/v1\/orders\/([^/]+)$/.exec(url.pathname);
    if (method === 'POST' && url.pathname === '/v1/sessions') return { route: 'createSession', token, body: createSessionRequest.parse(body) };
    if (method === 'GET' && url.pathname === '/v1/session') return { route: 'getSession', token, body };
    if (method === 'POST' && url.pathname === '/v1/session/renew') return { route: 'renewSession', token, body };
    if (method === 'POST' && url.pathname === '/v1/checkout') return { route: 'checkout', token, body: checkoutRequest.parse(body) };
    if (method === 'GET' && order) return { route: 'getOrder', token, body, orderNumber: decodeURIComponent(order[1]!) };
    throw new Error(`the fake BFF has no ${method} ${url.pathname}`);
  }

  private answerTo(request: FakeRequest): FakeAnswer {
    if (this.refusesOrigin) return problemAnswer(403, problemTypes.originNotAllowed, 'This origin may not use this BFF.');
    if (request.token && this.expired.has(request.token)) return problemAnswer(401, problemTypes.sessionExpired, 'The session has expired.');
    const scripted = this.once.get(request.route)?.shift();
    if (scripted) return typeof scripted === 'function' ? scripted(request) : scripted;
    const decided = this.always.get(request.route)?.(request);
    if (decided) return decided;
    switch (request.route) {
      case 'createSession':
        return { status: 201, body: this.createSession(request.body as CreateSessionRequest) };
      case 'getSession': {
        const session = request.token && this.sessions.get(request.token);
        return session ? { status: 200, body: session } : problemAnswer(401, problemTypes.unauthorized, 'The token is not valid.');
      }
      case 'renewSession':
        return this.renew(request);
      case 'checkout':
        return this.checkout(request);
      case 'getOrder': {
        const answers = this.statuses.get(request.orderNumber!) ?? [this.statusOf(request.orderNumber!, { status: 'pending' })];
        return { status: 200, body: answers.length > 1 ? answers.shift() : answers[0] };
      }
    }
  }

  /** The status token a checkout answer carries: it reads the order's status past the session's end. */
  statusTokenOf(orderNumber: string): string {
    return `status.${orderNumber}`;
  }

  /** POST /v1/session/renew as the BFF answers it: 15 more minutes, until `sessionMaxMinutes` after the session's first issue. */
  private renew(request: FakeRequest): FakeAnswer {
    const session = request.token && this.sessions.get(request.token);
    if (!session) return problemAnswer(401, problemTypes.unauthorized, 'The token is not valid.');
    const startedAt = this.startedAt.get(request.token!) ?? Date.now();
    const cap = startedAt + this.sessionMaxMinutes * 60_000;
    if (cap <= Date.parse(session.expiresAt)) {
      return problemAnswer(403, problemTypes.forbidden, `A checkout session lasts at most ${this.sessionMaxMinutes} minutes.`, [
        { path: 'session', code: 'session_max_reached', message: `At most ${this.sessionMaxMinutes} minutes.` },
      ]);
    }
    this.renewals += 1;
    const sessionToken = `${request.token!.split('.renewed-')[0]}.renewed-${this.renewals}`;
    const expiresAt = new Date(Math.min(Date.now() + 15 * 60_000, cap)).toISOString();
    this.sessions.set(sessionToken, { ...session, expiresAt });
    this.startedAt.set(sessionToken, startedAt);
    return { status: 200, body: { sessionToken, expiresAt, maxExpiresAt: new Date(cap).toISOString() } };
  }

  private checkout(request: FakeRequest): FakeAnswer {
    const session = request.token && this.sessions.get(request.token);
    if (!session) return problemAnswer(401, problemTypes.unauthorized, 'The token is not valid.');
    const { orderNumber, amount } = session.order;
    const attempt = (this.attempts.get(orderNumber) ?? 0) + 1;
    this.attempts.set(orderNumber, attempt);
    if ((request.body as { method?: string }).method !== 'sinpe_movil') {
      const redirectUrl = this.hostedUrl(orderNumber, attempt);
      this.sessions.set(request.token!, { ...session, redirectUrl });
      return { status: 200, body: { redirectUrl, orderNumber, attempt, statusToken: this.statusTokenOf(orderNumber) } };
    }
    const transfer: SinpeMovilInstructions = {
      phone: '88887777',
      amount: sum([amount, `-${this.transferDiscount}`]),
      discount: this.transferDiscount,
      currency: 'CRC',
      reference: `R${orderNumber.slice(-5).toUpperCase()}`.replace(/[^34679ACDEFHJKMNPRTWXY]/g, '3').padEnd(6, '3').slice(0, 6),
      expiresAt: new Date(Date.now() + this.transferMinutes * 60_000).toISOString(),
      ...(this.transferReferenceOnly && { referenceOnly: true as const }),
    };
    this.sessions.set(request.token!, { ...session, sinpeMovil: { ...session.sinpeMovil, transfer } });
    return { status: 200, body: { orderNumber, sinpeMovil: transfer, statusToken: this.statusTokenOf(orderNumber) } };
  }

  private createSession(request: CreateSessionRequest): CreateSessionResponse {
    const lines = request.items.map(({ sku, quantity }) => {
      const item = this.catalog[sku];
      if (!item) throw new Error(`the fake BFF's catalog has no ${sku}`);
      return { sku, name: item.name, quantity, unitAmount: item.unitAmount, amount: times(item.unitAmount, quantity) };
    });
    const amount = sum(lines.map((line) => line.amount));
    const { sessionToken, orderNumber } = this.session({
      amount,
      currency: this.catalogCurrency,
      invoice: request.invoice === true,
      lines,
      ...(this.offersSinpe ? { sinpeMovil: {} } : {}),
    });
    const session = this.sessions.get(sessionToken)!;
    return createSessionResponse.parse({
      sessionToken,
      expiresAt: session.expiresAt,
      order: { orderNumber, amount, currency: this.catalogCurrency, lines },
      ...(this.offersSinpe ? { sinpeMovil: {} } : {}),
    });
  }

  private statusOf(orderNumber: string, answer: Partial<OrderStatusResponse> & Pick<OrderStatusResponse, 'status'>): OrderStatusResponse {
    const session = [...this.sessions.values()].find((candidate) => candidate.order.orderNumber === orderNumber);
    const final = !['created', 'pending'].includes(answer.status) && !answer.canRetry;
    return orderStatusResponse.parse({
      orderNumber,
      final,
      amount: session?.order.amount ?? '12500.00',
      currency: session?.order.currency ?? 'CRC',
      attempts: Math.max(1, this.attempts.get(orderNumber) ?? 0),
      canRetry: false,
      updatedAt: new Date(Date.now()).toISOString(),
      ...answer,
    });
  }

  private nextOrderNumber(): string {
    this.orders += 1;
    // Unique within the page, and across pages: the element keeps forms per order in sessionStorage.
    return `F${pageId}-${this.id}-${this.orders}`;
  }
}
