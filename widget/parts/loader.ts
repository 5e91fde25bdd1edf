/**
 * The retry loader every lazy part is asked through: each part once per page, a part that fails asked
 * again after an outage is waited out (waitOutOutage: probes with backoff), then kept failed for the
 * page, so no render asks the network for it again (a failed part on every render was a request
 * storm), until the shopper's "Try again" (forgetFailedParts).
 *
 * A leaf: it imports nothing, and knows no part. Each part has a facade beside this file
 * (parts/<part>.ts: its `import()` through `once`); a lazy part that needs another imports that
 * facade, never the list of them all (widget/parts/lazy-assets.ts), so the `import()`s form no ring
 * (test/contract/widget-import-cycles.spec.ts).
 */
/** A lazily loaded part did not arrive (after its retries). */
export class AssetLoadError extends Error {
  constructor(cause: unknown) {
    super(`a part of the checkout did not load: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** How long apart the parts are probed again while they are unreachable: 3 probes over 3.5 s. */
export const partRetryDelaysMs: readonly number[] = [500, 1000, 2000];

/** The timer the retries wait on; a test may put a manual clock here. */
export const retryClock = { wait: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)) };

const loads = new Map<string, Promise<unknown>>();

/** Each part is asked once per page; a failure after the retries is kept, not asked again. */
export function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  let loading = loads.get(key) as Promise<T> | undefined;
  if (!loading) {
    loading = withRetries(load).then(whenReady);
    loads.set(key, loading);
  }
  return loading;
}

/**
 * A part that has words in the page's language (localize.ts partWords) exports `partReady`: it
 * counts as here once they are too (or failed, leaving English), so it never shows in English first.
 */
function whenReady<T>(part: T): Promise<T> {
  const ready = (part as { partReady?: () => Promise<unknown> } | null)?.partReady;
  return ready ? ready().then(() => part) : Promise.resolve(part);
}

/**
 * The parts that fail together (a CDN outage, an app deployed without its chunks) wait out one
 * outage: the first to fail probes again with backoff, the others wait for it, and only once a
 * probe came through does each ask again. So an outage costs each part one request plus three
 * probes in all, however many parts and renders there are.
 */
let outage: Promise<void> | undefined;

function waitOutOutage(probe: () => Promise<unknown>): Promise<void> {
  outage ??= probeWithBackoff(probe).then(() => void (outage = undefined));
  return outage;
}

async function probeWithBackoff(probe: () => Promise<unknown>): Promise<void> {
  for (const delay of partRetryDelaysMs) {
    await retryClock.wait(delay);
    try {
      await probe();
      return;
    } catch {
      // still unreachable: the next probe, later
    }
  }
  throw new Error('the checkout\'s parts stayed unreachable');
}

async function withRetries<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const again = askAgain<T>(error) ?? load;
    await waitOutOutage(again);
    return again();
  }
}

let asks = 0;

/**
 * How to ask again for a part whose import failed. A browser keeps a failed module in its module
 * map, so the same specifier fails again without a request; the URL it names in the error (Chromium
 * and Firefox do) is asked again with a query of its own each time, until one arrives (then that
 * one is kept). The part's own imports keep their URLs, so they stay the page's single copies. A
 * bundler's loader (webpack) forgets a failed chunk by itself, and an error naming no URL leaves the
 * same import to be tried again.
 */
function askAgain<T>(error: unknown): (() => Promise<T>) | undefined {
  const failed = /(https?:\/\/[^\s'"]+?\.(?:m?js|ts))(?:\?[^\s'"]*)?(?=$|[\s'"])/.exec(error instanceof Error ? error.message : '');
  if (!failed) return undefined;
  const url = new URL(failed[1]!);
  let arrived: Promise<T> | undefined;
  return () => {
    if (arrived) return arrived;
    url.searchParams.set('retry', String((asks += 1)));
    const asking = import(/* @vite-ignore */ /* webpackIgnore: true */ url.href) as Promise<T>;
    asking.then(() => (arrived = asking), () => undefined);
    return asking;
  };
}

/** The shopper's "Try again": the parts that failed may be asked again. */
export function forgetFailedParts(): void {
  outage = undefined;
  for (const [key, loading] of loads) loading.catch(() => loads.delete(key));
}
