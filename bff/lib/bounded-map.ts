// A Map that cannot grow without end: at most `maxSize` entries (the oldest set goes first), each
// optionally forgotten `ttlMs` after it was set. For the caches and per-key tables of a process that
// any caller can fill (tokens, client addresses, SQL texts).
// Expired entries are dropped, not just hidden: a set drops those at the old end, and every map with a
// TTL is swept now and then by one shared timer, so the memory a burst filled comes back once it is
// over, even if nobody reads those keys again (a burst of 8,000 checkouts had held ~80 MB for good).

export interface BoundedMapOptions {
  maxSize: number;
  /** Entries older than this (ms since set) read as absent. */
  ttlMs?: number;
  /** Milliseconds now (default Date.now); tests and the rate limit pass their clock's. */
  now?: () => number;
}

interface Entry<V> {
  value: V;
  /** Infinity without a TTL. */
  expiresAt: number;
}

export class BoundedMap<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly maxSize: number;
  private readonly ttlMs: number | undefined;
  private readonly now: () => number;

  constructor(options: BoundedMapOptions) {
    if (!Number.isInteger(options.maxSize) || options.maxSize < 1) throw new RangeError(`maxSize must be a positive integer, got ${options.maxSize}`);
    this.maxSize = options.maxSize;
    this.ttlMs = options.ttlMs;
    this.now = options.now ?? Date.now;
    if (this.ttlMs !== undefined) sweptNowAndThen(this);
  }

  /**
   * Drops the expired entries. With one TTL for all, the order of setting is the order of expiry, so
   * they are the oldest ones: the walk stops at the first live entry.
   */
  sweep(): void {
    if (this.ttlMs === undefined) return;
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (now < entry.expiresAt) return;
      this.entries.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (this.ttlMs !== undefined && this.now() >= entry.expiresAt) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  has(key: K): boolean {
    return this.get(key) !== undefined || this.entries.has(key);
  }

  /** Sets `key` as the newest entry; past maxSize the oldest ones go. */
  set(key: K, value: V): this {
    this.sweep();
    this.entries.delete(key);
    while (this.entries.size >= this.maxSize) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { value, expiresAt: this.ttlMs === undefined ? Infinity : this.now() + this.ttlMs });
    return this;
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** How often the maps with a TTL are swept when nothing sets them (a quiet process after a burst). */
const sweepEveryMs = 10_000;
const sweptMaps = new Set<WeakRef<BoundedMap<unknown, unknown>>>();
let sweeper: NodeJS.Timeout | undefined;

/** Held weakly: a map nobody uses any more (an app a test closed) is collected, and leaves the set. */
function sweptNowAndThen(map: BoundedMap<any, any>): void {
  sweptMaps.add(new WeakRef(map));
  sweeper ??= setInterval(() => {
    for (const reference of sweptMaps) {
      const live = reference.deref();
      if (live) live.sweep();
      else sweptMaps.delete(reference);
    }
  }, sweepEveryMs).unref();
}
