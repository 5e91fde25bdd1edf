// The PostgreSQL engine: a pg Pool under Kysely, and migrations that are safe when
// several instances start at once.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from './schema.ts';
import { migrateToLatest } from './migrate.ts';
import { defaultPostgresPoolSettings, type PostgresPoolSettings } from './postgres-config.ts';

export interface OpenPostgresOptions {
  /** Use (and create) this schema instead of the connection's default, e.g. one per test. */
  schema?: string;
  pool?: PostgresPoolSettings;
  /**
   * An idle pooled connection failed (the server restarted, a proxy cut it). pg emits this on the
   * pool, and an unheard 'error' event would end the process; the pool itself replaces the client.
   */
  onPoolError?: (error: Error) => void;
}

const schemaName = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * The key of the advisory lock held while this store's schema is created and migrated: from the
 * schema name, so stores in different schemas of one database do not wait for each other.
 * A signed 64-bit integer (pg_advisory_lock's bigint), as a decimal string.
 */
export function migrationLockKey(schema = 'public'): string {
  return createHash('sha256').update(`svc-checkout:migrations:${schema}`).digest().readBigInt64BE(0).toString();
}

export async function openPostgres(databaseUrl: string, options: OpenPostgresOptions = {}): Promise<Kysely<Database>> {
  const { schema } = options;
  if (schema !== undefined && !schemaName.test(schema)) throw new Error(`bad schema name: ${schema}`);
  const settings = options.pool ?? defaultPostgresPoolSettings;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: settings.maxConnections,
    idleTimeoutMillis: settings.idleTimeoutMs,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    application_name: 'svc-checkout-bff',
    ...(settings.statementTimeoutMs > 0 ? { statement_timeout: settings.statementTimeoutMs } : {}),
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const onError = options.onPoolError ?? (() => undefined);
  pool.on('error', onError);
  // pg-pool listens for errors on idle clients only. A client checked out between two statements
  // (a transaction, a worker's pass) whose server goes away emits 'error' with no listener, and
  // that ends the process; with this one the next statement on it fails instead, and is handled.
  pool.on('connect', (client) => client.on('error', (error) => onError(error)));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await withMigrationLock(databaseUrl, schema, settings, async () => {
      // Inside the lock: CREATE SCHEMA IF NOT EXISTS can still fail on a unique index when two
      // sessions run it at the same moment.
      if (schema) await db.schema.createSchema(schema).ifNotExists().execute();
      await migrateToLatest(db, schema);
    });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/**
 * Runs `body` while holding this schema's migration lock, on a connection of its own (a
 * session-level lock must stay on one connection; the pool hands out others). When several
 * instances start at once, one migrates and the others wait, then find nothing left to do.
 * A process that dies while holding it loses its connection, and the lock with it.
 */
async function withMigrationLock<T>(databaseUrl: string, schema: string | undefined, settings: PostgresPoolSettings, body: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: settings.connectTimeoutMs, application_name: 'svc-checkout-migrations' });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const key = migrationLockKey(schema);
    await client.query('select pg_advisory_lock($1::bigint)', [key]);
    try {
      return await body();
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [key]);
    }
  } finally {
    await client.end();
  }
}
