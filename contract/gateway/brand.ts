/**
 * The gateway's brand-derived field names, in one place. gateway-api.md writes the brand as `svc`
 * (§2.3: "svc stands for the service brand"); the real service writes its own name there
 * (gateway-facts.md "Observed in public integrations of the real service", "Brand-named fields",
 * firm: `id_tilopay`, `tilopay-transaction`, `tilopayLinkId`, `tilopayOrderId`).
 *
 * Inside the code every message keeps the spec's spelling (`id_svc`, `svc-transaction`,
 * `svcLinkId`, `svcOrderId`, as the schemas in this folder declare them); only the edges that read
 * or write the wire go through here, so the brand is set once (GATEWAY_BRAND, SANDBOX_GATEWAY_BRAND)
 * and nothing else changes with it.
 */

/** The spec's own brand: the spelling of every schema in contract/gateway. */
export const specBrand = 'svc';

/** A brand is a lowercase word (it becomes part of JSON keys and query parameter names). */
export const brandPattern = /^[a-z][a-z0-9]{0,31}$/;

export interface BrandFieldNames {
  /** consult's record id (gateway-api.md §2.3). */
  transactionId: string;
  /** The redirect's repeat of tpt (gateway-api.md §6.1). */
  redirectTransaction: string;
  /** The link callback's and webhook's link id (gateway-api.md §6.2, §6.3). */
  linkId: string;
  /** The link callback's and webhook's gateway order id (gateway-api.md §6.2, §6.3). */
  orderId: string;
}

export function brandFieldNames(brand: string): BrandFieldNames {
  if (!brandPattern.test(brand)) throw new RangeError(`not a gateway brand: ${JSON.stringify(brand)}`);
  return {
    transactionId: `id_${brand}`,
    redirectTransaction: `${brand}-transaction`,
    linkId: `${brand}LinkId`,
    orderId: `${brand}OrderId`,
  };
}

export const specFieldNames: BrandFieldNames = brandFieldNames(specBrand);

const fieldKeys = Object.keys(specFieldNames) as (keyof BrandFieldNames)[];

/**
 * A message as the gateway of `brand` wrote it, with its brand-derived keys in the spec's spelling.
 * A key spelled with another brand (say `svcLinkId` when the brand is `tilopay`) is dropped, never
 * read: what the real service did not write must not stand in for what it did.
 */
export function withSpecBrandKeys<T>(message: T, brand: string): T {
  if (brand === specBrand || typeof message !== 'object' || message === null || Array.isArray(message)) return message;
  const names = brandFieldNames(brand);
  const renamed: Record<string, unknown> = { ...(message as Record<string, unknown>) };
  for (const key of fieldKeys) {
    delete renamed[specFieldNames[key]];
    if (Object.hasOwn(renamed, names[key])) {
      renamed[specFieldNames[key]] = renamed[names[key]];
      delete renamed[names[key]];
    }
  }
  return renamed as T;
}

/** A message in the spec's spelling, written with `brand`'s keys (the sandbox's answers). */
export function withBrandKeys<T extends object>(message: T, brand: string): Record<string, unknown> {
  if (brand === specBrand) return message as Record<string, unknown>;
  const names = brandFieldNames(brand);
  const renamed: Record<string, unknown> = {};
  const specToBrand = new Map(fieldKeys.map((key) => [specFieldNames[key], names[key]]));
  for (const [key, value] of Object.entries(message)) renamed[specToBrand.get(key) ?? key] = value;
  return renamed;
}
