// A hint from the writers to this process's delivery workers that an event was written, so the
// first delivery does not wait for the next poll. The writer runs inside its transaction, so the
// hint is acted on a moment later (after the commit, usually); the poll catches any it misses.
const listeners = new Set<() => void>();
const commitMarginMs = 15;
let scheduled: NodeJS.Timeout | undefined;

export function outboxWritten(): void {
  if (scheduled || listeners.size === 0) return;
  scheduled = setTimeout(() => {
    scheduled = undefined;
    for (const listener of listeners) listener();
  }, commitMarginMs);
  scheduled.unref();
}

/** Returns the unsubscribe. */
export function onOutboxWritten(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
