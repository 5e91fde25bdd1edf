// The development MERCHANT_SECRET that `npm start` prints is public (it is in this repository),
// so it may only open a back office that talks to the sandbox. With a real gateway configured, or
// with NODE_ENV=production, the start stops with a message naming MERCHANT_SECRET.
import { isLoopbackUrl } from '../../../contract/https-url.ts';

/** Not a secret: it only opens the local demo's back office. Printed so the presenter can sign in. */
export const developmentMerchantSecret = 'dev-merchant-secret-change-me';

/** Secrets anyone can read in this repository. */
const knownSecrets = new Set([developmentMerchantSecret]);

/**
 * The sandbox runs on loopback (`npm start`, the tests); a gateway anywhere else is a real one.
 * A real gateway behind a local tunnel would pass for the sandbox: NODE_ENV=production refuses
 * the development secret whatever the gateway, so a production start cannot slip through that way.
 */
export function isSandboxGateway(gatewayBaseUrl: string): boolean {
  return isLoopbackUrl(gatewayBaseUrl);
}

/** A config line naming MERCHANT_SECRET when it must not be accepted, else undefined. */
export function merchantSecretProblem(config: {
  NODE_ENV: string;
  GATEWAY_BASE_URL: string;
  MERCHANT_SECRET?: readonly string[] | undefined;
  MERCHANT_READ_SECRET?: readonly string[] | undefined;
}): string | undefined {
  if (config.NODE_ENV !== 'production' && isSandboxGateway(config.GATEWAY_BASE_URL)) return undefined;
  if (!config.MERCHANT_SECRET?.length) return 'MERCHANT_SECRET: is required with a real gateway (GATEWAY_BASE_URL is not the sandbox)';
  // A rotation's previous secret opens the API as much as the current one, and a read key reads everything.
  for (const variable of ['MERCHANT_SECRET', 'MERCHANT_READ_SECRET'] as const) {
    if ((config[variable] ?? []).some((secret) => knownSecrets.has(secret))) {
      return `${variable}: set a secret of your own (16+ characters): the development value is accepted only with the sandbox outside production`;
    }
  }
  return undefined;
}
