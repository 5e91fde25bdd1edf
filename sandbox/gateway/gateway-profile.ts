/**
 * How the sandbox writes its answers: as gateway-api.md does (`spec`, the default), or as the real
 * service is observed to (`tilopay`; gateway-facts.md "Observed in public integrations of the real
 * service", each difference tagged there by its evidence). SANDBOX_PROFILE picks one;
 * SANDBOX_GATEWAY_BRAND the brand its fields are spelled with (default: the profile's).
 */
import { brandPattern, specBrand } from '../../contract/gateway/brand.ts';
import type { OrderHashAmountStyle } from '../../contract/gateway-facts.ts';

export const sandboxProfiles = ['spec', 'tilopay'] as const;
export type SandboxProfileName = (typeof sandboxProfiles)[number];

export interface GatewayProfile {
  name: SandboxProfileName;
  /** The brand in `id_<brand>`, `<brand>-transaction`, `<brand>LinkId`, `<brand>OrderId`. */
  brand: string;
  /** The parameter a cancel adds to the redirect ("Cancel": `wp_cancel=yes` on the real page). */
  cancelFlag: readonly [name: string, value: string];
  /** consult's `orderNumber` is the merchant's own, prefixed with this ("Consult's orderNumber"). */
  orderNumberPrefix: string;
  /** consult leaves `card`/`last` empty; the redirect carries `brand` and `last-digits` ("Card on the receipt"). */
  cardOnRedirectOnly: boolean;
  /** The record has no IVA or retention fields, and `commission` is a string. */
  plainAccounting: boolean;
  /** The OrderHash amount as the official plugin signs it ("OrderHash amount": `15,000.00`). */
  hashAmountStyle: OrderHashAmountStyle;
}

/** The merchant code observed in front of consult's order numbers (two sources, real account). */
export const observedMerchantPrefix = 'PFC030684-';

export function gatewayProfileOf(name: SandboxProfileName = 'spec', brand?: string): GatewayProfile {
  const chosenBrand = brand ?? (name === 'tilopay' ? 'tilopay' : specBrand);
  if (!brandPattern.test(chosenBrand)) throw new RangeError(`SANDBOX_GATEWAY_BRAND: not a brand: ${JSON.stringify(chosenBrand)}`);
  const tilopay = name === 'tilopay';
  return {
    name,
    brand: chosenBrand,
    cancelFlag: tilopay ? ['wp_cancel', 'yes'] : ['cancel', '1'],
    orderNumberPrefix: tilopay ? observedMerchantPrefix : '',
    cardOnRedirectOnly: tilopay,
    plainAccounting: tilopay,
    // Both profiles sign as the official plugin does; the BFF verifies either form.
    hashAmountStyle: 'thousands',
  };
}

/** SANDBOX_PROFILE and SANDBOX_GATEWAY_BRAND, read once; a bad value stops the start naming it. */
export function gatewayProfileFromEnv(env: Record<string, string | undefined>): GatewayProfile {
  const name = env.SANDBOX_PROFILE || 'spec';
  if (!(sandboxProfiles as readonly string[]).includes(name)) throw new RangeError(`SANDBOX_PROFILE: expected one of ${sandboxProfiles.join(', ')}, got ${JSON.stringify(name)}`);
  return gatewayProfileOf(name as SandboxProfileName, env.SANDBOX_GATEWAY_BRAND || undefined);
}
