// When a parked order (review, or expired after an attempt that may have reached the gateway) is
// consulted again: at fixed ages since it was parked (1 min, 5 min, 30 min, 2 h, 6 h by default),
// then every `thenEveryMs` (a day) until the parked window ends. The cost upstream follows the
// order's age, not the reconciler's tick: an abandoned page costs a handful of consults over its
// parked life instead of one a minute. Pure: the reconciler stores the next due time on the order.

export interface ParkedConsultSchedule {
  /** Ages since parking (ms), increasing, at which the first consults fall. */
  agesMs: readonly number[];
  /** After the last age, one consult per this many ms. */
  thenEveryMs: number;
  /** No consult after this age: the order stays parked for good. */
  parkedForMs: number;
}

/** The age of the next consult strictly after `ageMs`, or undefined when none is left in the window. */
export function nextParkedConsultAge(schedule: ParkedConsultSchedule, ageMs: number): number | undefined {
  let next = schedule.agesMs.find((age) => age > ageMs);
  if (next === undefined) {
    const last = schedule.agesMs.at(-1) ?? 0;
    next = last + (Math.floor((ageMs - last) / schedule.thenEveryMs) + 1) * schedule.thenEveryMs;
  }
  return next <= schedule.parkedForMs ? next : undefined;
}

export interface ParkedLook {
  /** Ask the gateway now. */
  consult: boolean;
  /** When to look again (ms since the epoch), or undefined: never, the window is over. */
  nextAtMs: number | undefined;
}

/**
 * What the reconciler does with a parked order it found due. `scheduledAtMs` is the due time it
 * read: the parking time itself on the first look (nothing scheduled yet), else a consult time this
 * schedule set. A consult is owed when a scheduled time has come (on a first look: when the order is
 * already past the first age, e.g. after the reconciler was down); missed times are not made up.
 */
export function parkedLook(schedule: ParkedConsultSchedule, { parkedAtMs, scheduledAtMs, nowMs }: { parkedAtMs: number; scheduledAtMs: number; nowMs: number }): ParkedLook {
  const ageMs = nowMs - parkedAtMs;
  const firstLook = scheduledAtMs <= parkedAtMs;
  const inWindow = ageMs <= schedule.parkedForMs;
  const firstAge = nextParkedConsultAge(schedule, -1);
  const due = firstLook ? firstAge !== undefined && ageMs >= firstAge : scheduledAtMs <= nowMs;
  const consult = inWindow && due;
  const nextAge = nextParkedConsultAge(schedule, ageMs);
  return { consult, nextAtMs: nextAge === undefined ? undefined : parkedAtMs + nextAge };
}

const unitMs = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** "1m,5m,30m,2h,6h" → increasing ms; anything else → the problem, for the config error. */
export function parseDurationList(text: string): { agesMs: number[] } | { problem: string } {
  const agesMs: number[] = [];
  for (const part of text.split(',').map((item) => item.trim())) {
    const match = /^(\d+)(ms|s|m|h|d)$/.exec(part);
    if (!match) return { problem: `"${part}" is not a duration like 90s, 5m, 2h or 1d` };
    const ms = Number(match[1]) * unitMs[match[2] as keyof typeof unitMs];
    if (ms <= 0) return { problem: `"${part}" must be more than zero` };
    if (agesMs.length > 0 && ms <= agesMs.at(-1)!) return { problem: `"${part}" must be later than the age before it` };
    agesMs.push(ms);
  }
  return { agesMs };
}
