import { z } from 'zod';
import type { SeededRandom } from '../seeded-random.ts';

/**
 * What the control API can do to an operation:
 * - latency: wait `latencyMs`, then answer normally (combines with the others);
 * - http5xx: answer `status` (default 503; or 429) with no useful body (the bank: its error envelope);
 * - hang: never answer; the request stays open until the client gives up;
 * - malformedJson: HTTP 200 with a truncated JSON body;
 * - expireToken: every token expires now, so this call (and later ones) get 401;
 * - bodyFailure: HTTP 200 with a failure body (`type`, `message`), the gateway's way of failing.
 */
export const faultKinds = ['latency', 'http5xx', 'hang', 'malformedJson', 'expireToken', 'bodyFailure'] as const;
export type FaultKind = (typeof faultKinds)[number];

export const faultSpec = z.object({
  /** An operation name (see sandbox/README.md) or `*` for every operation. */
  operation: z.string().min(1),
  kind: z.enum(faultKinds),
  latencyMs: z.number().int().min(0).max(600_000).optional(),
  /** http5xx only: the status (default 503); 429 is accepted too, for rate limiting. */
  status: z.number().int().refine((status) => status === 429 || (status >= 500 && status <= 599), 'status must be 429 or 5xx').optional(),
  /** Fire on the next N matching calls, then retire. Omitted: until cleared. */
  count: z.number().int().min(1).optional(),
  /** Chance that a matching call is hit, drawn from the seeded generator. Omitted: 1. */
  probability: z.number().min(0).max(1).optional(),
  /** bodyFailure only: the `type` and `message` of the failure body. */
  type: z.string().optional(),
  message: z.string().optional(),
});
export type FaultSpec = z.infer<typeof faultSpec>;

interface ActiveFault {
  id: number;
  spec: FaultSpec;
  remaining: number | undefined;
}

export class FaultTable {
  private faults: ActiveFault[] = [];
  private nextId = 1;

  constructor(private readonly random: SeededRandom) {}

  add(spec: FaultSpec): number {
    const id = this.nextId++;
    this.faults.push({ id, spec, remaining: spec.count });
    return id;
  }

  clear(): void {
    this.faults = [];
  }

  list(): Array<FaultSpec & { id: number; remaining?: number }> {
    return this.faults.map((f) => (f.remaining === undefined ? { ...f.spec, id: f.id } : { ...f.spec, id: f.id, remaining: f.remaining }));
  }

  /** The faults that hit this call; spends one of each one's count. */
  draw(operation: string): FaultSpec[] {
    const hits: FaultSpec[] = [];
    for (const fault of this.faults) {
      if (fault.spec.operation !== operation && fault.spec.operation !== '*') continue;
      if (fault.spec.probability !== undefined && this.random.nextFraction() >= fault.spec.probability) continue;
      hits.push(fault.spec);
      if (fault.remaining !== undefined) fault.remaining -= 1;
    }
    this.faults = this.faults.filter((f) => f.remaining === undefined || f.remaining > 0);
    return hits;
  }
}
