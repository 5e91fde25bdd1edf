// Reading the request the cheap way when the BFF is served by @hono/node-server: its headers and
// body straight from Node's IncomingMessage (c.env.incoming, the adapter's HttpBindings). Going
// through Hono's c.req first copies every header into a Headers object and, for a body, builds a
// whole fetch Request over a web stream: most of a small webhook's cost. Elsewhere (app.request()
// in tests) c.env has no `incoming` and Hono's own request is used, with the same results.
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';

function incomingOf(c: Context) {
  return (c.env as Partial<HttpBindings> | undefined)?.incoming;
}

/** One request header (names in lower case, as Node keeps them). */
export function requestHeader(c: Context, name: Lowercase<string>): string | undefined {
  const incoming = incomingOf(c);
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The body's declared Content-Length, or undefined when it is chunked or not given. */
export function declaredBodyLength(c: Context): number | undefined {
  if (requestHeader(c, 'transfer-encoding') !== undefined) return undefined;
  const length = requestHeader(c, 'content-length');
  return length === undefined ? undefined : Number.parseInt(length, 10) || 0;
}

/**
 * The body as text (UTF-8, invalid bytes replaced, like Request.text()). Straight from Node when
 * the body has a Content-Length (Node then stops at that length, so the body limit checked on the
 * header holds); through Hono otherwise, where the body limit middleware watches the stream.
 */
export function requestText(c: Context): Promise<string> {
  const incoming = incomingOf(c);
  if (!incoming || declaredBodyLength(c) === undefined || incoming.readableEnded) return c.req.text();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    incoming.once('error', reject);
    // A client gone before the end: settle (after 'end' this does nothing).
    incoming.once('close', () => reject(new Error('the request closed before its body ended')));
  });
}
