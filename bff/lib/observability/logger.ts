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
 * Without a destination, lines go to stdout asynchronously: a synchronous write per line was a
 * system call per request. Lines written while one write is under way go out together with the
 * next; pino flushes what is left when the process exits (a kill -9 can lose the last lines).
 */
export function createLogger(level: string, destination: DestinationStream = pino.destination({ dest: 1, sync: false })): Logger {
  // The mixin adds the current request id, traceparent and order number (log-context.ts); a field
  // the call itself names wins over the context's.
  return pino({ level, redact: { paths: redactedPaths, censor: '[redacted]' }, mixin: logContextFields }, destination);
}

export type { Logger };
