// SINPE Móvil on the wire (ARCHITECTURE.md "SINPE Móvil"): what POST /v1/checkout answers for
// `"method":"sinpe_movil"`, and what the session answer says about it. Shared by the BFF and the widget.
import * as z from 'zod/mini';

/**
 * An amount on the wire (bff-api.ts decimalAmountString's shape). Not imported from there, which
 * imports this file, nor from money.ts, which pulls a CommonJS currency table the browser cannot load.
 */
const transferAmount = z.string().check(z.regex(/^(0|[1-9]\d{0,14})(\.\d{1,4})?$/, 'invalid_amount'));

/** The merchant's SINPE Móvil number: 8 digits, as the bank app asks for it. */
export const sinpePhonePattern = /^\d{8}$/;

/** What the buyer needs to make the transfer from their bank app. */
export const sinpeMovilInstructions = z.object({
  /** The merchant's number, 8 digits (shown as 8888-8888). */
  phone: z.string().check(z.regex(sinpePhonePattern)),
  /**
   * The exact amount to send, in colones: it may be a few colones below the order's so that no
   * other awaited transfer asks for the same (the bank's event then finds the order by its amount
   * even without the reference).
   */
  amount: transferAmount,
  /** How much below the order's amount `amount` is (whole colones, "0.00" when none). */
  discount: transferAmount,
  currency: z.literal('CRC'),
  /** What the buyer writes in the transfer's description: it is how the bank's event finds the order. */
  reference: z.string(),
  /** ISO 8601: after this the attempt lapses unpaid (the buyer may open another). */
  expiresAt: z.string(),
  /**
   * Present (true) when the transfer is found by its reference only: every amount near the price
   * is asked of other buyers, so money sent without the reference cannot be told apart. The buyer
   * must write the reference in the transfer's description.
   */
  referenceOnly: z.optional(z.literal(true)),
});
export type SinpeMovilInstructions = z.infer<typeof sinpeMovilInstructions>;

/** POST /v1/checkout with `"method":"sinpe_movil"`: 200. */
export const sinpeCheckoutResponse = z.object({
  orderNumber: z.string(),
  sinpeMovil: sinpeMovilInstructions,
  /**
   * Reads this order's status for the whole transfer window and a grace after it (a session lives
   * 15 minutes, a transfer's window may be 30): what the page follows the transfer with.
   */
  statusToken: z.optional(z.string()),
});
export type SinpeCheckoutResponse = z.infer<typeof sinpeCheckoutResponse>;

/**
 * GET /v1/session's `sinpeMovil`: present when the order may be paid by SINPE Móvil (colones, and
 * the merchant has a number); `transfer` is the open transfer, so a reloaded page resumes it.
 */
export const sessionSinpeMovil = z.object({
  transfer: z.optional(sinpeMovilInstructions),
  /** With `transfer`: a status token to follow it with, as the checkout's answer gives one. */
  statusToken: z.optional(z.string()),
  /** Present (true) when the merchant asks the billing address for SINPE Móvil too (by default only name, e-mail and phone). */
  askAddress: z.optional(z.literal(true)),
});
export type SessionSinpeMovil = z.infer<typeof sessionSinpeMovil>;

/**
 * A phone as the bank may write it (+506 8888-7777, 50688887777, 8888 7777) reduced to the 8
 * digits of the national number, to compare with the merchant's.
 */
export function nationalSinpePhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length > 8 && digits.startsWith('506') ? digits.slice(3) : digits;
}

/** The phone as a Costa Rican reads it: 8888-8888. */
export function formatSinpePhone(phone: string): string {
  return sinpePhonePattern.test(phone) ? `${phone.slice(0, 4)}-${phone.slice(4)}` : phone;
}

/**
 * The alphabet of references: no 0/O, 1/I/L, 2/Z, 5/S, 6/G, 8/B, U/V or Q, so a reference read
 * aloud or copied by hand onto a phone keyboard comes out the same.
 */
export const sinpeReferenceAlphabet = '34679ACDEFHJKMNPRTWXY';
export const sinpeReferenceLength = 6;

/** A reference as a buyer may have typed it (lower case, spaces, dashes) in the one form we keep. */
export function normalizedSinpeReference(text: string): string {
  return text.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/** A possible reference: its length, and only the alphabet's characters. */
const referenceShape = new RegExp(`^[${sinpeReferenceAlphabet}]{${sinpeReferenceLength}}$`);

/**
 * Every reference a transfer's description may carry, in the one form we keep: the whole text
 * typed with spaces or dashes ("abc-def"), any word of it, and any two neighbouring words joined
 * ("ABC DEF"). Banks pack the buyer's text with the sender's data
 * ("01-2345-6789 | RAUL_PEREZ | 0 | abcdef"), so the reference may be anywhere in it.
 */
export function referencesIn(text: string): string[] {
  const words = text.toUpperCase().split(/[^0-9A-Z]+/).filter(Boolean);
  const candidates = [normalizedSinpeReference(text), ...words, ...words.slice(1).map((word, i) => words[i] + word)];
  return [...new Set(candidates.filter((candidate) => referenceShape.test(candidate)))];
}
