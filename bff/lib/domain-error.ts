// What a domain operation refuses, in the domain's own terms. Orders, payments, SINPE Móvil and
// the merchant's operations throw these and know nothing of HTTP; bff/http/problem.ts, the one
// place errors become answers, says each kind as problem+json (404, 409, a 400 naming the field,
// 502 for an upstream that refused or answered what we will not use, 503 for one to try again).
export type DomainRefusal = 'not-found' | 'not-allowed' | 'changed-meanwhile' | 'invalid' | 'upstream-refused' | 'unavailable';

export interface RefusedField {
  /** The request field at fault, as the caller sent it (`lines.0.unitAmount`). */
  path: string;
  message: string;
  /** A stable code a caller can branch on (`invalid_amount`). */
  code: string;
}

export class DomainError extends Error {
  constructor(
    readonly refusal: DomainRefusal,
    readonly title: string,
    detail: string,
    readonly field?: RefusedField,
    /** When trying again may work: after this many seconds (a Retry-After). */
    readonly retryAfterSeconds?: number,
    /** What was refused, as a stable code a caller words in its own language (`fully-refunded`). */
    readonly code?: string,
  ) {
    super(detail);
    this.name = 'DomainError';
  }
}

/** A field of the request that the rules refuse, named so the caller can point at it. */
export function invalidField(path: string, message: string, code: string): DomainError {
  return new DomainError('invalid', 'Invalid request', 'The request has invalid fields.', { path, message, code });
}

export function notFound(detail: string): DomainError {
  return new DomainError('not-found', 'Not found', detail);
}

/** The rules do not allow this now (the order's status, what is left to refund…). */
export function notAllowed(title: string, detail: string, more: { code?: string; retryAfterSeconds?: number } = {}): DomainError {
  return new DomainError('not-allowed', title, detail, undefined, more.retryAfterSeconds, more.code);
}

/** The gateway or the bank refused, or answered something we will not act on: nothing to retry as is. */
export function upstreamRefused(title: string, detail: string): DomainError {
  return new DomainError('upstream-refused', title, detail);
}

/** Nothing was done, or it is not confirmed yet: the same request may be sent again later. */
export function unavailable(title: string, detail: string, retryAfterSeconds: number): DomainError {
  return new DomainError('unavailable', title, detail, undefined, retryAfterSeconds);
}

/** Someone else changed it between the read and the write: reloading shows what is there now. */
export function changedMeanwhile(detail: string): DomainError {
  return new DomainError('changed-meanwhile', 'Order changed', detail, undefined, undefined, 'changed-meanwhile');
}
