// Operators' endpoints: liveness, readiness (database and upstream), Prometheus metrics.
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { HealthResponse, ReadinessResponse } from '../../contract/operations-api.ts';
import type { Services } from '../services.ts';

export function operationsRoutes(services: Services) {
  const { store, metrics, config } = services;

  async function databaseReady(): Promise<boolean> {
    try {
      await sql`select 1`.execute(store.db);
      return true;
    } catch {
      return false;
    }
  }

  async function gatewayReachable(): Promise<boolean> {
    try {
      // Any HTTP answer means the gateway is up; only a network failure or timeout is "down".
      await fetch(config.GATEWAY_BASE_URL, { method: 'HEAD', signal: AbortSignal.timeout(2_000) });
      return true;
    } catch {
      return false;
    }
  }

  return new Hono()
    .get('/healthz', (c) => c.json({ status: 'ok' } satisfies HealthResponse))
    .get('/readyz', async (c) => {
      const [database, gateway] = await Promise.all([databaseReady(), gatewayReachable()]);
      const ready = database && gateway;
      c.header('Cache-Control', 'no-store');
      const body: ReadinessResponse = { status: ready ? 'ready' : 'not_ready', checks: { database, gateway } };
      return c.json(body, ready ? 200 : 503);
    })
    .get('/metrics', async (c) => {
      c.header('Content-Type', metrics.registry.contentType);
      return c.body(await metrics.registry.metrics());
    });
}
