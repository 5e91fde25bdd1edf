// The shop's own keys on a merchant session (ARCHITECTURE.md "The shop's own keys"): `metadata`, a
// small object of strings the shop reads back on every order answer and order webhook, and
// `clientReference`, its own order id, searchable with GET /v1/merchant/orders?clientReference=.
// zod/mini, like the rest of the session request (contract/bff-api.ts).
import * as z from 'zod/mini';

export const metadataLimits = { keys: 20, keyLength: 40, valueLength: 500 } as const;

/** String values only (no nesting), at most 20 keys of at most 40 characters, values up to 500. */
export const shopMetadata = z.record(
  z.string().check(z.minLength(1), z.maxLength(metadataLimits.keyLength, `keys are at most ${metadataLimits.keyLength} characters`)),
  z.string().check(z.maxLength(metadataLimits.valueLength, `values are at most ${metadataLimits.valueLength} characters`)),
).check(
  z.refine((value) => Object.keys(value).length <= metadataLimits.keys, { message: `at most ${metadataLimits.keys} keys` }),
);
export type ShopMetadata = z.infer<typeof shopMetadata>;

/** The shop's own order id (printable, no spaces at either end). */
export const clientReferenceString = z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^\S(.*\S)?$/, 'no spaces at either end'));
