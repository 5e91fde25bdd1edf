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

/**
 * The payload of a success answer, brought to the top level beside the envelope. UNCERTAIN
 * (banking-webhooks.md §4.4: "The key holding the payload inside the response envelope: not
 * shown"): the payload's fields may stand beside response_code, or inside one object-valued key
 * (data, result, payload, …). `payloadFields` are the fields only the payload has (a destination's
 * `id`, a feature list's `items`); the first place that holds one of them is the payload. An answer
 * where none holds one is returned as it is, and its reader names what is missing.
 */
export function bankPayloadOf(json: unknown, payloadFields: readonly string[]): unknown {
  if (!isPlainObject(json) || payloadFields.some((field) => field in json)) return json;
  for (const value of Object.values(json)) {
    if (isPlainObject(value) && payloadFields.some((field) => field in value)) return { ...json, ...value };
  }
  return json;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
