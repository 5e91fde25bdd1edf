import { z } from 'zod';

/** banking-webhooks.md §2.5 and §7: every response carries response_code and correlation_id. */
export const bankResponseCodes = [
  'OK',
  'CREATED',
  'INVALID_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'TOO_MANY_REQUESTS',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;
export const bankResponseCode = z.enum(bankResponseCodes);
export type BankResponseCode = z.infer<typeof bankResponseCode>;

/** HTTP status of each response_code (§7 table). */
export const bankHttpStatus: Readonly<Record<BankResponseCode, number>> = {
  OK: 200,
  CREATED: 201,
  INVALID_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

export const bankEnvelope = z.object({
  response_code: bankResponseCode,
  correlation_id: z.string().min(1),
});
export type BankEnvelope = z.infer<typeof bankEnvelope>;

/** An error answer: the envelope with an error code (a `message` may accompany it). */
export const bankErrorResponse = bankEnvelope.extend({
  response_code: bankResponseCode.exclude(['OK', 'CREATED']),
  message: z.string().optional(),
});
export type BankErrorResponse = z.infer<typeof bankErrorResponse>;

/** The header whose value comes back as correlation_id (§4). */
export const correlationIdHeader = 'X-Correlation-Id';
