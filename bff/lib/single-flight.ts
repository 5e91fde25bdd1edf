// One piece of work per key at a time, shared: callers that ask for a key while its work runs get
// the same promise (one gateway login, one consult per order), and the next call after it settles
// starts anew. Failures are shared too and not remembered.

export class SingleFlight<K, V> {
  private readonly running = new Map<K, Promise<V>>();

  /** How many keys have work running now. */
  get size(): number {
    return this.running.size;
  }

  isRunning(key: K): boolean {
    return this.running.has(key);
  }

  /** The work of `key` running now, if any (to wait it out before starting fresh work). */
  current(key: K): Promise<V> | undefined {
    return this.running.get(key);
  }

  /** The running work of `key`, or `work()` started now and shared until it settles. */
  run(key: K, work: () => Promise<V>): Promise<V> {
    const running = this.running.get(key);
    if (running) return running;
    let started: Promise<V>;
    try {
      started = work();
    } catch (error) {
      started = Promise.reject(error);
    }
    const shared = started.finally(() => {
      if (this.running.get(key) === shared) this.running.delete(key);
    });
    this.running.set(key, shared);
    return shared;
  }
}

/** A SingleFlight for callers that only need `run` (key, work) → shared promise. */
export function singleFlight<K, V>(): (key: K, work: () => Promise<V>) => Promise<V> {
  const flights = new SingleFlight<K, V>();
  return (key, work) => flights.run(key, work);
}
