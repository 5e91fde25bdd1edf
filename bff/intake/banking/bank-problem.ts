// A bank error answer (banking-webhooks.md §7) as problem+json for the merchant: the bank's
// response_code is in every errors[].code and in the detail, so it can be looked up in §7.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { problemTypes } from '../../../contract/bff-api.ts';
import { ProblemException } from '../../http/problem.ts';
import type { BankApiError } from './bank-client.ts';

/**
 * The bank's request errors keep their status; its auth and server errors are ours to fix or
 * wait out (the merchant's own credentials were fine), so they become 502/503.
 */
const statusOf: Record<string, ContentfulStatusCode> = {
  INVALID_REQUEST: 400,
  NOT_FOUND: 404,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
};

export function bankProblem(error: BankApiError): ProblemException {
  const status = statusOf[error.responseCode] ?? 502;
  const type = status === 400 ? problemTypes.validation : status === 404 ? problemTypes.notFound : status === 429 ? problemTypes.rateLimited : problemTypes.upstream;
  const errors = error.fieldErrors.length
    ? error.fieldErrors.map((field) => ({ path: field.field, message: field.message, code: error.responseCode }))
    : [{ path: '', message: error.message, code: error.responseCode }];
  return new ProblemException(status, {
    type,
    title: status < 500 ? 'Refused by the bank' : 'Bank unavailable',
    detail: `The bank answered ${error.responseCode}: ${error.message} (correlation id ${error.correlationId}).`,
    errors,
  });
}
