// The request body limit of every route. GET/HEAD/OPTIONS carry no body (the adapter drops one). A
// declared length is checked as a number (Node reads no further than it); only a chunked body is
// counted as it streams in, which needs the whole fetch Request.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { problemTypes } from '../../contract/bff-api.ts';
import { declaredBodyLength } from './node-request.ts';
import { problemResponse } from './problem.ts';

const methodsWithoutBody = new Set(['GET', 'HEAD', 'OPTIONS']);

export function bodySizeLimit(maxBytes: number): MiddlewareHandler {
  const bodyTooLarge = (c: Context) =>
    problemResponse(c, {
      type: problemTypes.payloadTooLarge,
      title: 'Payload too large',
      status: 413,
      detail: `Request bodies are limited to ${maxBytes} bytes.`,
      errors: [],
    });
  const limitChunkedBody = bodyLimit({ maxSize: maxBytes, onError: bodyTooLarge });
  return (c, next) => {
    if (methodsWithoutBody.has(c.req.method)) return next();
    const length = declaredBodyLength(c);
    if (length === undefined) return limitChunkedBody(c, next);
    return length > maxBytes ? Promise.resolve(bodyTooLarge(c)) : next();
  };
}
