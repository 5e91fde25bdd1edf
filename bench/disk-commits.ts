// The disk's durable-commit rate, measured in the same run: single-row inserts into a bare
// better-sqlite3 file with the BFF's settings (WAL, synchronous=FULL), one commit each. Any
// ingest that commits once per delivery is capped near it, whatever the code around it does.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function durableCommitsPerSecond(milliseconds = 1000): number {
  const directory = mkdtempSync(join(tmpdir(), 'svc-bench-disk-'));
  const database = new Database(join(directory, 'commits.sqlite'));
  try {
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = FULL');
    database.exec('CREATE TABLE events (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)');
    const insert = database.prepare('INSERT INTO events (payload) VALUES (?)');
    const payload = 'x'.repeat(1000);
    const started = performance.now();
    let commits = 0;
    while (performance.now() - started < milliseconds) {
      insert.run(payload);
      commits++;
    }
    return commits / ((performance.now() - started) / 1000);
  } finally {
    database.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
