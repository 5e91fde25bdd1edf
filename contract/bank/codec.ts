import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { base64ToBytes } from '../base64.ts';

/**
 * The bank's delivery encryption (banking-webhooks.md §6.1): body `{data}` where data is
 * base64 of nonce(12) ‖ AES-256-GCM ciphertext ‖ tag(16), key = SHA-256(secret_ref), no AAD.
 * node:crypto hands the tag apart (getAuthTag / setAuthTag); it travels after the ciphertext.
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

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Keys already derived (SHA-256 of the secret_ref), per secret_ref. A process knows one or a few
 * secret_refs; the bound only keeps a caller that cycles through many from growing it without end.
 */
const derivedKeys = new Map<string, Buffer>();
const maxDerivedKeys = 16;

function deliveryKey(secretRef: string): Buffer {
  const cached = derivedKeys.get(secretRef);
  if (cached) return cached;
  const key = createHash('sha256').update(secretRef, 'utf8').digest();
  if (derivedKeys.size >= maxDerivedKeys) derivedKeys.clear();
  derivedKeys.set(secretRef, key);
  return key;
}

/** Encrypts `plaintext` (the JSON envelope) the way the bank does; returns the base64 `data`. */
export async function encryptDelivery(plaintext: string, secretRef: string): Promise<string> {
  const nonce = randomBytes(nonceLength);
  const cipher = createCipheriv('aes-256-gcm', deliveryKey(secretRef), nonce, { authTagLength: tagLength });
  const sealed = Buffer.concat([nonce, cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return sealed.toString('base64');
}

/** Authenticates and decrypts `data`; throws DeliveryRejected when anything is off. */
export async function decryptDelivery(data: string, secretRef: string): Promise<string> {
  const bytes = base64ToBytes(data);
  if (bytes === undefined) throw new DeliveryRejected('bad_base64');
  if (bytes.length < nonceLength + tagLength) throw new DeliveryRejected('too_short');
  let plain: Buffer;
  try {
    // node:crypto, synchronously: WebCrypto's AES-GCM went through the thread pool and was most of a
    // delivery's cost (about 0.1 ms each against a few µs here).
    const decipher = createDecipheriv('aes-256-gcm', deliveryKey(secretRef), bytes.subarray(0, nonceLength), { authTagLength: tagLength });
    decipher.setAuthTag(bytes.subarray(bytes.length - tagLength));
    plain = Buffer.concat([decipher.update(bytes.subarray(nonceLength, bytes.length - tagLength)), decipher.final()]);
  } catch (cause) {
    throw new DeliveryRejected('auth_failed', { cause });
  }
  try {
    return strictUtf8.decode(plain);
  } catch (cause) {
    throw new DeliveryRejected('not_json', { cause });
  }
}
