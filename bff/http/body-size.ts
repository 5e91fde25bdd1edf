// The request body limit of every route: Hono's `bodyLimit` (a declared Content-Length is checked as
// a number, a chunked body counted as it streams), answering 413 as problem+json.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { problemTypes } from '../../contract/bff-api.ts';
import { problemResponse } from './problem.ts';

export function bodySizeLimit(maxBytes: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) =>
      problemResponse(c, {
        type: problemTypes.payloadTooLarge,
        title: 'Payload too large',
        status: 413,
        detail: `Request bodies are limited to ${maxBytes} bytes.`,
        errors: [],
      }),
  });
}
