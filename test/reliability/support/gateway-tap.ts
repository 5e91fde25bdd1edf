// A recording pass-through between the BFF and the sandbox gateway, on a loopback port: every
// request is forwarded unchanged and processPayment calls are noted with the answer the BFF
// actually received. It lets a test state the real rule precisely: after a processPayment that may
// have executed, no other one for that order (a 401 or a refusal in the body executed nothing).
import { createServer, type IncomingMessage, type Server } from 'node:http';

export type TapAnswer = 'created' | 'refused' | 'unauthorized' | 'http-error' | 'malformed' | 'no-answer';

export interface TappedCall {
  orderNumber: string;
  answer: TapAnswer;
}

export interface GatewayTap {
  url: string;
  paymentCalls(orderNumber: string): TappedCall[];
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function answerOf(status: number, text: string): TapAnswer {
  if (status === 401) return 'unauthorized';
  if (status !== 200) return 'http-error';
  try {
    // Read as the gateway may write it (gateway-facts.md): `type` 100 or "100"; a 401 may come in the body.
    const type = String((JSON.parse(text) as { type?: unknown }).type);
    if (type === '401') return 'unauthorized';
    return type === '100' ? 'created' : 'refused';
  } catch {
    return 'malformed';
  }
}

export async function startGatewayTap(upstream: string): Promise<GatewayTap> {
  const calls: TappedCall[] = [];
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const isPayment = request.url === '/api/v1/processPayment';
    let orderNumber = '';
    if (isPayment) {
      try {
        orderNumber = String((JSON.parse(body.toString()) as { orderNumber?: unknown }).orderNumber ?? '');
      } catch {
        // not JSON: recorded under ''
      }
    }
    const call: TappedCall = { orderNumber, answer: 'no-answer' };
    if (isPayment) calls.push(call);
    // The caller gave up (timeout): give up upstream too, as a dropped connection would.
    const abort = new AbortController();
    response.on('close', () => {
      if (!response.writableFinished) abort.abort();
    });
    try {
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
      ) as Record<string, string>;
      const answer = await fetch(upstream + request.url, {
        method: request.method ?? 'GET',
        headers,
        ...(body.length > 0 ? { body: new Uint8Array(body) } : {}),
        redirect: 'manual',
        signal: abort.signal,
      });
      const text = await answer.text();
      if (isPayment) call.answer = answerOf(answer.status, text);
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)) out[name] = value;
      });
      response.writeHead(answer.status, out);
      response.end(text);
    } catch {
      if (!response.headersSent && !response.destroyed) response.writeHead(502).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    paymentCalls: (orderNumber) => calls.filter((call) => call.orderNumber === orderNumber),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** After a call that may have executed, there must be no other processPayment for the order. */
export function mayHaveExecuted(call: TappedCall): boolean {
  return call.answer !== 'unauthorized' && call.answer !== 'refused';
}
