// The delivery codec's crypto from the web platform (globalThis.crypto.subtle, atob/btoa): for a
// runtime without node:crypto. On Node prefer node/bank-delivery-codec.ts: WebCrypto's AES-GCM goes
// through the thread pool (about 0.1 ms a delivery against a few µs).
import { base64ToBytes, bytesToBase64 } from '../base64.ts';
import type { DeliveryCryptoProvider } from './codec.ts';
import { tagLength } from './codec.ts';

const utf8 = new TextEncoder();

const aesKey = (raw: Uint8Array, usage: KeyUsage) => crypto.subtle.importKey('raw', raw as Uint8Array<ArrayBuffer>, 'AES-GCM', false, [usage]);
const gcm = (nonce: Uint8Array) => ({ name: 'AES-GCM', iv: nonce as Uint8Array<ArrayBuffer>, tagLength: tagLength * 8 });

export const webDeliveryCrypto: DeliveryCryptoProvider = {
  sha256: async (text) => new Uint8Array(await crypto.subtle.digest('SHA-256', utf8.encode(text))),
  randomBytes: (length) => crypto.getRandomValues(new Uint8Array(length)),
  // WebCrypto's AES-GCM already writes and reads the tag after the ciphertext.
  sealAesGcm: async (key, nonce, plaintext) =>
    new Uint8Array(await crypto.subtle.encrypt(gcm(nonce), await aesKey(key, 'encrypt'), utf8.encode(plaintext))),
  openAesGcm: async (key, nonce, sealed) =>
    new Uint8Array(await crypto.subtle.decrypt(gcm(nonce), await aesKey(key, 'decrypt'), sealed as Uint8Array<ArrayBuffer>)),
  encodeBase64: bytesToBase64,
  decodeBase64: base64ToBytes,
};
