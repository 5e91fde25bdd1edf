// The parked-consult schedule as a table: when a parked order is next consulted, by its age alone.
import { expect, test } from '../support/node-test.ts';
import { nextParkedConsultAge, parkedLook, parseDurationList, type ParkedConsultSchedule } from '../../bff/reconciler/parked-consult-schedule.ts';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const schedule: ParkedConsultSchedule = { agesMs: [1 * minute, 5 * minute, 30 * minute, 2 * hour, 6 * hour], thenEveryMs: day, parkedForMs: 3 * day };

test('the next consult after each age: the fixed ages, then daily, then none once the window is over', () => {
  const table: [number, number | undefined][] = [
    [0, 1 * minute],
    [1 * minute - 1, 1 * minute],
    [1 * minute, 5 * minute],
    [29 * minute, 30 * minute],
    [2 * hour, 6 * hour],
    [6 * hour, 6 * hour + day],
    [6 * hour + day - 1, 6 * hour + day],
    [6 * hour + day, 6 * hour + 2 * day],
    [6 * hour + 2 * day, undefined], // 6 h + 3 days is past the 3-day window
    [3 * day, undefined],
  ];
  for (const [age, next] of table) expect(nextParkedConsultAge(schedule, age), `after ${age} ms`).toBe(next);
});

test('a whole parked window holds a handful of consults, whatever the reconciler tick', () => {
  const ages: number[] = [];
  for (let age = nextParkedConsultAge(schedule, -1); age !== undefined; age = nextParkedConsultAge(schedule, age)) ages.push(age);
  expect(ages).toEqual([1 * minute, 5 * minute, 30 * minute, 2 * hour, 6 * hour, 6 * hour + day, 6 * hour + 2 * day]);
  expect(nextParkedConsultAge({ ...schedule, parkedForMs: 0 }, -1)).toBeUndefined();
});

test('a look at a due parked order: consult when a scheduled time has come, and when to look again', () => {
  const parkedAtMs = Date.parse('2026-01-01T00:00:00Z');
  const at = (ms: number) => parkedAtMs + ms;
  const table: [string, { scheduledAtMs: number; nowMs: number }, { consult: boolean; nextAtMs: number | undefined }][] = [
    ['just parked: nothing yet, first look at 1 min', { scheduledAtMs: parkedAtMs, nowMs: at(10_000) }, { consult: false, nextAtMs: at(1 * minute) }],
    ['just parked, looked at late (reconciler was down): consult now', { scheduledAtMs: parkedAtMs, nowMs: at(40 * minute) }, { consult: true, nextAtMs: at(2 * hour) }],
    ['its 5-min consult has come', { scheduledAtMs: at(5 * minute), nowMs: at(5 * minute + 3_000) }, { consult: true, nextAtMs: at(30 * minute) }],
    ['missed times are not made up', { scheduledAtMs: at(5 * minute), nowMs: at(7 * hour) }, { consult: true, nextAtMs: at(6 * hour + day) }],
    ['the last daily consult: none after it', { scheduledAtMs: at(6 * hour + 2 * day), nowMs: at(6 * hour + 2 * day) }, { consult: true, nextAtMs: undefined }],
    ['found after the window ended: no consult, off the schedule', { scheduledAtMs: at(6 * hour + 2 * day), nowMs: at(3 * day + 1) }, { consult: false, nextAtMs: undefined }],
  ];
  for (const [name, when, expected] of table) expect(parkedLook(schedule, { parkedAtMs, ...when }), name).toEqual(expected);
});

test('the ages setting: units, increasing, each named in the problem', () => {
  expect(parseDurationList('1m,5m,30m,2h,6h')).toEqual({ agesMs: [minute, 5 * minute, 30 * minute, 2 * hour, 6 * hour] });
  expect(parseDurationList('500ms, 90s, 1d')).toEqual({ agesMs: [500, 90_000, day] });
  expect(parseDurationList('5m,1m')).toEqual({ problem: '"1m" must be later than the age before it' });
  expect(parseDurationList('5 minutes')).toEqual({ problem: '"5 minutes" is not a duration like 90s, 5m, 2h or 1d' });
  expect(parseDurationList('0s')).toEqual({ problem: '"0s" must be more than zero' });
});
