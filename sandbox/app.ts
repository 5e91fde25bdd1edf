import { Hono } from 'hono';
import { bankRoutes } from './bank/bank-routes.ts';
import { controlRoutes } from './control/control-routes.ts';
import { sandboxDefaults, type SandboxMerchant } from './defaults.ts';
import { hostedPageRoutes } from './gateway/hosted-page-routes.ts';
import { linkPageRoutes } from './gateway/link-page-routes.ts';
import { linkPicturePath, linkRoutes } from './gateway/link-routes.ts';
import { loginRoutes } from './gateway/login-routes.ts';
import { pageStylesheet, pageStylesheetPath } from './gateway/payment-page.ts';
import { paymentRoutes } from './gateway/payment-routes.ts';
import { splitRoutes } from './gateway/split-routes.ts';
import { createState, type SandboxState } from './state.ts';
import { gatewayAnswerVariants } from './variants/variant-middleware.ts';
import { gatewayProfileFromEnv, type GatewayProfile } from './gateway/gateway-profile.ts';
import { feeSchedule, type FeeScheduleInput } from './gateway/fee-schedule.ts';

export interface SandboxOptions {
  merchant?: SandboxMerchant;
  bankAccessToken?: string;
  /** Same seed, same calls → same ids, auth numbers and tokens. */
  seed?: string | number;
  /** The sandbox's clock; tests move it (or POST /_sandbox/clock) to pass the capture window. */
  now?: () => Date;
  /** Accept http:// webhook URLs on loopback hosts (local demo). Default false: https only. */
  allowHttpLoopbackWebhooks?: boolean;
  /**
   * Answer with the allowed variants (sandbox/variants/answer-variants.ts). Default: on when
   * SANDBOX_VARIANTS=1 (every form that keeps all information) or SANDBOX_VARIANTS=all (every
   * form the spec model has), so a whole test run can be repeated against the variants.
   */
  variants?: boolean;
  /** Used for outgoing link webhooks and bank deliveries. */
  fetch?: typeof fetch;
  /**
   * How the gateway's answers are written (gateway/gateway-profile.ts). Default: SANDBOX_PROFILE and
   * SANDBOX_GATEWAY_BRAND from the environment, else the spec's answers with the brand `svc`.
   */
  profile?: GatewayProfile;
  /** The processor's deductions on approved card payments (gateway/fee-schedule.ts); default Costa Rican rates. */
  fees?: FeeScheduleInput;
}

export interface Sandbox {
  app: Hono;
  /** In-process access to the same state the /_sandbox control API exposes. */
  control: SandboxState;
}

/**
 * The simulated gateway (at the root: /api/v1/..., the hosted page, link pages) and bank
 * (under /banking), plus the sandbox-only control API under /_sandbox.
 */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const state = createState(
    {
      merchant: options.merchant ?? sandboxDefaults.merchant,
      bankAccessToken: options.bankAccessToken ?? sandboxDefaults.bankAccessToken,
      allowHttpLoopbackWebhooks: options.allowHttpLoopbackWebhooks ?? false,
      fetch: options.fetch ?? globalThis.fetch,
      profile: options.profile ?? gatewayProfileFromEnv(process.env),
    },
    options.seed ?? sandboxDefaults.seed,
    options.now,
    options.variants ?? (process.env.SANDBOX_VARIANTS === '1' || process.env.SANDBOX_VARIANTS === 'all'),
    process.env.SANDBOX_VARIANTS === 'all',
    feeSchedule.parse(options.fees ?? {}),
  );

  const app = new Hono();
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get(pageStylesheetPath, (c) => c.body(pageStylesheet, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'max-age=3600' }));
  // Browsers ask for it on every page; a 404 would be noise in a buyer's console.
  app.get('/favicon.ico', (c) => c.body(linkPicture, 200, { 'Content-Type': 'image/svg+xml' }));
  app.get(linkPicturePath, (c) => c.body(linkPicture, 200, { 'Content-Type': 'image/svg+xml' }));
  app.use('/api/*', gatewayAnswerVariants(state));
  app.route('/', loginRoutes(state));
  app.route('/', paymentRoutes(state));
  app.route('/', splitRoutes(state));
  app.route('/', linkRoutes(state));
  app.route('/', hostedPageRoutes(state));
  app.route('/', linkPageRoutes(state));
  app.route('/banking', bankRoutes(state));
  app.route('/_sandbox', controlRoutes(state));
  app.notFound((c) => c.json({ type: '404', message: 'Not found' }, 404));
  // A sandbox bug should look like a gateway outage to the caller, not hang or leak a stack.
  app.onError((error, c) => {
    console.error('sandbox: unexpected error', error);
    return c.json({ type: '500', message: 'Sandbox internal error' }, 500);
  });
  return { app, control: state };
}

const linkPicture = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#1f5eff"/><path d="M18 34h28M18 26h28" stroke="#fff" stroke-width="4"/></svg>';
