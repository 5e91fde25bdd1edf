// The typed gateway client: one function per operation of gateway-api.md §4. Requests and
// responses are checked with the contract/ schemas; a 200 whose `type` says failure becomes a
// GatewayError. Payment-moving calls (processPayment, processModification, split, link
// create/delete) are never repeated after they may have reached the gateway; reads are retried.
import type { z } from 'zod';
import * as gateway from '../../contract/gateway/index.ts';
import { gatewayResponseTypes, isModificationSuccess, loginExpiresInUnitSeconds } from '../../contract/gateway-facts.ts';
import type { Clock } from '../observability/clock.ts';
import type { Logger } from '../observability/logger.ts';
import type { AppMetrics } from '../observability/metrics.ts';
import { withoutSecrets } from '../observability/without-secrets.ts';
import { parseGatewayDateTime } from './date-time.ts';
import { GatewayError, GatewayUnavailableError } from './errors.ts';
import { TokenCache, type CachedToken } from './token-cache.ts';

export interface GatewayClientOptions {
  baseUrl: string;
  apiUser: string;
  apiPassword: string;
  apiKey: string;
  timeoutMs: number;
  clock: Clock;
  metrics: AppMetrics;
  logger: Logger;
  /** Extra attempts for reads after a 5xx or a timeout (default 2). */
  readRetries?: number;
  /** First backoff delay in ms, doubled each retry (default 100). */
  retryBaseDelayMs?: number;
  fetch?: typeof fetch;
}

type Auth = 'none' | 'bearer';
interface CallSpec<S extends z.ZodType> {
  operation: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  auth: Auth;
  response: S;
  /** true: may be retried after a 5xx or timeout (reads and logins only). */
  retry: boolean;
  /** The body `type` meaning success ('200' for most, '100' for processPayment); undefined: no `type`. */
  successType?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class GatewayClient {
  private readonly apiToken: TokenCache;
  private readonly sdkToken: TokenCache;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: GatewayClientOptions) {
    this.fetchImpl = options.fetch ?? fetch;
    // Refresh the API token one minute (or a tenth of its life, if shorter) before it expires.
    this.apiToken = new TokenCache(() => this.login(), options.clock, (token) =>
      Math.min(60_000, (token.expiresAt.getTime() - options.clock.now().getTime()) / 10),
    );
    // The SDK token is good until its expires_in date-time (gateway-api.md §4.2); keep a minute's margin.
    this.sdkToken = new TokenCache(() => this.loginSdkFresh(), options.clock, () => 60_000);
  }

  // --- Authentication (gateway-api.md §4.1, §4.2) -------------------------------------------

  private async login(): Promise<CachedToken> {
    const body = gateway.loginRequest.parse({ apiuser: this.options.apiUser, password: this.options.apiPassword });
    const result = await this.call({
      operation: 'login',
      method: 'POST',
      path: '/api/v1/login',
      body,
      auth: 'none',
      response: gateway.loginResponse,
      retry: true,
    });
    const lifetimeMs = result.expires_in * loginExpiresInUnitSeconds * 1000;
    return { value: result.access_token, expiresAt: new Date(this.options.clock.now().getTime() + lifetimeMs) };
  }

  private async loginSdkFresh(): Promise<CachedToken> {
    const body = gateway.loginSdkRequest.parse({
      apiuser: this.options.apiUser,
      password: this.options.apiPassword,
      key: this.options.apiKey,
    });
    const result = await this.call({
      operation: 'loginSdk',
      method: 'POST',
      path: '/api/v1/loginSdk',
      body,
      auth: 'none',
      response: gateway.loginSdkResponse,
      retry: true,
    });
    const expiresAt = parseGatewayDateTime(result.expires_in);
    if (!expiresAt) throw new GatewayUnavailableError('loginSdk', 'invalid_response', false, 'expires_in is not a date-time');
    return { value: result.access_token, expiresAt };
  }

  /** The browser SDK token, cached until its `expires_in` date-time. */
  async loginSdk(): Promise<{ accessToken: string; expiresAt: Date }> {
    const token = await this.sdkToken.get();
    return { accessToken: token.value, expiresAt: token.expiresAt };
  }

  // --- Hosted payment page and queries (§4.3-4.5) ------------------------------------------

  /** Creates the hosted page. NEVER retried: a second call could charge twice. */
  processPayment(request: Omit<gateway.ProcessPaymentRequest, 'key'>): Promise<gateway.ProcessPaymentResponse> {
    return this.call({
      operation: 'processPayment',
      method: 'POST',
      path: '/api/v1/processPayment',
      body: gateway.processPaymentRequest.parse({ ...request, key: this.options.apiKey }),
      auth: 'bearer',
      response: gateway.processPaymentResponse,
      retry: false,
      successType: gatewayResponseTypes.hostedPageCreated,
    });
  }

  async consult(orderNumber: string, merchantId = ''): Promise<gateway.TransactionRecord[]> {
    const result = await this.call({
      operation: 'consult',
      method: 'POST',
      path: '/api/v1/consult',
      body: gateway.consultRequest.parse({ key: this.options.apiKey, orderNumber, merchantId }),
      auth: 'bearer',
      response: gateway.consultResponse,
      retry: true,
      successType: gatewayResponseTypes.ok,
    });
    return result.response;
  }

  async consultTransactions(filters: Omit<gateway.ConsultTransactionsRequest, 'key'>): Promise<gateway.TransactionListItem[]> {
    const result = await this.call({
      operation: 'consultTransactions',
      method: 'POST',
      path: '/api/v1/consultTransactions',
      body: gateway.consultTransactionsRequest.parse({ ...filters, key: this.options.apiKey }),
      auth: 'bearer',
      response: gateway.consultTransactionsResponse,
      retry: true,
      successType: gatewayResponseTypes.ok,
    });
    return result.response;
  }

  // --- Modifications and split (§4.6, §4.7) --------------------------------------------------

  /** Capture, refund or reversal. NEVER retried blindly; a refused one is a GatewayError. */
  async processModification(
    request: Omit<gateway.ProcessModificationRequest, 'key'>,
  ): Promise<gateway.ProcessModificationResponse> {
    const result = await this.call({
      operation: 'processModification',
      method: 'POST',
      path: '/api/v1/processModification',
      body: gateway.processModificationRequest.parse({ hashVersion: 'V2', ...request, key: this.options.apiKey }),
      auth: 'bearer',
      // A refusal may come with a type other than 200 and only some fields: read it loosely, judge by ReasonCode.
      response: gateway.processModificationResponse.partial().extend({ type: gateway.processModificationResponse.shape.type }),
      retry: false,
    });
    const parsed = gateway.processModificationResponse.safeParse(result);
    if (!parsed.success || !isModificationSuccess(parsed.data.ReasonCode)) {
      const message = result.ReasonCodeDescription || result.message || 'The gateway refused the modification.';
      throw new GatewayError('processModification', result.ReasonCode ?? result.type, this.withoutCredentials(message), result);
    }
    return parsed.data;
  }

  split(request: gateway.SplitRequest): Promise<gateway.SplitResponse> {
    return this.call({
      operation: 'split',
      method: 'POST',
      path: '/api/v1/orders/liquidation/split',
      body: gateway.splitRequest.parse(request),
      auth: 'bearer',
      response: gateway.splitResponse,
      retry: false,
      successType: gatewayResponseTypes.ok,
    });
  }

  // --- Payment links (§4.8-4.12) -------------------------------------------------------------

  createLinkPayment(request: Omit<gateway.CreateLinkPaymentRequest, 'key'>): Promise<gateway.CreateLinkPaymentResponse> {
    return this.call({
      operation: 'createLinkPayment',
      method: 'POST',
      path: '/api/v1/createLinkPayment',
      body: gateway.createLinkPaymentRequest.parse({ ...request, key: this.options.apiKey }),
      auth: 'bearer',
      response: gateway.createLinkPaymentResponse,
      retry: false,
      successType: gatewayResponseTypes.ok,
    });
  }

  deleteLinkPayment(id: string): Promise<gateway.DeleteLinkPaymentResponse> {
    return this.call({
      operation: 'deleteLinkPayment',
      method: 'POST',
      path: '/api/v1/deleteLinkPayment',
      body: gateway.deleteLinkPaymentRequest.parse({ key: this.options.apiKey, id }),
      auth: 'bearer',
      response: gateway.deleteLinkPaymentResponse,
      retry: false,
      successType: gatewayResponseTypes.ok,
    });
  }

  getDetailLinkPayment(id: string): Promise<gateway.LinkDetailResponse> {
    return this.call({
      operation: 'getDetailLinkPayment',
      method: 'GET',
      path: `/api/v1/getDetailLinkPayment/${encodeURIComponent(id)}/${encodeURIComponent(this.options.apiKey)}`,
      auth: 'bearer',
      response: gateway.linkDetailResponse,
      retry: true,
      successType: gatewayResponseTypes.ok,
    });
  }

  getLinkPaymentById(id: string): Promise<gateway.LinkByIdResponse> {
    return this.call({
      operation: 'getLinkPaymentById',
      method: 'GET',
      path: `/api/v1/getLinkPaymentById/${encodeURIComponent(id)}/${encodeURIComponent(this.options.apiKey)}`,
      auth: 'bearer',
      response: gateway.linkByIdResponse,
      retry: true,
      successType: gatewayResponseTypes.ok,
    });
  }

  /** One page of links; `page` follows the page URLs the gateway returns (§4.12). */
  getLinkPaymentList(limit: number, page?: number): Promise<gateway.LinkListResponse> {
    const query = page === undefined ? '' : `?page=${encodeURIComponent(String(page))}`;
    return this.call({
      operation: 'getLinkPaymentList',
      method: 'GET',
      path: `/api/v1/getLinkPaymentList/${encodeURIComponent(this.options.apiKey)}/${encodeURIComponent(String(limit))}${query}`,
      auth: 'bearer',
      response: gateway.linkListResponse,
      retry: true,
      successType: gatewayResponseTypes.ok,
    });
  }

  /** A gateway may echo what it was sent: our credentials never travel on in its failure text. */
  private withoutCredentials(text: string): string {
    return withoutSecrets(text, [this.options.apiPassword, this.options.apiKey]);
  }

  // --- Transport -----------------------------------------------------------------------------

  private async call<S extends z.ZodType>(spec: CallSpec<S>): Promise<z.output<S>> {
    const retries = spec.retry ? (this.options.readRetries ?? 2) : 0;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.callWithLogin(spec);
      } catch (error) {
        const retryable =
          error instanceof GatewayUnavailableError && (error.kind === 'timeout' || error.kind === 'network' || (error.kind === 'http' && (error.httpStatus ?? 0) >= 500));
        if (!retryable || attempt >= retries) throw error;
        const base = this.options.retryBaseDelayMs ?? 100;
        await sleep(base * 2 ** attempt * (0.5 + Math.random() / 2));
      }
    }
  }

  /** On a 401: one new login (shared by concurrent callers) and one retry. */
  private async callWithLogin<S extends z.ZodType>(spec: CallSpec<S>): Promise<z.output<S>> {
    if (spec.auth === 'none') return this.send(spec, undefined);
    const token = await loginBeforeSending(spec.operation, () => this.apiToken.get());
    try {
      return await this.send(spec, token.value);
    } catch (error) {
      if (!(error instanceof GatewayUnavailableError && error.kind === 'unauthorized')) throw error;
      const fresh = await loginBeforeSending(spec.operation, () => this.apiToken.replace(token));
      return this.send(spec, fresh.value);
    }
  }

  private async send<S extends z.ZodType>(spec: CallSpec<S>, bearer: string | undefined): Promise<z.output<S>> {
    const { metrics, logger } = this.options;
    const stopTimer = metrics.upstreamDuration.startTimer({ upstream: 'gateway', operation: spec.operation });
    let outcome = 'ok';
    try {
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (spec.body !== undefined) headers['Content-Type'] = 'application/json';
      if (bearer) headers.Authorization = `Bearer ${bearer}`;
      let response: Response;
      let text: string;
      try {
        response = await this.fetchImpl(this.options.baseUrl + spec.path, {
          method: spec.method,
          headers,
          ...(spec.body !== undefined ? { body: JSON.stringify(spec.body) } : {}),
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
        outcome = timedOut ? 'timeout' : 'network';
        throw new GatewayUnavailableError(
          spec.operation,
          timedOut ? 'timeout' : 'network',
          // Refused before anything was sent: nothing executed. Anything else: it may have.
          timedOut || !refusedBeforeSending(error),
          timedOut ? `gateway ${spec.operation} timed out` : `gateway ${spec.operation} unreachable${networkCauseOf(error)}`,
        );
      }
      if (response.status === 401) {
        outcome = 'unauthorized';
        throw new GatewayUnavailableError(spec.operation, 'unauthorized', false, `gateway ${spec.operation} answered 401`, 401);
      }
      if (!response.ok) {
        outcome = response.status >= 500 ? 'http_5xx' : 'http_4xx';
        throw new GatewayUnavailableError(spec.operation, 'http', true, `gateway ${spec.operation} answered HTTP ${response.status}`, response.status);
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        outcome = 'invalid_response';
        throw new GatewayUnavailableError(spec.operation, 'invalid_response', true, `gateway ${spec.operation} answered non-JSON`);
      }
      const type = typeof json === 'object' && json !== null && 'type' in json ? String(json.type) : undefined;
      if (spec.successType !== undefined && type !== spec.successType) {
        outcome = 'gateway_error';
        const failure = gateway.gatewayFailure.safeParse(json);
        const message = failure.success ? (failure.data.message ?? failure.data.description ?? 'gateway failure') : 'gateway failure';
        throw new GatewayError(spec.operation, type ?? 'unknown', this.withoutCredentials(message), json);
      }
      const parsed = spec.response.safeParse(json);
      const failure = parsed.success ? undefined : gateway.gatewayFailure.safeParse(json);
      if (failure?.success && failure.data.message !== undefined) {
        // e.g. a login refused in the body: a failure the gateway stated, not a broken answer.
        outcome = 'gateway_error';
        throw new GatewayError(spec.operation, failure.data.type, this.withoutCredentials(failure.data.message), json);
      }
      if (!parsed.success) {
        outcome = 'invalid_response';
        logger.warn({ operation: spec.operation, issues: parsed.error.issues.map((issue) => issue.path.join('.')) }, 'gateway response failed its contract');
        throw new GatewayUnavailableError(spec.operation, 'invalid_response', true, `gateway ${spec.operation} answered an unexpected shape`);
      }
      return parsed.data;
    } catch (error) {
      if (!(error instanceof GatewayError || error instanceof GatewayUnavailableError)) outcome = 'error';
      throw error;
    } finally {
      stopTimer();
      metrics.upstreamCalls.inc({ upstream: 'gateway', operation: spec.operation, outcome });
    }
  }
}

/**
 * A login that fails happens before the operation is sent: whatever the login's own failure, the
 * operation certainly did not execute (a payment call may be tried again later). Found by the
 * reliability suite: a failed re-login used to leave the order "unknown" and unpayable.
 */
async function loginBeforeSending(operation: string, login: () => Promise<CachedToken>): Promise<CachedToken> {
  try {
    return await login();
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError) || !error.mayHaveExecuted) throw error;
    throw new GatewayUnavailableError(operation, error.kind, false, `${error.message} (before ${operation} was sent)`, error.httpStatus);
  }
}

/** The socket error's code (ECONNRESET, …) for the log line: it tells a refused connection from a dropped one. */
function networkCauseOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === 'string' ? ` (${cause.code})` : '';
}

function refusedBeforeSending(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  return cause?.code === 'ECONNREFUSED' || cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN';
}
