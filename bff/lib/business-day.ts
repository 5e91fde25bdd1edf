// Merchant date filters given as a bare day (`2026-11-26`) mean that day in the business time zone
// (BUSINESS_TIME_ZONE, Costa Rica's by default), not the UTC day: a shop in San José asking for
// "today's orders" expects its own midnight to midnight. Pure: the zone comes in as a parameter.

/** True when `name` is a time zone this runtime knows (an IANA name such as America/Costa_Rica). */
export function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const bareDay = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isBareDay(text: string): boolean {
  return bareDay.test(text);
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms (negative west of Greenwich). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  const wall = Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'), field('second'));
  return wall - (instant - (instant % 1000));
}

/** The instant the day `YYYY-MM-DD` starts in `timeZone`; undefined for a day that does not exist. */
export function startOfDayIn(day: string, timeZone: string): Date | undefined {
  const match = bareDay.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const midnightUtc = Date.UTC(year, month - 1, date);
  const check = new Date(midnightUtc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return undefined;
  // The offset at UTC midnight, then again at the guess: a zone that changes its offset that day
  // (daylight saving) is right after the second look.
  const guess = midnightUtc - zoneOffsetMs(midnightUtc, timeZone);
  return new Date(midnightUtc - zoneOffsetMs(guess, timeZone));
}

/** The instant the day after `YYYY-MM-DD` starts in `timeZone`: the exclusive end of that day. */
export function endOfDayIn(day: string, timeZone: string): Date | undefined {
  const start = startOfDayIn(day, timeZone);
  if (!start) return undefined;
  const next = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)) + 1));
  return startOfDayIn(next.toISOString().slice(0, 10), timeZone);
}

/**
 * A merchant filter bound as an instant: a bare day is its start (`from`) or the start of the next
 * day (`to`, exclusive) in the business zone; a date-time is itself.
 */
export function filterBound(text: string, edge: 'from' | 'to', timeZone: string): Date | undefined {
  if (isBareDay(text)) return edge === 'from' ? startOfDayIn(text, timeZone) : endOfDayIn(text, timeZone);
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The query with its bare-day bounds replaced by the instants they mean, so the SQL compares instants only. */
export function withBusinessDayBounds<Q extends { createdFrom?: string | undefined; createdTo?: string | undefined }>(query: Q, timeZone: string): Q {
  const from = query.createdFrom === undefined ? undefined : filterBound(query.createdFrom, 'from', timeZone);
  const to = query.createdTo === undefined ? undefined : filterBound(query.createdTo, 'to', timeZone);
  return { ...query, ...(from && { createdFrom: from.toISOString() }), ...(to && { createdTo: to.toISOString() }) };
}

/** The business day and wall-clock time of `instant` in `timeZone`: `{date: "2026-11-26", time: "14:05:09"}`. */
export function wallClockIn(instant: Date, timeZone: string): { date: string; time: string } {
  const local = new Date(instant.getTime() + zoneOffsetMs(instant.getTime(), timeZone));
  const iso = local.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}
