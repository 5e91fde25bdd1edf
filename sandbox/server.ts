import { createSandbox } from './app.ts';
import { sandboxOptionsFromEnv, type Env } from './defaults.ts';
import { gatewayProfileFromEnv } from './gateway/gateway-profile.ts';
import { serveApp, type RunningServer } from '../node/serve-app.ts';

export type { Env };

/**
 * Starts the sandbox gateway and bank on 127.0.0.1:SANDBOX_PORT (default 4010; '0' picks a
 * free port). The demo merchant and bank token come from GATEWAY_API_USER,
 * GATEWAY_API_PASSWORD, GATEWAY_API_KEY and BANK_ACCESS_TOKEN when set. Webhooks to http://
 * loopback URLs are allowed, because under `npm start` the BFF is plain http on 127.0.0.1.
 * SANDBOX_PROFILE (`spec` | `tilopay`) and SANDBOX_GATEWAY_BRAND choose how its answers are written.
 */
export function startSandbox(env: Env = process.env): Promise<RunningServer> {
  const port = Number(env.SANDBOX_PORT ?? 4010);
  const { app } = createSandbox({ ...sandboxOptionsFromEnv(env), profile: gatewayProfileFromEnv(env), allowHttpLoopbackWebhooks: true, ...(env.SANDBOX_SEED ? { seed: env.SANDBOX_SEED } : {}) });
  return serveApp(app, '127.0.0.1', port, 'SANDBOX_PORT');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startSandbox();
  console.log(`sandbox  ${server.url}`);
}
