// Opens the store named by DATABASE_URL: SQLite (file:) embedded, or PostgreSQL (postgres://) for
// many instances (issue 8). Everything above this file speaks portable Kysely only.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema.ts';
import { migrateToLatest } from './migrate.ts';

export type Engine = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  engine: Engine;
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  /** PostgreSQL only: use (and create) this schema, e.g. one per test file. */
  schema?: string;
}

export async function openStore(databaseUrl: string, options: OpenStoreOptions = {}): Promise<Store> {
  const store = databaseUrl.startsWith('file:') ? openSqlite(databaseUrl) : await openPostgres(databaseUrl, options);
  try {
    await migrateToLatest(store.db, store.engine === 'postgres' ? options.schema : undefined);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

function openSqlite(databaseUrl: string): Store {
  const path = databaseUrl.slice('file:'.length);
  const inMemory = path === ':memory:';
  if (!inMemory) mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new SQLite(inMemory ? ':memory:' : resolve(path));
  sqlite.pragma('journal_mode = WAL');
  // FULL: a payment claim or outcome that was acknowledged survives a power cut, not just a crash.
  sqlite.pragma('synchronous = FULL');
  // Several processes (or connections) may share the file: wait for a writer instead of failing.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

async function openPostgres(databaseUrl: string, options: OpenStoreOptions): Promise<Store> {
  const schema = options.schema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`bad schema name: ${schema}`);
  if (schema) {
    const setup = new pg.Client({ connectionString: databaseUrl });
    await setup.connect();
    try {
      await setup.query(`create schema if not exists ${schema}`);
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: Number(process.env.DATABASE_POOL_MAX ?? 10),
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', close: () => db.destroy() };
}
