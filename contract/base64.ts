/** Standard base64 (RFC 4648 §4), strict: only its alphabet with correct padding, so a mangled body is told apart from a forged one. */
export function isStrictBase64(text: string): boolean {
  return text.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(text);
}

/** Base64 of bytes with the web platform's btoa (any runtime; Node's Buffer is faster, see node/). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

/** The bytes of base64 `text` (checked with isStrictBase64 first) with the web platform's atob. */
export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
