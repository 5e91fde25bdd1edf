import { SeededRandom } from '../seeded-random.ts';

/**
 * The variance mode: the sandbox answers the way the real PHP gateway and Java bank may, not
 * only the way the contract draws it (gateway-facts.md "Reading the gateway's and the bank's
 * answers"). Off by default; SANDBOX_VARIANTS=1 turns it on for a whole run, and
 * POST /_sandbox/variants for one test. Every choice comes from its own seeded generator, so a
 * seed replays the same answers and the sandbox's other randomness (ids, auth numbers) is the
 * same with the mode on or off.
 *
 * What it varies, each with probability `rate`:
 * - a number becomes its numeric string, a plain numeric string becomes a number;
 * - an empty string becomes null;
 * - objects gain fields nobody asked for;
 * - success bodies gain a `message` when they have none;
 * - the first authenticated gateway call (processPayment aside, and not counted) after the mode is switched on is
 *   refused in the body (`type: "401"`, HTTP 200) and its token revoked, once; an expired token
 *   is always refused that way while the mode is on, processPayment included.
 * Bank events keep their `payment.public_id` as an int64 above 2^53 (written as raw JSON text).
 */
export interface VariantSettings {
  enabled: boolean;
  seed: string;
  /** Chance of each single variation, 0..1 (default 0.5). */
  rate: number;
  /** How many body-level 401s are still to be given (1 when the mode is switched on). */
  bodyUnauthorizedLeft: number;
}

export class AnswerVariants {
  private settings: VariantSettings;
  private random: SeededRandom;

  constructor(enabled: boolean, seed: string) {
    this.settings = { enabled, seed, rate: 0.5, bodyUnauthorizedLeft: enabled ? 1 : 0 };
    this.random = new SeededRandom(`${seed}:variants`);
  }

  get enabled(): boolean {
    return this.settings.enabled;
  }

  describe(): VariantSettings {
    return { ...this.settings };
  }

  /** Switches the mode (and restarts its generator: the same seed gives the same answers again). */
  configure(change: { enabled: boolean; seed?: string | undefined; rate?: number | undefined; bodyUnauthorized?: number | undefined }): VariantSettings {
    const seed = change.seed ?? this.settings.seed;
    this.settings = {
      enabled: change.enabled,
      seed,
      rate: change.rate ?? this.settings.rate,
      bodyUnauthorizedLeft: change.enabled ? (change.bodyUnauthorized ?? 1) : 0,
    };
    this.random = new SeededRandom(`${seed}:variants`);
    return this.describe();
  }

  /** true once per switch-on: this authenticated call is refused in the body. */
  takeBodyUnauthorized(): boolean {
    if (!this.settings.enabled || this.settings.bodyUnauthorizedLeft <= 0) return false;
    this.settings.bodyUnauthorizedLeft -= 1;
    return true;
  }

  /** A gateway JSON answer as the real gateway might have written it. */
  varyGatewayAnswer(body: unknown): unknown {
    if (!this.settings.enabled) return body;
    const varied = this.vary(body);
    if (isRecord(varied) && isSuccessType(varied.type) && varied.message === undefined && this.chance()) {
      varied.message = 'Operación realizada con éxito';
    }
    return varied;
  }

  /** A bank event as a Java service may have written it; returns JSON text (int64 stays exact). */
  varyBankEventText(event: unknown): string {
    if (!this.settings.enabled || !isRecord(event)) return JSON.stringify(event);
    const payment = isRecord(event.payment) ? event.payment : undefined;
    const withExtras = { ...event, trace: { span: this.random.hex(16) } };
    if (!payment) return JSON.stringify(withExtras);
    // Above 2^53: JSON.stringify cannot write it from a number, so the digits go in as raw text.
    const marker = `__public_id_${this.random.hex(8)}__`;
    const bigId = (2n ** 53n + BigInt(this.random.intBetween(1, 1_000_000))).toString();
    const text = JSON.stringify({ ...withExtras, payment: { ...payment, public_id: marker } });
    return text.replace(`"${marker}"`, bigId);
  }

  private chance(): boolean {
    return this.random.nextFraction() < this.settings.rate;
  }

  private vary(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.vary(item));
    if (isRecord(value)) {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(value)) out[key] = this.vary(field);
      if (this.chance()) out[`x_${this.random.hex(6)}`] = this.chance() ? null : { note: 'field not in the contract' };
      return out;
    }
    if (typeof value === 'number' && Number.isFinite(value) && this.chance()) return String(value);
    if (typeof value === 'string') {
      if (value === '' && this.chance()) return null;
      // Only canonical numbers: "0071" or "15000.00" would not read back as the same text.
      if (/^(0|[1-9]\d{0,14})(\.\d*[1-9])?$/.test(value) && String(Number(value)) === value && this.chance()) return Number(value);
    }
    return value;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSuccessType(type: unknown): boolean {
  return String(type) === '200' || String(type) === '100';
}
