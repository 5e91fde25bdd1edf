// What a request that stored work wakes: this instance's inbox and delivery workers, attached once
// background-jobs.ts has built them. Until then, or in a BFF whose workers run in a worker process,
// a wake-up reaches nobody and the workers find the work by polling.
import type { EventSource } from '../../contract/merchant-events.ts';

export interface WakeableWorkers {
  inbox: { wake(source?: EventSource): void };
  deliveries: { wake(): void };
}

export class WorkerWakeUps {
  #workers: WakeableWorkers | undefined;

  attach(workers: WakeableWorkers): void {
    this.#workers = workers;
  }

  /** The inbox worker: every source's lane, or the one named. */
  inbox(source?: EventSource): void {
    this.#workers?.inbox.wake(source);
  }

  /** The merchant webhooks' delivery worker. */
  deliveries(): void {
    this.#workers?.deliveries.wake();
  }
}
