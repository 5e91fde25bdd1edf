import type { OrderStatusResponse } from '../../contract/bff-api.ts';

/** What the poller needs from the page: whether the shopper can see it, and a signal when that changes. */
export type PageVisibility = Pick<Document, 'hidden' | 'addEventListener' | 'removeEventListener'>;

export interface StatusPollerOptions {
  fetchStatus: () => Promise<OrderStatusResponse>;
  /** Called with every answer; polling stops by itself once an answer is `final`. */
  onStatus: (status: OrderStatusResponse) => void;
  /** Called once when polling gives up: the error was not retryable or retries ran out. */
  onFailure: (error: unknown) => void;
  isRetryable: (error: unknown) => boolean;
  page?: PageVisibility;
  /** The first wait; each next one is 1.5 times longer, up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** Consecutive failed requests tolerated before giving up. */
  maxFailures?: number;
}

/**
 * Polls an order's status with backoff until it is final. While the page is hidden it asks
 * nothing (a background tab must not keep the BFF and the gateway busy) and asks at once when the
 * shopper comes back, because that is when they look for the answer.
 */
export class StatusPoller {
  #timer: ReturnType<typeof setTimeout> | undefined;
  #delayMs: number;
  #failures = 0;
  #running = false;
  #inFlight = false;
  readonly #page: PageVisibility;

  readonly #options: StatusPollerOptions;

  constructor(options: StatusPollerOptions) {
    this.#options = options;
    this.#page = options.page ?? document;
    this.#delayMs = options.initialDelayMs ?? 1000;
  }

  get isRunning(): boolean {
    return this.#running;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#page.addEventListener('visibilitychange', this.#onVisibilityChange);
    void this.#poll();
  }

  stop(): void {
    this.#running = false;
    clearTimeout(this.#timer);
    this.#page.removeEventListener('visibilitychange', this.#onVisibilityChange);
  }

  readonly #onVisibilityChange = () => {
    clearTimeout(this.#timer);
    if (!this.#page.hidden && this.#running && !this.#inFlight) void this.#poll();
  };

  async #poll(): Promise<void> {
    if (!this.#running || this.#page.hidden) return; // a hidden page resumes on visibilitychange
    this.#inFlight = true;
    try {
      const status = await this.#options.fetchStatus();
      if (!this.#running) return;
      this.#failures = 0;
      this.#options.onStatus(status);
      // Nothing runs any more: final, or the attempt failed and the shopper decides whether to retry.
      if (status.final || status.canRetry) return this.stop();
    } catch (error) {
      if (!this.#running) return;
      this.#failures += 1;
      if (!this.#options.isRetryable(error) || this.#failures > (this.#options.maxFailures ?? 6)) {
        this.stop();
        return this.#options.onFailure(error);
      }
    } finally {
      this.#inFlight = false;
    }
    if (!this.#running || this.#page.hidden) return;
    this.#timer = setTimeout(() => void this.#poll(), this.#delayMs);
    this.#delayMs = Math.min(this.#delayMs * 1.5, this.#options.maxDelayMs ?? 15000);
  }
}
