// What a domain operation refuses, in the domain's own terms. Orders, payments, SINPE Móvil and
// the merchant's operations throw these and know nothing of HTTP; bff/http/problem.ts, the one
// place errors become answers, says each kind as problem+json (404, 409 or a 400 naming the field).
export type DomainRefusal = 'not-found' | 'not-allowed' | 'changed-meanwhile' | 'invalid';

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
export function notAllowed(title: string, detail: string): DomainError {
  return new DomainError('not-allowed', title, detail);
}

/** Someone else changed it between the read and the write: reloading shows what is there now. */
export function changedMeanwhile(detail: string): DomainError {
  return new DomainError('changed-meanwhile', 'Order changed', detail);
}
