import { Migrator, type Kysely, type Migration } from 'kysely';
import { migrations } from './migrations/index.ts';

/**
 * Runs every pending migration. On PostgreSQL the caller holds the store's migration lock
 * (postgres.ts), so concurrent starts are safe; SQLite serializes its writers by itself.
 * `schema`: PostgreSQL only, the schema the store lives in. Kysely otherwise finds its migration
 * tables in ANY schema and would skip ours when another schema already has them.
 */
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    ...(schema ? { migrationTableSchema: schema } : {}),
    provider: { getMigrations: async (): Promise<Record<string, Migration>> => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`database migration ${failed} failed: ${(error as Error).message ?? String(error)}`);
  }
}
