// The stack the speed figures load: the sandbox (gateway and bank) and BFFs, each its own child
// process on an ephemeral loopback port, wired by URL as in production, over a fresh SQLite file
// in a temporary folder. The BFF runs as production runs it (`npm run start:bff`: built by
// scripts/build-bff.mjs from the current sources, plain node with that script's flags,
// LOG_LEVEL=info with one request line per request written to a file, a signing key).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SandboxControl } from '../sandbox/control-client.ts';
import { sandboxGatewayEnv } from '../sandbox/defaults.ts';
import { merchantSecret, shopOrigin } from '../test/support/system.ts';
import { buildBff, startBffNodeFlags } from '../scripts/build-bff.mjs';
import { startServerProcess, type ServerProcess } from './server-process.ts';

/** The secret the bench's bank deliveries are encrypted with (the BFF's BANK_SECRET_REF). */
export const benchBankSecretRef = 'bench-bank-secret-ref';
export { merchantSecret, shopOrigin };

export interface BenchStack {
  /** Temporary folder of the databases and the servers' logs. */
  directory: string;
  sandbox: ServerProcess;
  sandboxControl: SandboxControl;
  /** Starts a BFF child on its own fresh SQLite file (`name` names its log and database). */
  startBff(name: string, extraEnv?: Record<string, string>): Promise<BenchBff>;
  /** Starts the inbox worker process (`npm run start:worker`) on the SQLite file of `bff`. */
  startWorker(name: string, bff: BenchBff): Promise<ServerProcess>;
  close(): Promise<void>;
}

export interface BenchBff extends ServerProcess {
  /** Path of its SQLite file (readable while it runs: WAL). */
  databaseFile: string;
}

export async function startBenchStack(): Promise<BenchStack> {
  const directory = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  const running: ServerProcess[] = [];
  try {
    // The BFF as production runs it: bundled from the current sources, on plain node. Inside the
    // project, where its packages resolve from node_modules.
    const bffEntry = await buildBff(fileURLToPath(new URL('../dist/bench/bff', import.meta.url)));
    const sandbox = await startServerProcess('sandbox/server.ts', { NODE_ENV: 'production', SANDBOX_PORT: '0' }, directory, 'sandbox');
    running.push(sandbox);
    const bffEnvironment = (databaseFile: string, extraEnv: Record<string, string> = {}) => ({
      NODE_ENV: 'production',
      ...sandboxGatewayEnv(sandbox.url),
      BANK_SECRET_REF: benchBankSecretRef,
      MERCHANT_SECRET: merchantSecret,
      SESSION_SIGNING_KEY: randomBytes(32).toString('base64url'),
      ALLOWED_ORIGINS: shopOrigin,
      DATABASE_URL: `file:${databaseFile}`,
      BFF_PORT: '0',
      LOG_LEVEL: 'info',
      // Every bench request comes from 127.0.0.1: the per-IP creation limit (30 a minute by
      // default, a guard against one abusive browser) would measure the limiter, not the BFF.
      RATE_LIMIT_PER_MINUTE: '100000000',
      ...extraEnv,
    });
    return {
      directory,
      sandbox,
      sandboxControl: new SandboxControl(sandbox.url),
      async startBff(name, extraEnv = {}) {
        const databaseFile = join(directory, `${name}.sqlite`);
        const bff = await startServerProcess(bffEntry, bffEnvironment(databaseFile, extraEnv), directory, name, startBffNodeFlags());
        running.push(bff);
        return { ...bff, databaseFile };
      },
      async startWorker(name, bff) {
        const worker = await startServerProcess(join(dirname(bffEntry), 'worker.js'), bffEnvironment(bff.databaseFile), directory, name, startBffNodeFlags());
        running.push(worker);
        return worker;
      },
      async close() {
        for (const server of running.reverse()) await server.stop();
        rmSync(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    for (const server of running.reverse()) await server.stop();
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
}
