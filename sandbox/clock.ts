/**
 * Sandbox time: the injected `now()` plus an offset that the control API can move
 * forward, so a test over HTTP can step past the 7-day capture window without waiting.
 */
export class SandboxClock {
  private offsetMs = 0;

  constructor(private readonly base: () => Date = () => new Date()) {}

  now(): Date {
    return new Date(this.base().getTime() + this.offsetMs);
  }

  advance(seconds: number): Date {
    this.offsetMs += seconds * 1000;
    return this.now();
  }
}

/** The gateway's `Y-m-d H:i:s` form. The sandbox writes it in UTC (the spec names no zone). */
export function gatewayDateTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** Parses `Y-m-d H:i:s` as UTC; undefined when it is not that form. */
export function parseGatewayDateTime(text: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return undefined;
  const date = new Date(`${text.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
