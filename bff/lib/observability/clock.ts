/** The time source, injected so tests can move it (session expiry, status intervals). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
