// The one error path (STYLE.md 12): handlers and middleware throw ProblemException; onError writes
// application/problem+json. Unknown errors become a 500 that says nothing about internals.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { problemTypes, type Problem, type ProblemFieldError } from '../../contract/bff-api.ts';
import { DomainError, type DomainRefusal } from '../lib/domain-error.ts';

export interface ProblemInit {
  type: string;
  title: string;
  detail: string;
  errors?: ProblemFieldError[];
  headers?: Record<string, string>;
}

export class ProblemException extends HTTPException {
  readonly problem: Problem;
  readonly extraHeaders: Record<string, string>;
  constructor(status: ContentfulStatusCode, init: ProblemInit) {
    super(status, { message: init.detail });
    this.problem = { type: init.type, title: init.title, status, detail: init.detail, errors: init.errors ?? [] };
    this.extraHeaders = init.headers ?? {};
  }
}

export function problemResponse(c: Context, problem: Problem, headers: Record<string, string> = {}): Response {
  return c.body(JSON.stringify(problem), problem.status as ContentfulStatusCode, {
    ...headers,
    'Content-Type': 'application/problem+json',
  });
}

const titles: Record<number, [string, string]> = {
  400: [problemTypes.validation, 'Bad request'],
  401: [problemTypes.unauthorized, 'Unauthorized'],
  403: [problemTypes.forbidden, 'Forbidden'],
  404: [problemTypes.notFound, 'Not found'],
  405: [problemTypes.notFound, 'Method not allowed'],
  409: [problemTypes.conflict, 'Conflict'],
  413: [problemTypes.payloadTooLarge, 'Payload too large'],
  429: [problemTypes.rateLimited, 'Too many requests'],
};

const domainStatuses: Record<DomainRefusal, [ContentfulStatusCode, string]> = {
  'not-found': [404, problemTypes.notFound],
  'not-allowed': [409, problemTypes.conflict],
  'changed-meanwhile': [409, problemTypes.conflict],
  invalid: [400, problemTypes.validation],
  'upstream-refused': [502, problemTypes.upstream],
  unavailable: [503, problemTypes.upstream],
};

/** A domain refusal as the API says it. */
export function domainProblem(error: DomainError): Problem {
  const [status, type] = domainStatuses[error.refusal];
  return { type, title: error.title, status, detail: error.message, ...(error.code ? { code: error.code } : {}), errors: error.field ? [error.field] : [] };
}

/** Turns anything thrown into problem+json; `onUnexpected` gets errors that are bugs (for the log). */
export function toProblemResponse(c: Context, error: unknown, onUnexpected: (error: unknown) => void): Response {
  if (error instanceof ProblemException) return problemResponse(c, error.problem, error.extraHeaders);
  if (error instanceof DomainError) {
    const retryAfter = error.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(error.retryAfterSeconds) };
    return problemResponse(c, domainProblem(error), retryAfter);
  }
  if (error instanceof HTTPException && error.status < 500) {
    const [type, title] = titles[error.status] ?? [problemTypes.validation, 'Bad request'];
    // Hono's own 4xx (e.g. malformed JSON): its message is generic and safe to show.
    return problemResponse(c, { type, title, status: error.status, detail: error.message || title, errors: [] });
  }
  onUnexpected(error);
  return problemResponse(c, {
    type: problemTypes.internal,
    title: 'Internal error',
    status: 500,
    detail: 'Something went wrong on our side. Try again later.',
    errors: [],
  });
}

export function notFoundProblem(c: Context): Response {
  return problemResponse(c, {
    type: problemTypes.notFound,
    title: 'Not found',
    status: 404,
    detail: 'No such resource.',
    errors: [],
  });
}
