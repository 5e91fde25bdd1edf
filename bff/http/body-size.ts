// The request body limit of every route: Hono's `bodyLimit`, answering 413 as problem+json. A body
// framed by its Content-Length (no Transfer-Encoding) is judged by that number, as `bodyLimit` judges
// it, before `bodyLimit` is asked: `bodyLimit` first looks at the web body stream, and on Node that
// makes @hono/node-server build a whole fetch Request (an AbortController, undici's Request, a web
// stream over the socket) that the handler's `c.req.text()` then has to read through, where it
// would otherwise read the body straight from Node (bench/README.md: the bank receiver). Node's
// parser reads no more than the declared length, so the number is the body's size. A chunked body
// or one without a length still goes through `bodyLimit`, which counts it as it streams.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { problemTypes } from '../../contract/bff-api.ts';
import { problemResponse } from './problem.ts';

/** The declared Content-Length of a body framed by it, or undefined (chunked, or none declared). */
function framedLength(c: Context): number | undefined {
  if (c.req.header('transfer-encoding') !== undefined) return undefined;
  const declared = c.req.header('content-length');
  return declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : undefined;
}

export function bodySizeLimit(maxBytes: number): MiddlewareHandler {
  const bodyTooLarge = (c: Context) =>
    problemResponse(c, {
      type: problemTypes.payloadTooLarge,
      title: 'Payload too large',
      status: 413,
      detail: `Request bodies are limited to ${maxBytes} bytes.`,
      errors: [],
    });
  const limitStreamedBody = bodyLimit({ maxSize: maxBytes, onError: bodyTooLarge });
  // Not async: it hands next()'s promise on, one promise less per request.
  return (c, next) => {
    const length = framedLength(c);
    if (length === undefined) return limitStreamedBody(c, next);
    if (length > maxBytes) return Promise.resolve(bodyTooLarge(c));
    return next();
  };
}
