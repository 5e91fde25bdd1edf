// The hottest statements compiled once per engine instead of on every call: Kysely builds and
// compiles a query tree each time (a status read or an inbox insert spent about as long there as
// in the database). The SQL of a query that only differs by its values is the same text; each call
// runs it with its own parameters, in the order the query was built with. Keyed by engine only: a
// PostgreSQL schema comes from the connection's search_path, never from the SQL text (a Kysely
// plugin that rewrote queries per database would need the database in the key).
import type { CompiledQuery, Kysely } from 'kysely';
import { isPostgres } from './migrations/engine.ts';

const compiled = new Map<string, CompiledQuery>();

/**
 * Runs the query `name` with `parameters`; `build` makes it (with any values of the right shape)
 * the first time on each engine. Transactions share their engine's compiled text.
 */
export async function executeCompiledOnce<Row>(
  db: Kysely<any>,
  name: string,
  build: () => { compile(): CompiledQuery<Row> },
  parameters: readonly unknown[],
): Promise<{ rows: Row[]; numAffectedRows?: bigint }> {
  return db.executeQuery<Row>(withParameters(compiledOnce(db, name, build, parameters.length), parameters));
}

/** The query `name` compiled once per engine (see executeCompiledOnce), to run with parameter lists of `parameterCount`. */
export function compiledOnce<Row>(db: Kysely<any>, name: string, build: () => { compile(): CompiledQuery<Row> }, parameterCount: number): CompiledQuery<Row> {
  const key = `${isPostgres(db) ? 'postgres' : 'sqlite'}:${name}`;
  let query = compiled.get(key) as CompiledQuery<Row> | undefined;
  if (!query) {
    query = build().compile();
    if (query.parameters.length !== parameterCount) throw new Error(`${name}: compiled with ${query.parameters.length} parameters, called with ${parameterCount}`);
    compiled.set(key, query);
  }
  return query;
}

/** A compiled query run with these values (in the order it was built with). */
export const withParameters = <Row>(query: CompiledQuery<Row>, parameters: readonly unknown[]): CompiledQuery<Row> => ({ ...query, parameters });
