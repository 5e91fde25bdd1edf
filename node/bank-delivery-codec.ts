// The bank delivery codec (contract/bank/codec.ts) on node:crypto, shared by the BFF (opens
// deliveries), the sandbox (seals them), the tests and the bench. Synchronous node:crypto and
// Buffer's base64: WebCrypto's AES-GCM went through the thread pool and was most of a delivery's
// cost (about 0.1 ms each against a few µs here), atob plus a copy per character another 0.1 ms.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { createDeliveryCodec, tagLength, type DeliveryCryptoProvider } from '../contract/bank/codec.ts';
import { openDeliveryWith } from '../contract/bank/delivery.ts';
import type { BankEvent } from '../contract/bank/events.ts';

const asBytes = (buffer: Buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);

export const nodeDeliveryCrypto: DeliveryCryptoProvider = {
  sha256: (text) => asBytes(createHash('sha256').update(text, 'utf8').digest()),
  randomBytes: (length) => asBytes(randomBytes(length)),
  sealAesGcm(key, nonce, plaintext) {
    const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: tagLength });
    return asBytes(Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]));
  },
  // node:crypto hands the tag apart (setAuthTag); it travels after the ciphertext.
  openAesGcm(key, nonce, sealed) {
    const decipher = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: tagLength });
    decipher.setAuthTag(sealed.subarray(sealed.length - tagLength));
    return asBytes(Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - tagLength)), decipher.final()]));
  },
  encodeBase64: (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64'),
  decodeBase64: (text) => asBytes(Buffer.from(text, 'base64')),
};

export const nodeDeliveryCodec = createDeliveryCodec(nodeDeliveryCrypto);
export const { encryptDelivery, decryptDelivery, decryptDeliveryNow } = nodeDeliveryCodec;

/** Decrypt, parse and validate one delivery's `data` (contract/bank/delivery.ts). */
export function openDelivery(data: string, secretRef: string): Promise<BankEvent> {
  return openDeliveryWith(nodeDeliveryCodec, data, secretRef);
}
