// pino with redaction: secrets and card data never reach a log line, wherever they sit in an object.
import pino, { type DestinationStream, type Logger } from 'pino';
import { logContextFields } from './log-context.ts';

const sensitiveKeys = [
  'password',
  'apiPassword',
  'GATEWAY_API_PASSWORD',
  'key',
  'apiKey',
  'api_key',
  'GATEWAY_API_KEY',
  'token',
  'access_token',
  'accessToken',
  'sessionToken',
  'BANK_ACCESS_TOKEN',
  'secret',
  'secret_ref',
  'BANK_SECRET_REF',
  'MERCHANT_SECRET',
  'SESSION_SIGNING_KEY',
  'authorization',
  'Authorization',
  'cookie',
  'card',
  'cardNumber',
  'card_number',
  'pan',
  'cvv',
  'cvc',
  'crd',
  'creditCardToken',
  'OrderHash',
  'orderHash',
];

/** Every sensitive key at the top level and up to three levels down. */
export const redactedPaths = sensitiveKeys.flatMap((key) => [key, `*.${key}`, `*.*.${key}`, `*.*.*.${key}`]);

/**
 * How lines reach stdout. Asynchronously: a synchronous write per line was a system call per request.
 * And in batches: one asynchronous write per line (each line of a busy server found the previous write
 * finished) was still a thread-pool round trip and a system call per request, about 5 % of the bank
 * receiver's CPU. Lines wait in memory until `minLength` bytes (some 25 request lines) are there, or
 * for `periodicFlushMs` at most on a quiet server; pino flushes what is left when the process exits.
 * A kill -9 loses what was waiting (at most `minLength` bytes or `periodicFlushMs` of lines); the
 * answers and the stored rows never depend on a log line.
 */
export const logBatching = { minLength: 4096, periodicFlushMs: 100 } as const;

/** The default destination: stdout (fd 1) or `fd`, written in batches (logBatching). */
export function batchedLogDestination(fd = 1): DestinationStream {
  return pino.destination({ dest: fd, sync: false, minLength: logBatching.minLength, periodicFlush: logBatching.periodicFlushMs });
}

/**
 * Where a silent logger's lines would go: nowhere. The batched destination's periodic flush writes
 * even an empty buffer (a system call every `periodicFlushMs`, for as long as the process lives, one
 * timer per logger made), and a logger at level silent never has a line for it.
 */
const nowhere: DestinationStream = { write: () => undefined };

/**
 * The one batched stdout writer of the process, made with the first logger that needs it: every
 * logger writing to stdout shares it (an app per test, the server beside its jobs), so there is one
 * buffer and one periodic flush however many loggers are made.
 */
let stdout: DestinationStream | undefined;

export function createLogger(level: string, destination: DestinationStream = level === 'silent' ? nowhere : (stdout ??= batchedLogDestination())): Logger {
  // The mixin adds the current request id, traceparent and order number (log-context.ts); a field
  // the call itself names wins over the context's.
  return pino({ level, redact: { paths: redactedPaths, censor: '[redacted]' }, mixin: logContextFields }, destination);
}

export type { Logger };
