import { formatOrderHashAmount, orderHashAmountStyles, type OrderHashAmountStyle } from './gateway-facts.ts';
import { phpHttpBuildQuery } from './form-encoding.ts';

/**
 * OrderHash V2 (gateway-facts.md "OrderHash, hashVersion V2", firm):
 * lowercase hex HMAC-SHA256 of the form-encoded pairs below, keyed by `tpt|apiKey|apiPassword`.
 * WebCrypto only, so it runs in Node and in the browser alike.
 */
export interface OrderHashInput {
  /** The gateway's own order id (redirect `tpt`). */
  tpt: string;
  apiKey: string;
  apiUser: string;
  apiPassword: string;
  /** The merchant's order number. */
  orderNumber: string;
  /** Order total as a decimal string, from the verifier's own record. */
  amount: string;
  currency: string;
  /** The redirect `code`. */
  responseCode: string;
  auth: string;
  /** billToEmail, from the verifier's own record. */
  email: string;
}

function orderHashMessage(input: OrderHashInput, style: OrderHashAmountStyle): string {
  return phpHttpBuildQuery([
    ['api_Key', input.apiKey],
    ['api_user', input.apiUser],
    ['orderId', input.tpt],
    ['external_orden_id', input.orderNumber],
    ['amount', formatOrderHashAmount(input.amount, style)],
    ['currency', input.currency],
    ['responseCode', input.responseCode],
    ['auth', input.auth],
    ['email', input.email],
  ]);
}

const utf8 = new TextEncoder();

async function hmacSha256Hex(key: string, message: string): Promise<string> {
  const cryptoKey = await globalThis.crypto.subtle.importKey('raw', utf8.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', cryptoKey, utf8.encode(message)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The OrderHash for `input`; `style` picks the uncertain amount format (see gateway-facts.ts). */
export function orderHashV2(input: OrderHashInput, style: OrderHashAmountStyle = 'plain'): Promise<string> {
  return hmacSha256Hex(`${input.tpt}|${input.apiKey}|${input.apiPassword}`, orderHashMessage(input, style));
}

/** Compares every character whatever the first difference, so timing reveals nothing but the length. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/**
 * True when `given` is the OrderHash of `input` in either amount style (the format for totals of
 * 1,000 or more is uncertain). Both candidates are always computed and compared.
 */
export async function verifyOrderHashV2(input: OrderHashInput, given: string): Promise<boolean> {
  const normalized = given.trim().toLowerCase();
  const candidates = await Promise.all(orderHashAmountStyles.map((style) => orderHashV2(input, style)));
  let matched = false;
  for (const candidate of candidates) matched = constantTimeEqual(candidate, normalized) || matched;
  return matched;
}
