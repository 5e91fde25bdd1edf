// application/problem+json `type`s. Free of zod, so the widget's lazy parts carry none of
// contract/bff-api.ts's schemas for them.

/** The two types the widget branches on, apart: a bundle that imports them carries not the whole table. */
export const sessionExpiredProblem = 'urn:svc-checkout:problem:session-expired';
export const originNotAllowedProblem = 'urn:svc-checkout:problem:origin-not-allowed';

/** Stable `type` URIs, so callers branch on them rather than on prose. */
export const problemTypes = {
  validation: 'urn:svc-checkout:problem:validation',
  sessionExpired: sessionExpiredProblem,
  unauthorized: 'urn:svc-checkout:problem:unauthorized',
  forbidden: 'urn:svc-checkout:problem:forbidden',
  originNotAllowed: originNotAllowedProblem,
  notFound: 'urn:svc-checkout:problem:not-found',
  conflict: 'urn:svc-checkout:problem:conflict',
  payloadTooLarge: 'urn:svc-checkout:problem:payload-too-large',
  rateLimited: 'urn:svc-checkout:problem:rate-limited',
  upstream: 'urn:svc-checkout:problem:upstream-unavailable',
  internal: 'urn:svc-checkout:problem:internal',
} as const;
export type ProblemType = (typeof problemTypes)[keyof typeof problemTypes];
