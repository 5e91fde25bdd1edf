// The inbox claim reads the oldest due events: `state in ('received', 'failed') order by
// received_at limit n`. With (state, next_attempt_at) the database fetched every waiting event and
// sorted them for each claim (1.9 ms a claim with 5,000 waiting, growing with the backlog). An index
// on received_at holding waiting events only is read in order and left after n rows, and stays as
// small as the backlog however many processed events the table keeps. Queries reach it by spelling
// the states as literals (inbox.ts pendingEvent): a planner cannot match a partial index to
// parameters.
import { sql, type Kysely, type Migration } from 'kysely';

export const inboxDueIndex: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.dropIndex('events_state_next').execute();
    await db.schema.createIndex('events_due').on('events').column('received_at').where(sql<boolean>`state in ('received', 'failed')`).execute();
  },
};
