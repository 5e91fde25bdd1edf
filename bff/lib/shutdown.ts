// How a process spends SHUTDOWN_GRACE_MS after SIGTERM: requests in flight and background passes
// stop side by side within most of it; closing the store and exiting keep the rest. A pass stops
// between pages or batches, but one may be waiting on a slow upstream: it is not waited for past
// its share, so the instance ends on time whatever a pass is doing.

/** The share of the requests and passes, and the moment the process exits closed or not. */
export function shutdownPlan(graceMs: number): { graceMs: number; exitWithinMs: number } {
  return { graceMs: graceMs - Math.min(1_000, Math.floor(graceMs / 5)), exitWithinMs: graceMs };
}

/** `work` settled, or `ms` passed (undefined: no limit), whichever comes first. */
export function settledOrAfter(work: Promise<unknown>, ms: number | undefined): Promise<void> {
  if (ms === undefined) return work.then(() => undefined);
  return new Promise((done) => {
    const timer = setTimeout(done, ms);
    void work.finally(() => {
      clearTimeout(timer);
      done();
    });
  });
}
