import { isStrictBase64 } from '../base64.ts';

/**
 * The bank's delivery encryption (banking-webhooks.md §6.1): body `{data}` where data is
 * base64 of nonce(12) ‖ AES-256-GCM ciphertext ‖ tag(16), key = SHA-256(secret_ref), no AAD.
 * The format lives here; the crypto comes from a provider (as stripe-node's CryptoProvider), so
 * contract/ runs anywhere: node/bank-delivery-codec.ts gives node:crypto's (synchronous, the fast
 * one), web-crypto.ts WebCrypto's.
 */
export const nonceLength = 12;
export const tagLength = 16;

/** The primitives the codec needs; each may answer at once or with a promise. */
export interface DeliveryCryptoProvider {
  /** SHA-256 of the UTF-8 bytes of `text`. */
  sha256(text: string): Uint8Array | Promise<Uint8Array>;
  randomBytes(length: number): Uint8Array;
  /** AES-256-GCM of the UTF-8 bytes of `plaintext`, with a 16-byte tag and no AAD: ciphertext ‖ tag. */
  sealAesGcm(key: Uint8Array, nonce: Uint8Array, plaintext: string): Uint8Array | Promise<Uint8Array>;
  /** The plaintext of ciphertext ‖ tag; throws (or rejects) when the tag does not authenticate. */
  openAesGcm(key: Uint8Array, nonce: Uint8Array, sealed: Uint8Array): Uint8Array | Promise<Uint8Array>;
  encodeBase64(bytes: Uint8Array): string;
  /** Only ever given text that passed isStrictBase64. */
  decodeBase64(text: string): Uint8Array;
}

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

export interface DeliveryCodec {
  /** Encrypts `plaintext` (the JSON envelope) the way the bank does; returns the base64 `data`. */
  encryptDelivery(plaintext: string, secretRef: string): Promise<string>;
  /** Authenticates and decrypts `data`; throws DeliveryRejected when anything is off. */
  decryptDelivery(data: string, secretRef: string): Promise<string>;
  /**
   * decryptDelivery answered at once, for a caller on a provider that never answers with a promise
   * (node:crypto: the BFF's receiver, where each promise of a delivery is a measurable part of its
   * cost). Throws a TypeError on a provider that does.
   */
  decryptDeliveryNow(data: string, secretRef: string): string;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The decrypted bytes as the text they must be: UTF-8, or the delivery is not JSON. */
function plaintextOf(plain: Uint8Array): string {
  try {
    return strictUtf8.decode(plain);
  } catch (cause) {
    throw new DeliveryRejected('not_json', { cause });
  }
}

/**
 * A process knows one or a few secret_refs; the bound only keeps a caller that cycles through many
 * from growing the cache of derived keys without end.
 */
const maxDerivedKeys = 16;

export function createDeliveryCodec(crypto: DeliveryCryptoProvider): DeliveryCodec {
  const derivedKeys = new Map<string, Uint8Array>();

  const remember = (secretRef: string, key: Uint8Array) => {
    if (derivedKeys.size >= maxDerivedKeys) derivedKeys.clear();
    derivedKeys.set(secretRef, key);
    return key;
  };
  /** At once when known or when the provider answers at once: no promise for a synchronous provider. */
  function deliveryKey(secretRef: string): Uint8Array | Promise<Uint8Array> {
    const cached = derivedKeys.get(secretRef);
    if (cached) return cached;
    const key = crypto.sha256(secretRef);
    return key instanceof Uint8Array ? remember(secretRef, key) : key.then((derived) => remember(secretRef, derived));
  }

  /**
   * The authenticated bytes of `data`: at once when the provider answers at once (node:crypto), so a
   * synchronous caller pays no promise; a promise only for a provider that answers with one (WebCrypto).
   */
  function openedBytes(data: string, secretRef: string): Uint8Array | Promise<Uint8Array> {
    // MIME base64 (RFC 2045, a Java Base64.getMimeEncoder) breaks lines every 76 characters; the
    // breaks carry nothing and AES-GCM authenticates the bytes, so they are read past.
    const compact = data.replace(/\r?\n/g, '');
    if (!isStrictBase64(compact)) throw new DeliveryRejected('bad_base64');
    const bytes = crypto.decodeBase64(compact);
    if (bytes.length < nonceLength + tagLength) throw new DeliveryRejected('too_short');
    const nonce = bytes.subarray(0, nonceLength);
    const sealed = bytes.subarray(nonceLength);
    const notAuthentic = (cause: unknown) => new DeliveryRejected('auth_failed', { cause });
    let opened: Uint8Array | Promise<Uint8Array>;
    try {
      const key = deliveryKey(secretRef);
      opened = key instanceof Uint8Array ? crypto.openAesGcm(key, nonce, sealed) : key.then((derived) => crypto.openAesGcm(derived, nonce, sealed));
    } catch (cause) {
      throw notAuthentic(cause);
    }
    return opened instanceof Uint8Array
      ? opened
      : opened.catch((cause: unknown) => {
          throw notAuthentic(cause);
        });
  }

  return {
    async encryptDelivery(plaintext, secretRef) {
      const nonce = crypto.randomBytes(nonceLength);
      const sealed = await crypto.sealAesGcm(await deliveryKey(secretRef), nonce, plaintext);
      const bytes = new Uint8Array(nonceLength + sealed.length);
      bytes.set(nonce);
      bytes.set(sealed, nonceLength);
      return crypto.encodeBase64(bytes);
    },

    decryptDelivery: async (data, secretRef) => plaintextOf(await openedBytes(data, secretRef)),

    decryptDeliveryNow(data, secretRef) {
      const plain = openedBytes(data, secretRef);
      if (!(plain instanceof Uint8Array)) {
        plain.catch(() => undefined);
        throw new TypeError('decryptDeliveryNow needs a provider that answers at once');
      }
      return plaintextOf(plain);
    },
  };
}
