// When the reconciler last consulted a card page that is out (an open attempt, or the earlier page
// still out behind a refused replacement), on the attempt itself. The walks of those pages go over
// (status, method, when the page is next due, order number), "when next due" being the last look,
// or the page's own time before any: a pass reads only the pages due now. Before, the walks read
// every page out older than the interval and skipped the ones this process had asked about lately
// (a map in memory): a pass with nothing to do still read and re-read every page out (tens of
// milliseconds with a few dozen open), and each instance asked the gateway on its own schedule.
import { sql, type Kysely, type Migration } from 'kysely';

export const pageLookWalk: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('payment_attempts').addColumn('looked_at', 'text').execute();
    // One partial index per walk, its expression and condition written as the walk writes them
    // (candidate-walks.ts pageDueAt, pageWalkRows): SQLite uses a partial index only when the query
    // repeats its condition, and only the pages themselves, a few among all attempts, are in them.
    // Method and status lead although the condition fixes them: without them SQLite (no ANALYZE)
    // prefers payment_attempts_lapsing's two equalities and reads every page out.
    for (const status of ['open', 'refused'] as const) {
      await sql`create index ${sql.raw(`payment_attempts_${status}_page_look`)} on payment_attempts (method, status, (coalesce(looked_at, updated_at)), order_number)
        where method = 'card' and status = ${sql.lit(status)}`.execute(db);
    }
  },
};
