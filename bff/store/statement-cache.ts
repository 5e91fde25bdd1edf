// Kysely's SQLite driver prepares every query again (better-sqlite3 `prepare` parses and plans the
// SQL each time); the BFF runs the same few statements over and over, so each SQL text is prepared
// once. A statement still iterating (a streamed query) is busy and cannot be re-run: such a caller
// gets a fresh one.
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct SQL texts kept; past this (e.g. IN lists of many lengths) the cache starts over. */
const maxStatements = 500;

export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(sql);
      if (!cached) {
        if (statements.size >= maxStatements) statements.clear();
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
