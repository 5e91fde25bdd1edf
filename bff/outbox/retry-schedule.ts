// When a failed delivery is tried again. The default follows Svix's (5 s, 5 min, 30 min, 2 h, 5 h,
// 10 h, 10 h) and adds two days so the last attempt comes more than 3 days after the first: an
// endpoint down over a long weekend still gets the event. MERCHANT_WEBHOOK_RETRY_SCHEDULE replaces
// it; each delay gets ±20 % jitter so the retries of many events failed together spread out.
export const defaultRetrySchedule = '5s,5m,30m,2h,5h,10h,10h,24h,24h,24h';
export const retryJitter = 0.2;

const unitMs: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "5s,5m,2h" → [5000, 300000, 7200000]; throws naming the bad item. */
export function parseRetrySchedule(text: string): number[] {
  return text.split(',').map((item) => {
    const match = /^\s*(\d+)\s*(ms|s|m|h|d)\s*$/.exec(item);
    if (!match) throw new Error(`"${item.trim()}" is not a delay like 5s, 30m, 2h or 1d`);
    return Number(match[1]) * unitMs[match[2]!]!;
  });
}

/**
 * The delay before the next attempt after `failedAttempts` failures, or null when the schedule is
 * spent (the delivery is dead). `random` is injectable for tests of the bounds.
 */
export function nextRetryDelayMs(schedule: readonly number[], failedAttempts: number, random: () => number = Math.random): number | null {
  const base = schedule[failedAttempts - 1];
  if (base === undefined) return null;
  return Math.round(base * (1 - retryJitter + 2 * retryJitter * random()));
}
