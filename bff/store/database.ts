// Opens the store named by DATABASE_URL: SQLite (file:) embedded, or PostgreSQL (postgres://) for
// many instances. Everything above this file speaks portable Kysely only.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema.ts';
import { migrateToLatest } from './migrate.ts';
import { openPostgres, type OpenPostgresOptions } from './postgres.ts';
import { withStatementCache } from './statement-cache.ts';

export type Engine = 'sqlite' | 'postgres';

/** FULL: a payment claim or outcome that was acknowledged survives a power cut, not just a crash. */
export const durableSynchronous = 'FULL';

export interface Store {
  db: Kysely<Database>;
  engine: Engine;
  close(): Promise<void>;
}

/** Options that only PostgreSQL reads (schema, pool settings, pool error listener). */
export type OpenStoreOptions = OpenPostgresOptions;

/** Opens the store and brings its tables to the latest migration. */
export async function openStore(databaseUrl: string, options: OpenStoreOptions = {}): Promise<Store> {
  if (databaseUrl.startsWith('file:')) {
    const store = openSqlite(databaseUrl);
    try {
      await migrateToLatest(store.db);
    } catch (error) {
      await store.close();
      throw error;
    }
    return store;
  }
  const db = await openPostgres(databaseUrl, options);
  return { db, engine: 'postgres', close: () => db.destroy() };
}

function openSqlite(databaseUrl: string): Store {
  const path = databaseUrl.slice('file:'.length);
  const inMemory = path === ':memory:';
  if (!inMemory) mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new SQLite(inMemory ? ':memory:' : resolve(path));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${durableSynchronous}`);
  // Several processes (or connections) may share the file: wait for a writer instead of failing.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}
