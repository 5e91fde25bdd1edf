// The development MERCHANT_SECRET that `npm start` prints is public (it is in this repository),
// so it may only open a back office that talks to the sandbox. With a real gateway configured,
// the start stops with a message naming MERCHANT_SECRET.
import { isLoopbackUrl } from '../banking/destination-request.ts';

/** Not a secret: it only opens the local demo's back office. Printed so the presenter can sign in. */
export const developmentMerchantSecret = 'dev-merchant-secret-change-me';

/** Secrets anyone can read in this repository. */
const knownSecrets = new Set([developmentMerchantSecret]);

/**
 * The sandbox runs on loopback (`npm start`, the tests); a gateway anywhere else is a real one.
 * UNCERTAIN only in the other direction: a real gateway reached through a local tunnel counts as
 * the sandbox here, so such a setup must still set its own MERCHANT_SECRET.
 */
export function isSandboxGateway(gatewayBaseUrl: string): boolean {
  return isLoopbackUrl(gatewayBaseUrl);
}

/** A config line naming MERCHANT_SECRET when it must not be accepted, else undefined. */
export function merchantSecretProblem(config: { GATEWAY_BASE_URL: string; MERCHANT_SECRET?: string | undefined }): string | undefined {
  if (isSandboxGateway(config.GATEWAY_BASE_URL)) return undefined;
  if (!config.MERCHANT_SECRET) return 'MERCHANT_SECRET: is required with a real gateway (GATEWAY_BASE_URL is not the sandbox)';
  if (knownSecrets.has(config.MERCHANT_SECRET)) {
    return 'MERCHANT_SECRET: the development value is accepted only with the sandbox; set a secret of your own for a real gateway';
  }
  return undefined;
}
