// PostgreSQL pool settings, spread into bff/config.ts's schema so they are parsed once at
// start with everything else. Only read when DATABASE_URL is a postgres:// URL; each has a default.
import { z } from 'zod';

const positiveInt = z.coerce.number().int().positive();
const nonNegativeInt = z.coerce.number().int().min(0);

export const postgresConfigShape = {
  /** Connections per BFF instance. N instances open up to N × this: keep it under max_connections. */
  PG_POOL_MAX: positiveInt.default(10),
  /** An idle pooled connection is closed after this many ms. */
  PG_IDLE_TIMEOUT_MS: nonNegativeInt.default(10_000),
  /** Giving up on a new connection after this many ms (so /readyz answers 503 instead of hanging). */
  PG_CONNECT_TIMEOUT_MS: positiveInt.default(5_000),
  /** Server-side cap on one statement, in ms; 0 leaves the server's own setting. */
  PG_STATEMENT_TIMEOUT_MS: nonNegativeInt.default(0),
};

export interface PostgresPoolSettings {
  maxConnections: number;
  idleTimeoutMs: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
}

/** The pool settings out of the parsed configuration. */
export function postgresPoolSettings(config: {
  PG_POOL_MAX: number;
  PG_IDLE_TIMEOUT_MS: number;
  PG_CONNECT_TIMEOUT_MS: number;
  PG_STATEMENT_TIMEOUT_MS: number;
}): PostgresPoolSettings {
  return {
    maxConnections: config.PG_POOL_MAX,
    idleTimeoutMs: config.PG_IDLE_TIMEOUT_MS,
    connectTimeoutMs: config.PG_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.PG_STATEMENT_TIMEOUT_MS,
  };
}

/** The settings with nothing set (tests and tools that open a store without a Config). */
export const defaultPostgresPoolSettings: PostgresPoolSettings = postgresPoolSettings(z.object(postgresConfigShape).parse({}));
