// An answer built with every header the standard chain gives it (the request id and the security
// headers) already on it, as a plain object. Any header set through the context or on a built answer
// makes @hono/node-server carry the answer's headers in undici's `Headers` (a map, a check of each
// name and value, a copy back into a plain object to write them): several microseconds an answer,
// a measurable part of a receiver whose whole work is a few hundred (bench/README.md, the bank
// receiver). Only a route that answers often and simply uses it; correlation and the security
// headers leave such an answer alone, and put their headers on any other (an error's included).
import type { Context } from 'hono';
import { requestIdHeader } from './correlation.ts';
import { apiSecurityHeaderValues } from './security-headers.ts';

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by plainJsonAnswer: the answer already carries the chain's headers. */
    answeredPlainly: boolean;
  }
}

/**
 * `body` as JSON with `status`, carrying the request id and the security headers itself. A Response
 * of its own, not `c.body`: given more than one header, Hono's context puts them in `Headers` too.
 */
export function plainJsonAnswer(c: Context, body: unknown, status: 200 | 201 | 202): Response {
  c.set('answeredPlainly', true);
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', [requestIdHeader]: c.get('requestId') as string, ...apiSecurityHeaderValues },
  });
}
