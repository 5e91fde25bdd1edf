// Kysely's SQLite driver prepares every query again (better-sqlite3 `prepare` parses and plans the
// SQL each time); the BFF runs the same few statements over and over, so each SQL text is prepared
// once. A statement still iterating (a streamed query) is busy and cannot be re-run: such a caller
// gets a fresh one.
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { BoundedMap } from '../lib/bounded-map.ts';

/** Distinct SQL texts kept; past this (e.g. IN lists of many lengths) the oldest prepared goes. */
const maxStatements = 500;

export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new BoundedMap<string, SQLite.Statement>({ maxSize: maxStatements });
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(sql);
      if (!cached) statements.set(sql, statement);
      return statement;
    },
  };
}
