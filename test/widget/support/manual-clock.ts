// A manual clock for component tests: while installed, the page's setTimeout, setInterval and
// Date.now answer to it, so a test moves time past a poll, a countdown or a backoff instead of
// waiting for it. Mocha keeps its own timer references, and `eventually` (element-parts.ts) polls
// on the real timers kept here, so both go on working while the clock is installed.

type Callback = (...args: unknown[]) => void;

interface Timer {
  at: number;
  callback: Callback;
  args: unknown[];
  every?: number;
}

/** The browser's own timers, taken before any clock is installed. */
export const realTimers = {
  setTimeout: window.setTimeout.bind(window),
  clearTimeout: window.clearTimeout.bind(window),
  setInterval: window.setInterval.bind(window),
  clearInterval: window.clearInterval.bind(window),
  dateNow: Date.now.bind(Date),
};

/** One turn of the real event loop (not a timer): lets promise chains and fetch answers settle. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(undefined);
  });
}

/** The clock installed now, if any (one at a time: they replace the same globals). */
export let installedClock: ManualClock | undefined;

export class ManualClock {
  private current = realTimers.dateNow();
  private readonly timers = new Map<number, Timer>();
  private nextId = 1;

  /** Milliseconds since the epoch, as Date.now() reads them while installed. */
  get now(): number {
    return this.current;
  }

  /** Timers waiting to fire (the page's polls, countdown ticks, retries). */
  pending(): number {
    return this.timers.size;
  }

  install(): this {
    if (installedClock) throw new Error('a manual clock is already installed');
    installedClock = this;
    const schedule = (every: boolean) => (callback: TimerHandler, delay = 0, ...args: unknown[]) => {
      if (typeof callback !== 'function') throw new Error('the manual clock runs functions, not strings');
      const id = this.nextId++;
      const wait = Math.max(0, Number(delay) || 0);
      this.timers.set(id, { at: this.current + wait, callback: callback as Callback, args, ...(every ? { every: Math.max(1, wait) } : {}) });
      return id;
    };
    const cancel = (id?: number) => void (id !== undefined && this.timers.delete(id));
    Object.assign(window, { setTimeout: schedule(false), setInterval: schedule(true), clearTimeout: cancel, clearInterval: cancel });
    Date.now = () => this.current;
    return this;
  }

  uninstall(): void {
    if (installedClock !== this) return;
    this.pause();
    this.timers.clear();
  }

  /**
   * Runs `work` on the real timers, keeping the page's pending ones: for a tool that waits on timers
   * of its own (axe-core) while the page is at rest. Time does not move for the page meanwhile.
   */
  async withRealTimers<T>(work: () => Promise<T>): Promise<T> {
    this.pause();
    try {
      return await work();
    } finally {
      this.install();
    }
  }

  private pause(): void {
    installedClock = undefined;
    Object.assign(window, {
      setTimeout: realTimers.setTimeout,
      setInterval: realTimers.setInterval,
      clearTimeout: realTimers.clearTimeout,
      clearInterval: realTimers.clearInterval,
    });
    Date.now = realTimers.dateNow;
  }

  /**
   * Moves time forward by `ms`, firing every timer that falls due on the way in order; after each,
   * the page's promise chains run, so a timer scheduled by a fetch answer inside the window fires
   * too. Work that ends only after a real network trip (a lazy part's import) is awaited by the test.
   */
  async tick(ms: number): Promise<void> {
    const until = this.current + ms;
    await this.settle();
    for (let due = this.nextDue(until); due; due = this.nextDue(until)) {
      const [id, timer] = due;
      this.current = Math.max(this.current, timer.at);
      if (timer.every) timer.at += timer.every;
      else this.timers.delete(id);
      timer.callback(...timer.args);
      await this.settle();
    }
    this.current = until;
  }

  private nextDue(until: number): [number, Timer] | undefined {
    let next: [number, Timer] | undefined;
    for (const entry of this.timers) if (entry[1].at <= until && (!next || entry[1].at < next[1].at)) next = entry;
    return next;
  }

  /** Real turns of the event loop until the page stops scheduling timers (a few for a fetch answer). */
  private async settle(): Promise<void> {
    let seen = -1;
    for (let turns = 0; turns < 50 && seen !== this.nextId; turns += 1) {
      seen = this.nextId;
      await nextTask();
      await nextTask();
    }
  }
}
