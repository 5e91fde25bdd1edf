import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { migrations } from './migrations/index.ts';

/**
 * Runs every pending migration. On PostgreSQL the caller holds the store's migration lock
 * (postgres.ts), so concurrent starts are safe; SQLite serializes its writers by itself.
 * `schema`: PostgreSQL only, the schema the store lives in. Kysely otherwise finds its migration
 * tables in ANY schema and would skip ours when another schema already has them.
 */
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<void> {
  if (await nothingPending(db, schema)) return;
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

/**
 * Whether the migration table lists exactly this build's migrations: then the Migrator would find
 * nothing to do. Most starts are on a migrated database, and before deciding that the Migrator
 * lists every column of every table in the database twice (its introspection; on PostgreSQL a
 * catalog-wide query that looks up each column's sequence), which was most of what a BFF start asked
 * of the server. Any other answer (no table yet, a migration pending, a name this build does not
 * know) goes to the Migrator, which decides under its lock as before. Migrations are never undone
 * here, so a database found complete stays complete.
 */
async function nothingPending(db: Kysely<any>, schema: string | undefined): Promise<boolean> {
  const table = schema ? sql.table(`${schema}.kysely_migration`) : sql.table('kysely_migration');
  const applied = await sql<{ name: string }>`select name from ${table}`.execute(db).then(
    ({ rows }) => rows.map((row) => row.name),
    () => undefined, // no migration table yet
  );
  if (!applied) return false;
  const names = Object.keys(migrations);
  const known = new Set(names);
  return applied.length === names.length && applied.every((name) => known.has(name));
}
