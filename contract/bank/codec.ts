import { base64ToBytes, bytesToBase64 } from '../base64.ts';

/**
 * The bank's delivery encryption (banking-webhooks.md §6.1): body `{data}` where data is
 * base64 of nonce(12) ‖ AES-256-GCM ciphertext ‖ tag(16), key = SHA-256(secret_ref), no AAD.
 * WebCrypto's AES-GCM output is ciphertext ‖ tag already, so only the nonce is prepended.
 */
export const nonceLength = 12;
export const tagLength = 16;

export type DeliveryRejectedReason = 'bad_base64' | 'too_short' | 'auth_failed' | 'not_json' | 'schema';

/** The one error of every delivery failure; `reason` says which check refused it. */
export class DeliveryRejected extends Error {
  readonly reason: DeliveryRejectedReason;
  constructor(reason: DeliveryRejectedReason, options?: { cause?: unknown }) {
    super(`bank delivery rejected: ${reason}`, options);
    this.name = 'DeliveryRejected';
    this.reason = reason;
  }
}

const utf8 = new TextEncoder();

/**
 * Keys already derived, per usage and secret_ref: deriving (SHA-256 + importKey) on every delivery
 * was a measurable share of ingest. A process knows one or a few secret_refs; the bound only keeps
 * a caller that cycles through many from growing it without end.
 */
const derivedKeys = new Map<string, Promise<CryptoKey>>();
const maxDerivedKeys = 16;

function deliveryKey(secretRef: string, usage: 'encrypt' | 'decrypt'): Promise<CryptoKey> {
  const cacheKey = `${usage}:${secretRef}`;
  const cached = derivedKeys.get(cacheKey);
  if (cached) return cached;
  const derived = deriveDeliveryKey(secretRef, usage);
  if (derivedKeys.size >= maxDerivedKeys) derivedKeys.clear();
  derivedKeys.set(cacheKey, derived);
  // A failed derivation is not kept: the next delivery tries again.
  derived.catch(() => derivedKeys.delete(cacheKey));
  return derived;
}

async function deriveDeliveryKey(secretRef: string, usage: 'encrypt' | 'decrypt'): Promise<CryptoKey> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', utf8.encode(secretRef));
  return globalThis.crypto.subtle.importKey('raw', digest, { name: 'AES-GCM' }, false, [usage]);
}

/** Encrypts `plaintext` (the JSON envelope) the way the bank does; returns the base64 `data`. */
export async function encryptDelivery(plaintext: string, secretRef: string): Promise<string> {
  const nonce = globalThis.crypto.getRandomValues(new Uint8Array(nonceLength));
  const key = await deliveryKey(secretRef, 'encrypt');
  const sealed = new Uint8Array(
    await globalThis.crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce, tagLength: tagLength * 8 }, key, utf8.encode(plaintext)),
  );
  const out = new Uint8Array(nonceLength + sealed.length);
  out.set(nonce, 0);
  out.set(sealed, nonceLength);
  return bytesToBase64(out);
}

/** Authenticates and decrypts `data`; throws DeliveryRejected when anything is off. */
export async function decryptDelivery(data: string, secretRef: string): Promise<string> {
  const bytes = base64ToBytes(data);
  if (bytes === undefined) throw new DeliveryRejected('bad_base64');
  if (bytes.length < nonceLength + tagLength) throw new DeliveryRejected('too_short');
  const key = await deliveryKey(secretRef, 'decrypt');
  let plain: ArrayBuffer;
  try {
    plain = await globalThis.crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(0, nonceLength), tagLength: tagLength * 8 },
      key,
      bytes.subarray(nonceLength),
    );
  } catch (cause) {
    throw new DeliveryRejected('auth_failed', { cause });
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch (cause) {
    throw new DeliveryRejected('not_json', { cause });
  }
}
