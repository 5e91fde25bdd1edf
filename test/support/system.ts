// One way to start the system under test: `startSystem({ mode, clock?, env?, bank? })`, over a fresh
// database on the run's engine (a SQLite file; a new PostgreSQL database when TEST_DATABASE_URL
// names a server) and with the environment of system-env.ts.
//
//   'in-process'  (the default) the sandbox app and the BFF (createApp, its inbox worker and
//                 reconciler) in this process, each at a loopback origin answered in-process
//                 (test/bff/fixtures/in-process-routes.ts): no socket. For specs that only need HTTP.
//   'listening'   the sandbox and the BFF each on an ephemeral loopback port, wired by URL as in
//                 production: for a command line, a browser or another process that must reach them,
//                 for real sockets, and for one smoke file per engine.
//   'process'     the sandbox on a port and BFF child processes (the production bundle on plain node,
//                 test/bff/fixtures/bff-process.ts) that the test starts, kills with -9 and restarts
//                 on the same database and the same fixed port; the test reads that database itself.
//
// A clock the test moves by hand (ManualClock) reaches the BFF in the first two modes only: a child
// process keeps its own time.
import type { Env } from '../../bff/config.ts';
import type { Clock } from '../../bff/lib/observability/clock.ts';
import { openBffInProcess, startBff, type RunningBff, type StartBffOptions } from '../../bff/server.ts';
import type { BffApp } from '../../bff/app.ts';
import { openStore, type Store } from '../../bff/store/database.ts';
import { createSandbox } from '../../sandbox/app.ts';
import { SandboxControl } from '../../sandbox/control-client.ts';
import { sandboxDefaults } from '../../sandbox/defaults.ts';
import { gatewayProfileFromEnv } from '../../sandbox/gateway/gateway-profile.ts';
import { startSandbox } from '../../sandbox/server.ts';
import { freePort, spawnBff, type BffProcess } from '../bff/fixtures/bff-process.ts';
import { newOrigin, route, routedFetch, type UpstreamRewrite } from '../bff/fixtures/in-process-routes.ts';
import { createTestDatabase } from '../bff/fixtures/test-database.ts';
import { testResolver } from '../bff/fixtures/test-resolver.ts';
import { metricsToken, systemEnv, type SystemPlace } from './system-env.ts';

export { merchantSecret, metricsHeaders, metricsToken, shopOrigin } from './system-env.ts';
export type { UpstreamRewrite } from '../bff/fixtures/in-process-routes.ts';

/** A clock the test moves by hand (session expiry, status intervals). */
export class ManualClock implements Clock {
  private current: number;
  constructor(start = Date.now()) {
    this.current = start;
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

/** The bank's shared secrets of a system started with `bank: true`: deliveries are encrypted with the first. */
export const currentBankSecret = 'test-bank-secret-current';
export const previousBankSecret = 'test-bank-secret-previous';

export interface SystemOptions extends StartBffOptions {
  mode?: 'in-process' | 'listening';
  /** Extra or replaced BFF environment variables (a function: those that name the sandbox's URL). */
  env?: Env | ((sandboxUrl: string) => Env);
  /** The BFF knows the sandbox bank (its webhook API and secrets), with fast inbox polls and retries. */
  bank?: boolean;
  /** 'in-process' only: every answer of the sandbox passes through it before the BFF reads it. */
  rewrite?: UpstreamRewrite;
}

export interface ProcessSystemOptions {
  mode: 'process';
  /** The settings the spec is about, on top of the children's environment. */
  env?: Env;
  bank?: boolean;
}

export interface System {
  mode: 'in-process' | 'listening';
  engine: 'sqlite' | 'postgres';
  sandboxUrl: string;
  /** The current first BFF's URL (it follows restartBff). */
  readonly bffUrl: string;
  sandbox: SandboxControl;
  /** The current first BFF (it follows restartBff). */
  readonly bff: RunningBff;
  /** The environment the BFF was started with (credentials included: tests only). */
  env: Env;
  /** Starts another BFF on the same database and sandbox (multi-instance tests); closed with the system. */
  startAnotherBff(overrides?: Env, options?: StartBffOptions): Promise<RunningBff>;
  /** Stops the first BFF (the database and sandbox stay) and starts it again with `overrides`. */
  restartBff(overrides?: Env): Promise<RunningBff>;
  close(): Promise<void>;
}

export interface ProcessSystem {
  mode: 'process';
  engine: 'sqlite' | 'postgres';
  sandboxUrl: string;
  /** Where every child listens: one fixed port, so a restart comes back at the same address. */
  bffUrl: string;
  sandbox: SandboxControl;
  env: Record<string, string>;
  /** The children's database, opened by the test (SQLite WAL: the test's reads and a child's writes coexist). */
  store: Store;
  /** A BFF child with the system's environment and `extra`; killed at close if still running. */
  spawn(extra?: Env): Promise<BffProcess>;
  close(): Promise<void>;
}

/** What a BFF needs to know the sandbox bank at `sandboxUrl`, with fast inbox polls and retries. */
function bankEnv(sandboxUrl: string): Env {
  return {
    BANK_BASE_URL: `${sandboxUrl}/banking`,
    BANK_ACCESS_TOKEN: sandboxDefaults.bankAccessToken,
    BANK_SECRET_REF: `${currentBankSecret},${previousBankSecret}`,
    INBOX_POLL_MS: '50',
    INBOX_RETRY_BASE_MS: '50',
    INBOX_RETRY_MAX_MS: '200',
    // A report its link's listing does not show waits one lookup interval: short, like the retries.
    LINK_LOOKUP_INTERVAL_MS: '200',
    // Every in-process request comes from the one address 'unknown': as many SINPE Móvil amounts
    // as the suites open (sinpe-money-stories.spec.ts tests the share, from distinct addresses).
    SINPE_AMOUNTS_PER_CLIENT: '100000',
    METRICS_TOKEN: metricsToken,
  };
}

/** The environment of a BFF under test: systemEnv, an ephemeral port, silent logs, a 5 s gateway timeout, then `extra`. */
export function testBffEnv(place: SystemPlace, extra: Env = {}): Env {
  return systemEnv(place, { BFF_PORT: '0', LOG_LEVEL: 'silent', GATEWAY_TIMEOUT_MS: '5000', ...extra });
}

function extraEnvOf(options: { env?: Env | ((sandboxUrl: string) => Env); bank?: boolean }, sandboxUrl: string): Env {
  const extra = typeof options.env === 'function' ? options.env(sandboxUrl) : options.env;
  return { ...(options.bank ? bankEnv(sandboxUrl) : {}), ...extra };
}

/** The StartBffOptions among a system's options. */
function bffOptionsOf(options: SystemOptions): StartBffOptions {
  return {
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.databaseSchema ? { databaseSchema: options.databaseSchema } : {}),
    resolveHost: options.resolveHost ?? testResolver(),
  };
}

/** `bff` whose close runs once: a test may close it early (a restart), and the system closes what is left. */
function closingOnce(bff: RunningBff, after: () => void = () => undefined): RunningBff {
  let closing: Promise<void> | undefined;
  return { ...bff, close: (options) => (closing ??= bff.close(options).then(after)) };
}

/** Runs the cleanups newest first, each once. */
class Cleanups {
  private readonly steps: Array<() => Promise<void> | void> = [];
  add(step: () => Promise<void> | void): void {
    this.steps.push(step);
  }
  async run(): Promise<void> {
    for (const step of this.steps.splice(0).reverse()) await step();
  }
}

export function startSystem(options: ProcessSystemOptions): Promise<ProcessSystem>;
export function startSystem(options?: SystemOptions): Promise<System>;
export async function startSystem(options: SystemOptions | ProcessSystemOptions = {}): Promise<System | ProcessSystem> {
  const cleanups = new Cleanups();
  try {
    if (options.mode === 'process') return await processSystem(options, cleanups);
    return await bffSystem(options, cleanups);
  } catch (error) {
    await cleanups.run();
    throw error;
  }
}

/** The sandbox and a first BFF, in this process or listening on ports. */
async function bffSystem(options: SystemOptions, cleanups: Cleanups): Promise<System> {
  const mode = options.mode ?? 'in-process';
  const sandboxUrl = mode === 'in-process' ? sandboxInProcess(options, cleanups) : await sandboxListening(cleanups);
  const database = await createTestDatabase();
  cleanups.add(() => database.drop());
  const env = testBffEnv({ sandboxUrl, databaseUrl: database.url }, extraEnvOf(options, sandboxUrl));
  const bffOptions = bffOptionsOf(options);
  const open = async (overrides: Env, more: StartBffOptions): Promise<RunningBff> => {
    const opened = mode === 'in-process' ? await bffInProcess({ ...env, ...overrides }, { ...bffOptions, ...more }) : closingOnce(await startBff({ ...env, ...overrides }, { ...bffOptions, ...more }));
    cleanups.add(() => opened.close());
    return opened;
  };
  let current = await open({}, {});
  return {
    mode,
    engine: database.engine,
    sandboxUrl,
    get bffUrl() {
      return current.url;
    },
    sandbox: new SandboxControl(sandboxUrl),
    get bff() {
      return current;
    },
    env: mode === 'in-process' ? { ...env, PUBLIC_BFF_URL: current.url } : env,
    startAnotherBff: (overrides = {}, more = {}) => open(overrides, more),
    async restartBff(overrides = {}) {
      await current.close();
      current = await open(overrides, {});
      return current;
    },
    close: () => cleanups.run(),
  };
}

/** The sandbox app at an origin of its own, answered in this process; its webhooks reach the BFF the same way. */
function sandboxInProcess(options: SystemOptions, cleanups: Cleanups): string {
  const sandboxUrl = newOrigin();
  // SANDBOX_PROFILE and SANDBOX_GATEWAY_BRAND among the options' env choose how it writes its
  // answers, as they do for `npm start`.
  const extra = typeof options.env === 'function' ? options.env(sandboxUrl) : options.env;
  const { app } = createSandbox({ allowHttpLoopbackWebhooks: true, fetch: routedFetch, profile: gatewayProfileFromEnv(extra ?? {}) });
  const { rewrite } = options;
  cleanups.add(route(sandboxUrl, async (request) => (rewrite ? rewrite(request.clone(), await app.fetch(request)) : app.fetch(request))));
  return sandboxUrl;
}

async function sandboxListening(cleanups: Cleanups): Promise<string> {
  const sandbox = await startSandbox({ SANDBOX_PORT: '0' });
  cleanups.add(() => sandbox.close());
  return sandbox.url;
}

/** A BFF at an origin of its own, answered in this process (503 until the app exists, as a port bound before the app would). */
async function bffInProcess(env: Env, options: StartBffOptions): Promise<RunningBff> {
  const origin = newOrigin();
  let app: BffApp | undefined;
  const unroute = route(origin, (request) => (app ? app.fetch(request) : new Response('Starting', { status: 503 })));
  try {
    return closingOnce(await openBffInProcess({ ...env, PUBLIC_BFF_URL: origin }, (built) => (app = built), options), unroute);
  } catch (error) {
    unroute();
    throw error;
  }
}

/** The sandbox on a port, the test's view of a fresh database, and BFF children started on demand. */
async function processSystem(options: ProcessSystemOptions, cleanups: Cleanups): Promise<ProcessSystem> {
  const sandboxUrl = await sandboxListening(cleanups);
  const database = await createTestDatabase();
  cleanups.add(() => database.drop());
  const port = await freePort();
  const env = definedOnly(
    systemEnv(
      { sandboxUrl, databaseUrl: database.url },
      // A child of its own finds node by PATH; a fast inbox, as the crash tests wait on it.
      { PATH: process.env.PATH ?? '', BFF_PORT: String(port), LOG_LEVEL: 'silent', INBOX_POLL_MS: '50', ...extraEnvOf(options, sandboxUrl) },
    ),
  );
  const store = await openStore(database.url);
  cleanups.add(() => store.close());
  const children: BffProcess[] = [];
  cleanups.add(() => {
    for (const { child } of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return {
    mode: 'process',
    engine: database.engine,
    sandboxUrl,
    bffUrl: `http://127.0.0.1:${port}`,
    sandbox: new SandboxControl(sandboxUrl),
    env,
    store,
    async spawn(extra = {}) {
      const bff = await spawnBff(definedOnly({ ...env, ...extra }));
      children.push(bff);
      return bff;
    },
    close: () => cleanups.run(),
  };
}

/** A child's environment: a variable set to undefined is left out. */
function definedOnly(env: Env): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
