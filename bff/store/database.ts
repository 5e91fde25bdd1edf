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
    const path = databaseUrl.slice('file:'.length);
    if (path !== ':memory:') return sharedSqlite(resolve(path));
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

/**
 * One connection per SQLite file in a process, shared by every store opened on it (two BFF
 * instances in one test process, a BFF and its worker in one). better-sqlite3 waits for a lock
 * synchronously: a second connection in the same process that meets a transaction held open across
 * an await blocks the event loop that transaction needs to finish, for the whole busy_timeout.
 * One connection lets Kysely queue the transactions instead. Other processes still wait on the lock.
 */
const sharedFiles = new Map<string, { opened: Promise<Store>; users: number }>();

function sharedSqlite(path: string): Promise<Store> {
  let shared = sharedFiles.get(path);
  if (!shared) {
    const opened = (async () => {
      const store = openSqlite(`file:${path}`);
      try {
        await migrateToLatest(store.db);
      } catch (error) {
        sharedFiles.delete(path);
        await store.close();
        throw error;
      }
      return store;
    })();
    shared = { opened, users: 0 };
    sharedFiles.set(path, shared);
  }
  const entry = shared;
  entry.users += 1;
  return entry.opened.then(
    (store) => {
      let closed = false;
      return {
        db: store.db,
        engine: store.engine,
        async close() {
          if (closed) return;
          closed = true;
          entry.users -= 1;
          if (entry.users > 0) return;
          sharedFiles.delete(path);
          await store.close();
        },
      };
    },
    (error: unknown) => {
      entry.users -= 1;
      throw error;
    },
  );
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
