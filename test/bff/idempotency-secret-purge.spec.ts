// A database from before secrets were kept out of the idempotency table: upgrading it forgets the
// stored endpoint answers that hold a secret, and keeps every other stored answer.
import Database from 'better-sqlite3';
import { expect, test } from '../support/node-test.ts';
import { Kysely, SqliteDialect } from 'kysely';
import { migrateToLatest } from '../../bff/store/migrate.ts';
import { migrateUpTo } from './fixtures/old-store.ts';

function storedAnswer(key: string, body: string) {
  const now = new Date().toISOString();
  return { scope: 'merchant', idempotency_key: key, request_hash: key, state: 'done', response_status: 201, response_body: body, created_at: now, expires_at: now };
}

test('upgrading drops stored answers that hold a webhook secret, and only those', async () => {
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
  try {
    await migrateUpTo(db, '0017-order-card');
    await db
      .insertInto('idempotency')
      .values([storedAnswer('endpoint', '{"id":"we_1","secret":"whsec_c2VjcmV0"}'), storedAnswer('capture', '{"orderNumber":"A-1","status":"captured"}')])
      .execute();

    await migrateToLatest(db);

    const kept = await db.selectFrom('idempotency').select('idempotency_key').execute();
    expect(kept.map((row) => row.idempotency_key)).toEqual(['capture']);
  } finally {
    await db.destroy();
  }
});
