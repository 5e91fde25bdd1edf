// Unreadable bank events (bff/intake/inbox/unreadable-events.ts) are read again when a worker starts and
// when the merchant asks; they are few, the events table is large (processed events are kept for
// EVENT_RETENTION_MS). An index holding only them keeps that walk as small as they are. Queries
// reach it by spelling the state as a literal (unreadable-events.ts unreadableEvent), as for events_due (0011).
import { sql, type Kysely, type Migration } from 'kysely';

export const unreadableEventsIndex: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('events_unreadable').on('events').column('id').where(sql<boolean>`state = 'unreadable'`).execute();
  },
};
