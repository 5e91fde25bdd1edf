// Operators' endpoints: liveness, readiness (database and upstream), Prometheus metrics.
// /metrics tells business volumes, so it is never public: on the API port it needs
// `Authorization: Bearer <METRICS_TOKEN>` (and is a 404 without METRICS_TOKEN set); on OPS_PORT,
// a listener operators keep private, it is served to anyone who can reach it, or with the token
// when one is set. /readyz checks the gateway at most once per READYZ_GATEWAY_EVERY_MS, so asking it
// in a loop costs the gateway nothing more.
import { Hono, type MiddlewareHandler } from 'hono';
import { sql } from 'kysely';
import type { HealthResponse, ReadinessResponse } from '../../contract/operations-api.ts';
import { problemTypes } from '../../contract/bff-api.ts';
import { bearerToken, sameSecret } from '../http/auth/bearer.ts';
import { notFoundProblem, ProblemException } from '../http/problem.ts';
import type { Services } from '../services.ts';
import { describeRoute } from '../http/openapi/route-doc.ts';
import { checkoutDocs } from '../http/openapi/checkout-openapi.ts';

/** Where these routes are served: the public API listener, or the operators' own (OPS_PORT). */
type OperationsListener = 'api' | 'ops';

/** Runs `check` at most once per `everyMs`; callers in between (or during it) share its answer. */
export function throttledCheck(check: () => Promise<boolean>, everyMs: number, now: () => number = Date.now): () => Promise<boolean> {
  let last: { at: number; answer: Promise<boolean> } | undefined;
  return () => {
    const at = now();
    if (!last || at - last.at >= everyMs) last = { at, answer: check() };
    return last.answer;
  };
}

function metricsAccess(token: string | undefined, listener: OperationsListener): MiddlewareHandler {
  return async (c, next) => {
    if (token === undefined) {
      if (listener === 'api') return notFoundProblem(c);
      return next();
    }
    if (!sameSecret(bearerToken(c), token)) {
      throw new ProblemException(401, {
        type: problemTypes.unauthorized,
        title: 'Unauthorized',
        detail: 'A valid metrics token is required.',
        headers: { 'WWW-Authenticate': 'Bearer realm="svc-checkout-metrics"' },
      });
    }
    return next();
  };
}

export type OperationsRoutesDeps = Pick<Services, 'store' | 'metrics' | 'config' | 'clock'>;

/** On the public API listener: /metrics only with METRICS_TOKEN. */
export function operationsRoutes(services: OperationsRoutesDeps) {
  return operations(services, 'api');
}

/** On the operators' own listener (OPS_PORT, the worker's): /metrics to anyone who reaches it, unless a token is set. */
export function opsListenerRoutes(services: OperationsRoutesDeps) {
  return operations(services, 'ops');
}

function operations(services: OperationsRoutesDeps, listener: OperationsListener) {
  const { store, metrics, config, clock } = services;

  async function databaseReady(): Promise<boolean> {
    try {
      await sql`select 1`.execute(store.db);
      return true;
    } catch {
      return false;
    }
  }

  const gatewayReachable = throttledCheck(
    async () => {
      try {
        // Any HTTP answer means the gateway is up; only a network failure or timeout is "down".
        await fetch(config.GATEWAY_BASE_URL, { method: 'HEAD', signal: AbortSignal.timeout(2_000) });
        return true;
      } catch {
        return false;
      }
    },
    config.READYZ_GATEWAY_EVERY_MS,
    () => clock.now().getTime(),
  );

  return new Hono()
    .get('/healthz', describeRoute(checkoutDocs.healthz), (c) => c.json({ status: 'ok' } satisfies HealthResponse))
    .get('/readyz', describeRoute(checkoutDocs.readyz), async (c) => {
      const [database, gateway] = await Promise.all([databaseReady(), gatewayReachable()]);
      const ready = database && gateway;
      c.header('Cache-Control', 'no-store');
      const body: ReadinessResponse = { status: ready ? 'ready' : 'not_ready', checks: { database, gateway } };
      return c.json(body, ready ? 200 : 503);
    })
    .get('/metrics', describeRoute(checkoutDocs.metrics), metricsAccess(config.METRICS_TOKEN, listener), async (c) => {
      c.header('Content-Type', metrics.registry.contentType);
      c.header('Cache-Control', 'no-store');
      return c.body(await metrics.registry.metrics());
    });
}
