// BoundedMap and SingleFlight (bff/lib): the bounded caches and shared in-flight work of the BFF.
import { expect, test } from '../support/node-test.ts';
import { BoundedMap } from '../../bff/lib/bounded-map.ts';
import { SingleFlight, singleFlight } from '../../bff/lib/single-flight.ts';

test.describe('BoundedMap', () => {
  test('past maxSize the oldest set entry goes; setting a key again makes it the newest', () => {
    const map = new BoundedMap<string, number>({ maxSize: 3 });
    map.set('a', 1).set('b', 2).set('c', 3);
    map.set('a', 10);
    map.set('d', 4);
    expect(map.size).toBe(3);
    expect(map.get('b')).toBeUndefined();
    expect([map.get('a'), map.get('c'), map.get('d')]).toEqual([10, 3, 4]);
  });

  test('an entry older than ttlMs reads as absent and is dropped', () => {
    let now = 1_000;
    const map = new BoundedMap<string, string>({ maxSize: 10, ttlMs: 500, now: () => now });
    map.set('k', 'v');
    now += 499;
    expect(map.get('k')).toBe('v');
    expect(map.has('k')).toBe(true);
    now += 1;
    expect(map.get('k')).toBeUndefined();
    expect(map.has('k')).toBe(false);
    expect(map.size).toBe(0);
  });

  test('expired entries leave memory without being read: a set drops them, and so does a sweep', () => {
    let now = 0;
    const map = new BoundedMap<string, number>({ maxSize: 100, ttlMs: 1_000, now: () => now });
    for (let key = 0; key < 50; key += 1) map.set(`old-${key}`, key);
    now += 500;
    map.set('younger', 1);
    now += 500;
    // The 50 old ones have expired; nobody asks for them again.
    map.set('new', 2);
    expect(map.size).toBe(2);
    now += 500;
    map.sweep();
    expect(map.size).toBe(1);
    expect(map.get('new')).toBe(2);
  });

  test('a thousand distinct keys never hold more than maxSize entries', () => {
    const map = new BoundedMap<number, number>({ maxSize: 16 });
    for (let key = 0; key < 1000; key += 1) map.set(key, key);
    expect(map.size).toBe(16);
    expect(map.get(999)).toBe(999);
    expect(map.get(983)).toBeUndefined();
  });

  test('delete, clear, an undefined value kept, and a bad maxSize refused', () => {
    const map = new BoundedMap<string, number | undefined>({ maxSize: 2 });
    map.set('x', undefined);
    expect(map.has('x')).toBe(true);
    expect(map.delete('x')).toBe(true);
    map.set('y', 1);
    map.clear();
    expect(map.size).toBe(0);
    expect(() => new BoundedMap({ maxSize: 0 })).toThrow(RangeError);
  });
});

test.describe('SingleFlight', () => {
  test('concurrent callers of one key share one run; other keys run on their own', async () => {
    const flights = new SingleFlight<string, number>();
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const work = async () => {
      runs += 1;
      await gate;
      return runs;
    };
    const same = [flights.run('order-1', work), flights.run('order-1', work), flights.run('order-1', work)];
    const other = flights.run('order-2', work);
    expect(flights.isRunning('order-1')).toBe(true);
    expect(flights.size).toBe(2);
    release();
    expect(await Promise.all(same)).toEqual([2, 2, 2]);
    await other;
    expect(runs).toBe(2);
    expect(flights.size).toBe(0);
  });

  test('after it settles the next call starts anew; a failure is shared, not remembered', async () => {
    const run = singleFlight<string, string>();
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error(`down ${calls}`);
    };
    const results = await Promise.allSettled([run('login', failing), run('login', failing)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    expect(await run('login', async () => 'token')).toBe('token');
  });

  test('work that throws before returning a promise rejects its callers and frees the key', async () => {
    const flights = new SingleFlight<string, number>();
    await expect(
      flights.run('k', () => {
        throw new Error('synchronous');
      }),
    ).rejects.toThrow('synchronous');
    expect(flights.isRunning('k')).toBe(false);
  });
});
