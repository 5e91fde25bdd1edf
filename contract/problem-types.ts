// application/problem+json `type`s. Free of zod, so the widget's lazy parts carry none of
// contract/bff-api.ts's schemas for them.

/** Stable `type` URIs, so callers branch on them rather than on prose. */
export const problemTypes = {
  validation: 'urn:svc-checkout:problem:validation',
  sessionExpired: 'urn:svc-checkout:problem:session-expired',
  unauthorized: 'urn:svc-checkout:problem:unauthorized',
  forbidden: 'urn:svc-checkout:problem:forbidden',
  originNotAllowed: 'urn:svc-checkout:problem:origin-not-allowed',
  notFound: 'urn:svc-checkout:problem:not-found',
  conflict: 'urn:svc-checkout:problem:conflict',
  payloadTooLarge: 'urn:svc-checkout:problem:payload-too-large',
  rateLimited: 'urn:svc-checkout:problem:rate-limited',
  upstream: 'urn:svc-checkout:problem:upstream-unavailable',
  internal: 'urn:svc-checkout:problem:internal',
} as const;
export type ProblemType = (typeof problemTypes)[keyof typeof problemTypes];
