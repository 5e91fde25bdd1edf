// The one shape of everything that runs beside the requests (the inbox lanes, the delivery worker,
// the reconciler, retention): a pass, then a pause, until stopped.
//   start(delay)  the first pass after `startDelayMs` (a wake-up does not cut it short)
//   a pass        gets the job's AbortSignal, aborted by stop(): it ends between its batches or items
//   after a pass  that says it left work: the next pass after one turn of the event loop; otherwise
//                 a pause of `everyMs`, cut short by wake() (a request stored something to do)
//   stop()        resolves once the pass in hand has ended
// A pass that throws is logged and the job goes on after its pause. Passes on SQLite run on the
// request thread: `nextTurn` and `eachYielding` give requests their turn between items.
import { setImmediate as immediate } from 'node:timers/promises';

/** The pino logger's one method a job uses (lib/ imports no other room). */
export interface JobLogger {
  error(fields: object, message: string): void;
}

export interface PeriodicJobOptions {
  /** For the log line of a failed pass. */
  name: string;
  /** The pause after a pass that left nothing to do; 0 or less: the job never runs by itself (runOnce still works). */
  everyMs: number;
  /** Before the first pass (default: everyMs). */
  startDelayMs?: number;
  logger: JobLogger;
  /** One pass; `true` when it may have left work for the next one (which then follows at once). */
  pass: (signal: AbortSignal) => Promise<boolean | void>;
  /** Whether a pause keeps the process alive (a worker process has nothing else that does). */
  keepsProcessAlive?: boolean;
}

/** One turn of the event loop: whatever I/O and timers are ready run before the caller goes on. */
export function nextTurn(): Promise<void> {
  return immediate();
}

/**
 * `work` for each item in turn, with a turn of the event loop after each; stops before the next item
 * once `signal` is aborted. Returns how many items were worked on.
 */
export async function eachYielding<T>(items: Iterable<T>, signal: AbortSignal | undefined, work: (item: T) => Promise<void>): Promise<number> {
  let done = 0;
  for (const item of items) {
    if (signal?.aborted) break;
    await work(item);
    done++;
    await nextTurn();
  }
  return done;
}

export class PeriodicJob {
  private running = false;
  private loop: Promise<void> | undefined;
  private stopping = new AbortController();
  private wakeUp: (() => void) | undefined;
  private wakeRequested = false;
  private cancelPause: (() => void) | undefined;

  constructor(private readonly options: PeriodicJobOptions) {}

  /** Aborted by stop(): what a pass run outside the loop (runOnce) should watch too. */
  get signal(): AbortSignal {
    return this.stopping.signal;
  }

  get started(): boolean {
    return this.running;
  }

  start(startDelayMs = this.options.startDelayMs ?? this.options.everyMs): void {
    if (this.running || this.options.everyMs <= 0) return;
    this.running = true;
    if (this.stopping.signal.aborted) this.stopping = new AbortController();
    this.loop = this.run(startDelayMs);
  }

  /** Something to do was stored: the pause in progress ends now (a pass in progress runs again after). */
  wake(): void {
    this.wakeRequested = true;
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopping.abort();
    this.cancelPause?.();
    await this.loop;
    this.loop = undefined;
  }

  /** One pass now, outside the loop (tests, the bench); it watches the same stop signal. */
  runOnce(): Promise<boolean | void> {
    return this.options.pass(this.stopping.signal);
  }

  private async run(startDelayMs: number): Promise<void> {
    await this.pause(startDelayMs, false);
    while (this.running) {
      this.wakeRequested = false;
      let more: boolean | void = false;
      try {
        more = await this.options.pass(this.stopping.signal);
      } catch (error) {
        // The database itself failed (a restart, say): keep the job alive and try after the pause.
        this.options.logger.error({ job: this.options.name, err: error }, `${this.options.name} pass failed; the next one retries`);
      }
      if (!this.running) break;
      if (more === true || this.wakeRequested) await nextTurn();
      else await this.pause(this.options.everyMs, true);
    }
  }

  private pause(ms: number, wakeable: boolean): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        this.cancelPause = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      if (!this.options.keepsProcessAlive) timer.unref();
      this.cancelPause = done;
      if (wakeable) this.wakeUp = done;
    });
  }
}
