import type fc from 'fast-check';
import { SeededRandom } from '../seeded-random.ts';
import {
  bankEnvelopeAsWritten,
  deliveryDataAsWritten,
  gatewayAnswerAsWritten,
  informationKept,
  isRecord,
  RawJsonNumber,
  sampleWritten,
  toJsonText,
  type GatewayOperation,
} from '../spec-model/index.ts';

/**
 * The variance mode: the sandbox answers the way the real PHP gateway and Java bank may, not
 * only the way the contract draws it. The variants are draws from the spec model
 * (`sandbox/spec-model/`, written from gateway-facts.md "Reading the gateway's and the bank's
 * answers" and the two specs): each keeps the answer's meaning and changes only how it is written.
 * Off by default; SANDBOX_VARIANTS=1 turns it on for a whole run, and POST /_sandbox/variants for
 * one test. Every choice comes from the mode's own seeded generator (each draw of the model gets its
 * seed from it), so a seed replays the same answers and the sandbox's other randomness (ids, auth
 * numbers) is the same with the mode on or off.
 *
 * Each answer is written canonically with probability `1 - rate`, otherwise as one draw of the model:
 * - gateway JSON answers and link webhooks (gatewayAnswerAsWritten): numbers as numeric text and
 *   numeric text as numbers, empty values as null, "" or no key, fields that are not the payment's
 *   identity or outcome left empty, amounts with a thousands comma or as numbers, "no transactions"
 *   as [], null, "" or nothing, records in any order, a message on a success, extra fields;
 * - bank events (bankEnvelopeAsWritten): public_id as digits or text, timestamps with milliseconds,
 *   optional fields (payment.amount.amount among them) left out, provider fields null, extra fields;
 * - bank deliveries (deliveryDataAsWritten): `data` as MIME base64, a line break every 76 characters.
 * Never a change of sequence: each event is delivered once per trigger, in order, as before.
 * Always, while the mode is on:
 * - the first authenticated gateway call (processPayment aside, and not counted) after the mode is
 *   switched on is refused in the body (`type: "401"`, HTTP 200) and its token revoked, once; an
 *   expired token is always refused that way while the mode is on, processPayment included;
 * - a bank event's `payment.public_id` is its payment's id lifted above 2^53 (the same for every
 *   event of the payment), which only raw JSON digits can carry exactly.
 */
export interface VariantSettings {
  enabled: boolean;
  seed: string;
  /** Chance that one answer is written as a variant rather than canonically, 0..1 (default 0.5). */
  rate: number;
  /** How many body-level 401s are still to be given (1 when the mode is switched on). */
  bodyUnauthorizedLeft: number;
  /**
   * true (SANDBOX_VARIANTS=all, or `{everyForm: true}`): every form the model has, those that leave
   * out an optional field or empty one no decision needs included. false (default): only the forms
   * that keep every piece of information, so what a test or a demo reads is still all there.
   */
  everyForm: boolean;
}

/** gateway-facts.md "Reading…": bank ids above 2^53 exist. */
const twoTo53 = 2n ** 53n;

export class AnswerVariants {
  private settings: VariantSettings;
  private random: SeededRandom;

  constructor(enabled: boolean, seed: string, everyForm = false) {
    this.settings = { enabled, seed, rate: 0.5, bodyUnauthorizedLeft: enabled ? 1 : 0, everyForm };
    this.random = new SeededRandom(`${seed}:variants`);
  }

  get enabled(): boolean {
    return this.settings.enabled;
  }

  describe(): VariantSettings {
    return { ...this.settings };
  }

  /** Switches the mode (and restarts its generator: the same seed gives the same answers again). */
  configure(change: { enabled: boolean; seed?: string | undefined; rate?: number | undefined; bodyUnauthorized?: number | undefined; everyForm?: boolean | undefined }): VariantSettings {
    const seed = change.seed ?? this.settings.seed;
    this.settings = {
      enabled: change.enabled,
      seed,
      rate: change.rate ?? this.settings.rate,
      bodyUnauthorizedLeft: change.enabled ? (change.bodyUnauthorized ?? 1) : 0,
      everyForm: change.everyForm ?? this.settings.everyForm,
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

  /** A gateway JSON answer of `operation` as the real gateway might have written it. */
  varyGatewayAnswer(body: unknown, operation?: GatewayOperation): unknown {
    if (!this.varies()) return body;
    return sampleWritten(this.model(() => gatewayAnswerAsWritten(operation, body)), this.random.nextUint32());
  }

  /** A bank event as a Java service may have written it; returns JSON text (int64 stays exact). */
  varyBankEventText(event: unknown): string {
    if (!this.settings.enabled || !isRecord(event)) return JSON.stringify(event);
    const lifted = withPublicIdAbove2To53(event);
    if (!this.varies()) return toJsonText(lifted);
    return sampleWritten(this.model(() => bankEnvelopeAsWritten(lifted)), this.random.nextUint32());
  }

  /** A delivery's base64 `data`, maybe as MIME base64 (banking-webhooks.md §6.1: the bytes are the same). */
  varyDeliveryData(data: string): string {
    if (!this.varies()) return data;
    return sampleWritten(deliveryDataAsWritten(data), this.random.nextUint32());
  }

  /** The model's arbitrary, with every form or only those that keep all information (everyForm). */
  private model<T>(build: () => fc.Arbitrary<T>): fc.Arbitrary<T> {
    return this.settings.everyForm ? build() : informationKept(build);
  }

  /** On, and this answer drawn as a variant (chance `rate`). */
  private varies(): boolean {
    return this.settings.enabled && this.random.nextFraction() < this.settings.rate;
  }
}

function withPublicIdAbove2To53(event: Record<string, unknown>): Record<string, unknown> {
  const payment = event.payment;
  if (!isRecord(payment) || typeof payment.public_id !== 'number' || !Number.isSafeInteger(payment.public_id)) return event;
  return { ...event, payment: { ...payment, public_id: new RawJsonNumber((twoTo53 + BigInt(payment.public_id)).toString()) } };
}
