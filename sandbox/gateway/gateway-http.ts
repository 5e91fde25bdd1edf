import { gatewayResponseTypes } from '../../contract/gateway-facts.ts';
import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { isCurrencyCode } from '../../contract/currencies.ts';
import { toMinorUnits } from '../../contract/money.ts';
import type { SandboxState } from '../state.ts';

/**
 * The gateway fails in the body with HTTP 200 (gateway-api.md §7): `type` is not 200/100
 * and `message` says why. Type codes follow gateway-facts.md: 400-404 integration errors,
 * 401 authentication.
 */
export function gatewayFailure(c: Context, type: string, message: string, extra: Record<string, unknown> = {}) {
  return c.json({ type, message, ...extra }, 200);
}

/** Parses the JSON body with a contract schema; on failure answers type 400 with the field errors. */
export async function readGatewayBody<T extends z.ZodType>(
  c: Context,
  schema: T,
): Promise<{ ok: true; body: z.infer<T> } | { ok: false; response: Response }> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    return { ok: false, response: gatewayFailure(c, gatewayResponseTypes.integrationError, 'The request body is not valid JSON.') };
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[issue.path.join('.') || '(body)'] ??= []).push(issue.message);
    return { ok: false, response: gatewayFailure(c, gatewayResponseTypes.integrationError, 'The given data was invalid.', { errors }) };
  }
  return { ok: true, body: parsed.data };
}

/** 401 for a missing, unknown or expired API token (declared on every non-login operation). */
export function requireApiToken(state: SandboxState): MiddlewareHandler {
  return async (c, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '');
    if (!match?.[1] || !state.tokens.isValidApiToken(match[1])) {
      c.header('WWW-Authenticate', 'Bearer');
      return c.json({ type: gatewayResponseTypes.authenticationError, message: 'Unauthenticated.' }, 401);
    }
    await next();
  };
}

/** The key (body `key` or path `api_key`) must be the merchant's; a wrong one fails in the body. */
export function wrongKey(state: SandboxState, key: string): boolean {
  return key !== state.settings.merchant.apiKey;
}

export function invalidKeyFailure(c: Context) {
  return gatewayFailure(c, gatewayResponseTypes.authenticationError, 'Invalid API key.');
}

/** Absolute URLs the sandbox hands out are built from the origin the caller used. */
export function requestOrigin(c: Context): string {
  return new URL(c.req.url).origin;
}

/** Why an amount cannot be charged in a currency (unknown code, zero, more decimals than it has), if it cannot. */
export function amountProblem(amount: string, currency: string): string | undefined {
  if (!isCurrencyCode(currency)) return `${currency} is not an ISO 4217 currency.`;
  try {
    if (toMinorUnits(amount, currency) <= 0n) return 'amount must be greater than zero.';
  } catch (error) {
    return (error as Error).message;
  }
  return undefined;
}
