/**
 * The sandbox's only source of randomness. Every id, auth number, token and fault
 * probability comes from here, so two sandboxes built with the same seed and fed the
 * same calls answer the same way (tests can assert exact values; bugs replay).
 * Not cryptographic: sandbox tokens only need to be unguessable by accident, not by attack.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: string | number) {
    this.state = typeof seed === 'number' ? seed >>> 0 : hashSeed(seed);
  }

  /** mulberry32: small, fast, well-distributed 32-bit generator. */
  nextUint32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A float in [0, 1): only for probabilities, never for money. */
  nextFraction(): number {
    return this.nextUint32() / 2 ** 32;
  }

  /** An integer in [min, max]. */
  intBetween(min: number, max: number): number {
    return min + (this.nextUint32() % (max - min + 1));
  }

  digits(length: number): string {
    let out = '';
    while (out.length < length) out += String(this.nextUint32() % 10);
    return out;
  }

  hex(length: number): string {
    let out = '';
    while (out.length < length) out += this.nextUint32().toString(16).padStart(8, '0');
    return out.slice(0, length);
  }

  /** An RFC 4122 version-4 shaped UUID (the bank's ids are uuids). */
  uuid(): string {
    const h = this.hex(32).split('');
    h[12] = '4';
    h[16] = '89ab'[parseInt(h[16] ?? '0', 16) % 4] ?? '8';
    const s = h.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }
}

/** FNV-1a: turns a readable seed ("svc-checkout-sandbox") into the generator's 32-bit state. */
function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
