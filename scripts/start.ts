// `npm start`: builds the widget and the BFF (output in .start/build.log; `--no-build` skips it),
// then runs the sandbox, the BFF and the demo on 127.0.0.1, each on its own port, prints their URLs,
// and stops them all on Ctrl-C or SIGTERM.
// With no gateway credentials set, the BFF points at the sandbox and its demo merchant
// (ARCHITECTURE.md, Configuration): one set of variables configures both ends.
import { rmSync } from 'node:fs';
import { startSandbox } from '../sandbox/server.ts';
import { gatewayProfileFromEnv } from '../sandbox/gateway/gateway-profile.ts';
import { sandboxDefaults } from '../sandbox/defaults.ts';
import { startBff } from '../bff/server.ts';
import { developmentMerchantSecret as DEV_MERCHANT_SECRET } from '../bff/http/auth/development-secret.ts';
import { startDemo } from '../demo/server.ts';
import type { RunningServer } from '../node/serve-app.ts';
import { quietBuild } from './quiet-build.ts';
import { firstUnreachable, type ConfiguredUpstream } from './upstream-reachability.ts';


const skipBuild = process.argv.includes('--no-build');
if (!skipBuild) {
  console.log('  building the widget and the BFF…');
  const build = quietBuild('npm', ['run', '--silent', 'build'], '.start/build.log');
  (build.ok ? console.log : console.error)(build.report);
  if (!build.ok) process.exit(1);
}

const env = { ...process.env };
env.SANDBOX_PORT ||= '4010';
env.BFF_PORT ||= '8787';
env.DEMO_PORT ||= '5173';
const demoOrigin = `http://127.0.0.1:${env.DEMO_PORT}`;
const usingSandbox = !env.GATEWAY_BASE_URL;

// A gateway or bank set by hand must answer before anything starts (the sandbox is ours to start).
const configuredUpstreams: ConfiguredUpstream[] = (['GATEWAY_BASE_URL', 'BANK_BASE_URL'] as const).flatMap((variable) => (env[variable] ? [{ variable, url: env[variable] }] : []));
const unreachable = await firstUnreachable(configuredUpstreams);
if (unreachable) {
  console.error(`\n${unreachable}\n`);
  process.exit(1);
}

if (env.E2E_FRESH_DB && env.DATABASE_URL?.startsWith('file:')) {
  // The e2e suite wants a clean store on every run.
  const file = env.DATABASE_URL.slice('file:'.length);
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
}

const running: RunningServer[] = [];
async function stopAll(code: number) {
  await Promise.allSettled(running.map((server) => server.close()));
  process.exit(code);
}

try {
  const sandbox = await startSandbox(env);
  running.push(sandbox);
  env.SANDBOX_URL = sandbox.url;
  if (usingSandbox) {
    env.GATEWAY_BASE_URL = sandbox.url;
    env.GATEWAY_API_USER ||= sandboxDefaults.merchant.apiUser;
    env.GATEWAY_API_PASSWORD ||= sandboxDefaults.merchant.apiPassword;
    env.GATEWAY_API_KEY ||= sandboxDefaults.merchant.apiKey;
    // The BFF reads the brand the sandbox writes (SANDBOX_PROFILE / SANDBOX_GATEWAY_BRAND).
    env.GATEWAY_BRAND ||= gatewayProfileFromEnv(env).brand;
  }
  if (!env.BANK_BASE_URL) {
    env.BANK_BASE_URL = `${sandbox.url}/banking`;
    env.BANK_ACCESS_TOKEN ||= sandboxDefaults.bankAccessToken;
    env.BANK_SECRET_REF ||= sandboxDefaults.bankSecretRef;
    // Register the BFF's bank destination with the sandbox at start, so demo bank events arrive with no manual step.
    env.BANK_REGISTER_DESTINATION ||= '1';
    // The sandbox merchant takes SINPE Móvil: CRC carts offer it, settled by the sandbox bank's events.
    env.SINPE_MOVIL_PHONE ||= sandboxDefaults.sinpeMovilPhone;
    // Dollar prices shown and payable in colones in the demo; a merchant posts the real day's rate.
    env.EXCHANGE_RATE_USD_CRC ||= sandboxDefaults.usdCrcRate;
    // The sandbox gateway takes colones: the demo's dollar products may be paid by card in colones too.
    env.CARD_COLONES_FOR_USD ||= '1';
  }
  const merchantSecretGenerated = !env.MERCHANT_SECRET;
  env.MERCHANT_SECRET ||= DEV_MERCHANT_SECRET;
  env.ALLOWED_ORIGINS ||= demoOrigin;
  // The demo shop's name on the payment-link result page (which links back to the storefront).
  env.MERCHANT_NAME ||= 'Pura Vida Market';
  // The demo serves its back office from the storefront's origin: name it as a back office too.
  env.BACKOFFICE_ORIGINS ||= demoOrigin;
  const bff = await startBff(env);
  running.push(bff);
  env.BFF_URL = bff.url;
  const demo = await startDemo(env);
  running.push(demo);
  console.log(`\n  sandbox   ${sandbox.url}   (gateway at /, bank at /banking${usingSandbox ? ', demo merchant' : ', not used by the BFF'})`);
  console.log(`  bff       ${bff.url}`);
  console.log(`  demo      ${demo.url}   (storefront)   ${demo.url}/backoffice.html`);
  if (merchantSecretGenerated) console.log(`\n  back-office merchant secret (development value): ${DEV_MERCHANT_SECRET}`);
  console.log('\n  Ctrl-C stops all three.\n');
} catch (error) {
  console.error(`\n${(error as Error).message}\n`);
  await stopAll(1);
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
