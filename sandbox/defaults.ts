/**
 * The documented demo merchant and bank token. They are not secrets: they only open this
 * sandbox. `npm start` passes the same GATEWAY_* / BANK_ACCESS_TOKEN variables to the
 * sandbox and the BFF, so one set of variables configures both ends.
 */
export interface SandboxMerchant {
  apiUser: string;
  apiPassword: string;
  apiKey: string;
  merchantId: string;
}

export const sandboxDefaults = {
  merchant: {
    apiUser: 'demo@sandbox.svc-checkout.test',
    apiPassword: 'sandbox-demo-password',
    apiKey: 'sandbox-demo-api-key',
    merchantId: '1001',
  } satisfies SandboxMerchant,
  bankAccessToken: 'sandbox-demo-bank-token',
  /** A demo BANK_SECRET_REF a BFF may register its destination with under `npm start`. */
  bankSecretRef: 'sandbox-demo-secret-ref',
  /** The sandbox merchant's SINPE Móvil number (SINPE_MOVIL_PHONE under `npm start`). */
  sinpeMovilPhone: '88887777',
  /**
   * A fixture BCCR reference sell rate (colones per dollar; EXCHANGE_RATE_USD_CRC under `npm start`,
   * dated the day the BFF starts), so the demo's dollar products show their colón amount. Not a real day's rate.
   */
  usdCrcRate: '506.52',
  seed: 'svc-checkout-sandbox',
} as const;

/** The BFF's gateway variables for the sandbox at `sandboxUrl`, with its demo merchant. */
export function sandboxGatewayEnv(sandboxUrl: string) {
  const { apiUser, apiPassword, apiKey } = sandboxDefaults.merchant;
  return { GATEWAY_BASE_URL: sandboxUrl, GATEWAY_API_USER: apiUser, GATEWAY_API_PASSWORD: apiPassword, GATEWAY_API_KEY: apiKey };
}

export type Env = Record<string, string | undefined>;

/** Demo values, each replaced by its environment variable when that is set and non-empty. */
export function sandboxOptionsFromEnv(env: Env): { merchant: SandboxMerchant; bankAccessToken: string } {
  const pick = (name: string, fallback: string) => (env[name] ? env[name] : fallback);
  const merchant = sandboxDefaults.merchant;
  return {
    merchant: {
      apiUser: pick('GATEWAY_API_USER', merchant.apiUser),
      apiPassword: pick('GATEWAY_API_PASSWORD', merchant.apiPassword),
      apiKey: pick('GATEWAY_API_KEY', merchant.apiKey),
      merchantId: merchant.merchantId,
    },
    bankAccessToken: pick('BANK_ACCESS_TOKEN', sandboxDefaults.bankAccessToken),
  };
}
