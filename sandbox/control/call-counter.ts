import type { SandboxClock } from '../clock.ts';

export interface RecordedCall {
  operation: string;
  orderNumber?: string;
  at: Date;
}

/**
 * Every call the sandbox receives, per operation and per orderNumber, so tests can
 * assert "exactly one processPayment" or "at most one consult per interval".
 */
export class CallCounter {
  private calls: RecordedCall[] = [];

  constructor(private readonly clock: SandboxClock) {}

  record(operation: string, orderNumber: string | undefined): void {
    this.calls.push(orderNumber === undefined ? { operation, at: this.clock.now() } : { operation, orderNumber, at: this.clock.now() });
  }

  list(operation?: string, orderNumber?: string): RecordedCall[] {
    return this.calls.filter(
      (call) => (operation === undefined || call.operation === operation) && (orderNumber === undefined || call.orderNumber === orderNumber),
    );
  }

  reset(): void {
    this.calls = [];
  }
}
