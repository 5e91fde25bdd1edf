// Group commit for the inbox. A delivery is acknowledged only after its row is durably committed,
// and on SQLite (synchronous=FULL) each commit is an fsync that holds the event loop: one commit
// per delivery capped ingest at the disk's commits per second. Deliveries that arrive while a
// commit is being made wait for the next one, which stores them all in one transaction: the same
// durability, one fsync per batch. A batch that fails as a whole is retried one delivery at a time,
// so one bad row cannot fail its neighbours.
import { enqueueEvent, enqueueEvents, type EnqueueOutcome, type NewInboxEvent } from './inbox.ts';
import type { WebhookDb } from '../../store/webhook-tables.ts';

interface Waiting {
  event: NewInboxEvent;
  resolve(outcome: EnqueueOutcome): void;
  reject(error: unknown): void;
}

export class InboxWriter {
  private waiting: Waiting[] = [];
  private committing = false;

  constructor(
    private readonly db: WebhookDb,
    /** Called once per batch that stored something new (wakes the worker). */
    private readonly onStored: () => void,
    /** Deliveries per transaction at most. */
    private readonly maxBatch = 200,
  ) {}

  /** Resolves once the event is committed ('stored') or found already there ('duplicate'). */
  enqueue(event: NewInboxEvent): Promise<EnqueueOutcome> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ event, resolve, reject });
      // After the I/O callbacks of this turn of the loop: every request already read joins the batch.
      if (!this.committing) {
        this.committing = true;
        setImmediate(() => void this.commitWaiting());
      }
    });
  }

  private async commitWaiting(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, this.maxBatch);
        const outcomes = await this.commitBatch(batch);
        if (outcomes.includes('stored')) this.onStored();
      }
    } finally {
      // Whatever happened, the next delivery starts a new round instead of waiting for ever.
      this.committing = false;
    }
  }

  private async commitBatch(batch: Waiting[]): Promise<Array<EnqueueOutcome | undefined>> {
    try {
      const outcomes = await this.db.transaction().execute((trx) => enqueueEvents(trx, batch.map(({ event }) => event)));
      batch.forEach((waiting, index) => waiting.resolve(outcomes[index]!));
      return outcomes;
    } catch (batchError) {
      if (batch.length === 1) {
        batch[0]!.reject(batchError);
        return [undefined];
      }
      const outcomes: Array<EnqueueOutcome | undefined> = [];
      for (const waiting of batch) {
        try {
          const outcome = await enqueueEvent(this.db, waiting.event);
          waiting.resolve(outcome);
          outcomes.push(outcome);
        } catch (error) {
          waiting.reject(error);
          outcomes.push(undefined);
        }
      }
      return outcomes;
    }
  }
}
