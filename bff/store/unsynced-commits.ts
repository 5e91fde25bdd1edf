// Commits that need not be on disk before the caller goes on. The store runs SQLite with
// synchronous=FULL: each commit fsyncs the WAL, on the event loop (better-sqlite3 is synchronous),
// so that an acknowledged webhook or payment survives a power cut. The inbox worker's commits (its
// claims, and a batch's effects with their completion) wait on nobody: if a power cut takes the
// last of them, their events are simply due again and are applied again (the handlers are
// idempotent). Under synchronous=NORMAL they skip that fsync; the next FULL commit (any
// acknowledgement) syncs the WAL with them in it, and a WAL is only ever lost from its end, so the
// database after a cut is still every commit up to some point. PostgreSQL is left as it is.
import { sql, type Kysely } from 'kysely';
import { durableSynchronous } from './database.ts';
import { isPostgres } from './migrations/engine.ts';

/**
 * Runs `work` on the one SQLite connection with the commit sync off, then back to the store's. Kysely hands
 * that connection to one caller at a time, so no other caller's commit runs in between.
 * Keep `work` to database statements: other callers wait for it.
 */
export function withoutCommitSync<DB, T>(db: Kysely<DB>, work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  if (isPostgres(db)) return work(db);
  return db.connection().execute(async (connection) => {
    await sql`PRAGMA synchronous = NORMAL`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql.raw(`PRAGMA synchronous = ${durableSynchronous}`).execute(connection);
    }
  });
}
