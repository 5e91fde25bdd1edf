// The single validator wrapper: a zod (mini or classic) schema on a request part; failure throws a
// 400 ProblemException whose errors carry dotted field paths (`billing.state`) and, for address
// fields, the stable code next to its English message.
import type { ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import type * as z from 'zod/v4/core';
import { addressMessagesEn } from '../../contract/messages.en.ts';
import { invoiceMessagesEn } from '../../contract/invoice.ts';
import { problemTypes, type ProblemFieldError } from '../../contract/bff-api.ts';
import { ProblemException } from './problem.ts';

type Issue = z.$ZodIssue;

function fieldErrors(issues: readonly Issue[], prefix: PropertyKey[] = []): ProblemFieldError[] {
  return issues.flatMap((issue): ProblemFieldError[] => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      // Report the branch the caller most likely meant: the one with the fewest complaints.
      const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0] ?? [];
      return fieldErrors(closest, path);
    }
    const dotted = path.map(String).join('.');
    if (issue.message in addressMessagesEn) {
      const code = issue.message as keyof typeof addressMessagesEn;
      return [{ path: dotted, message: addressMessagesEn[code], code }];
    }
    if (path[0] === 'invoice' && issue.message in invoiceMessagesEn) {
      const code = issue.message as keyof typeof invoiceMessagesEn;
      return [{ path: dotted, message: invoiceMessagesEn[code], code }];
    }
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: [...path, key].join('.'), message: 'Unknown field.', code: 'unknown_field' }));
    }
    return [{ path: dotted, message: issue.message }];
  });
}

export function validationProblem(issues: readonly Issue[], detail = 'The request has invalid fields.'): ProblemException {
  return new ProblemException(400, {
    type: problemTypes.validation,
    title: 'Invalid request',
    detail,
    errors: fieldErrors(issues),
  });
}

/** Parses with `schema` or throws the 400 problem. */
export function parseOrThrow<S extends z.$ZodType>(schema: S, value: unknown): z.output<S> {
  const result = (schema as unknown as { safeParse(v: unknown): { success: boolean; data?: unknown; error?: { issues: Issue[] } } }).safeParse(value);
  if (!result.success) throw validationProblem(result.error?.issues ?? []);
  return result.data as z.output<S>;
}

/**
 * Which request part and schema each validate() middleware checks: /v1/openapi.json documents a
 * route's body and query from its own validators (openapi/route-doc.ts), so they cannot drift apart.
 */
export const validatedBy = new WeakMap<object, { target: keyof ValidationTargets; schema: z.$ZodType }>();

/** Hono middleware: validates one request part; the handler reads it with c.req.valid(target). */
export function validate<T extends keyof ValidationTargets, S extends z.$ZodType>(target: T, schema: S) {
  const middleware = validator(target, (value) => parseOrThrow(schema, value) as z.output<S>);
  validatedBy.set(middleware, { target, schema });
  return middleware;
}
