// The command lines a merchant's developer meets first: `--help` on every CLI and subcommand (flags and
// the environment each reads), a mistyped flag answered with one line and the usage, and start-up
// failures that name the variable to fix (DATABASE_URL, GATEWAY_BASE_URL, BANK_BASE_URL, BFF_URL),
// each with a non-zero exit. Processes are spawned as a person would run them: one test per entry
// under tsx as its npm script starts it, the others on the entry's esbuild bundle (entry-bundles.ts),
// the same code without tsx's loader at every start; the BFF on its bundle, as `npm run start:bff`;
// `npm start` under tsx.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { refusedPort } from './fixtures/closed-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../support/node-test.ts';
import { startBffNodeFlags } from '../../scripts/build-bff.mjs';
import { quietBuild } from '../../scripts/quiet-build.ts';
import { bundledEntry } from './fixtures/entry-bundles.ts';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs node with `nodeArgs` and exactly `env` (plus PATH), and waits for its exit. */
function runNode(nodeArgs: string[], env: Record<string, string>): Promise<Run> {
  const child = spawn(process.execPath, nodeArgs, { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

/** A TypeScript entry under tsx, as its npm script (`tsx <entry>`) starts it. */
const underTsx = (entry: string, args: string[], env: Record<string, string> = {}) => runNode(['--import', 'tsx', entry, ...args], env);
/** The same entry's bundle on plain node. */
const bundled = async (entry: string, args: string[], env: Record<string, string> = {}) => runNode([await bundledEntry(entry), ...args], env);

const events = (args: string[], env: Record<string, string> = {}) => bundled('scripts/events.ts', args, env);
const bank = (args: string[], env: Record<string, string> = {}) => bundled('bff/intake/cli/bank.ts', args, env);

test.describe('npm run events', () => {
  test('--help lists the commands, the URL flags and every variable it reads (under tsx, as npm run events)', async () => {
    const help = await underTsx('scripts/events.ts', ['--help']);
    expect(help.code).toBe(0);
    for (const text of ['listen', 'trigger', '--bff-url', '--sandbox-url', 'BFF_URL', 'SANDBOX_URL', 'SHOP_ORIGIN', 'MERCHANT_SECRET', 'EVENTS_LISTEN_EXPIRY_SECONDS']) {
      expect(help.stdout).toContain(text);
    }
  });

  test('each subcommand has its own --help: listen names --port, trigger names the types it drives', async () => {
    const listen = await events(['listen', '--help']);
    expect(listen.code).toBe(0);
    expect(listen.stdout).toContain('usage: npm run events -- listen');
    expect(listen.stdout).toContain('--port <n>');
    expect(listen.stdout).toContain('--forward <url>');
    const trigger = await events(['trigger', '-h']);
    expect(trigger.code).toBe(0);
    expect(trigger.stdout).toContain('usage: npm run events -- trigger');
    expect(trigger.stdout).toContain('order.captured');
  });

  test('an unknown flag is one line and the usage, exit 2, no parseArgs stack', async () => {
    const run = await events(['listen', '--prot', '3000']);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe("Unknown option '--prot'.");
    expect(run.stderr).toContain('usage: npm run events -- listen');
    expect(run.stderr).not.toMatch(/ERR_PARSE_ARGS|\n\s+at /);
    const badPort = await events(['listen', '--port', 'eighty']);
    expect(badPort.code).toBe(2);
    expect(badPort.stderr.split('\n')[0]).toBe('--port must be a number from 0 to 65535, not "eighty".');
  });

  test('a BFF that does not answer is named with the variable and the flag that set it', async () => {
    const bffUrl = `http://127.0.0.1:${await refusedPort()}`;
    const run = await events(['listen', '--bff-url', bffUrl]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`cannot reach the BFF at ${bffUrl} (ECONNREFUSED)`);
    expect(run.stderr).toContain('BFF_URL or --bff-url');
  });
});

test.describe('npm run bank', () => {
  test('--help works without any variable set and lists the variables (under tsx, as npm run bank)', async () => {
    const help = await underTsx('bff/intake/cli/bank.ts', ['--help']);
    expect(help.code).toBe(0);
    for (const text of ['features', 'contract', 'register', 'BANK_BASE_URL', 'BANK_ACCESS_TOKEN', 'BANK_SECRET_REF', 'PUBLIC_BFF_URL', 'BFF_PORT']) {
      expect(help.stdout).toContain(text);
    }
  });

  test('each subcommand has its own --help with its flags', async () => {
    const register = await bank(['register', '--help']);
    expect(register.code).toBe(0);
    expect(register.stdout).toContain('usage: npm run bank -- register');
    for (const flag of ['--feature', '--url', '--bff-url', '--scope', '--account', '--owner-type', '--owner-id']) expect(register.stdout).toContain(flag);
    const features = await bank(['features', '--help']);
    expect(features.stdout).toContain('--country <code>');
    const contract = await bank(['contract', '--help']);
    expect(contract.stdout).toContain('payment.reversed');
  });

  test('an unknown flag is one line and the command usage, exit 2', async () => {
    const run = await bank(['features', '--countree', 'CR'], { BANK_BASE_URL: 'http://127.0.0.1:1', BANK_ACCESS_TOKEN: 'token' });
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe("Unknown option '--countree'.");
    expect(run.stderr).toContain('usage: npm run bank -- features');
    expect(run.stderr).not.toMatch(/ERR_PARSE_ARGS|\n\s+at /);
  });

  test('a bank that does not answer is named as BANK_BASE_URL, exit 1', async () => {
    const bankUrl = `http://127.0.0.1:${await refusedPort()}`;
    const run = await bank(['features'], { BANK_BASE_URL: bankUrl, BANK_ACCESS_TOKEN: 'token' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`at BANK_BASE_URL (${bankUrl})`);
  });
});

test.describe('start-up errors name the variable', () => {
  const gateway = { GATEWAY_API_USER: 'user', GATEWAY_API_PASSWORD: 'password', GATEWAY_API_KEY: 'key', MERCHANT_SECRET: 'a-merchant-secret-for-tests' };

  test('the BFF with an unreachable DATABASE_URL says so, without the password, and exits non-zero', async () => {
    const databaseUrl = `postgres://svc:hunter2-password@127.0.0.1:${await refusedPort()}/svc_checkout`;
    const run = await runNode([...startBffNodeFlags(), await bundledEntry('bff/server.ts')], { ...gateway, GATEWAY_BASE_URL: 'http://127.0.0.1:4010', BFF_PORT: '0', DATABASE_URL: databaseUrl });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('DATABASE_URL: could not open the database at postgres://127.0.0.1:');
    expect(run.stderr).toContain('ECONNREFUSED');
    expect(run.stdout + run.stderr).not.toContain('hunter2-password');
  });

  // `npm start` stays under tsx: one bundle of it would hold the BFF's and the sandbox's own entries,
  // whose "am I the main module" checks would all be true in it.
  for (const variable of ['GATEWAY_BASE_URL', 'BANK_BASE_URL'] as const) {
    test(`npm start with an unreachable ${variable} stops before starting anything`, async () => {
      const url = `http://127.0.0.1:${await refusedPort()}`;
      const run = await underTsx('scripts/start.ts', ['--no-build'], { ...gateway, [variable]: url, SANDBOX_PORT: '0', BFF_PORT: '0', DEMO_PORT: '0' });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`${variable}: cannot reach ${url} (ECONNREFUSED)`);
      expect(run.stdout).not.toContain('bff ');
    });
  }

  test('npm start with an unreachable DATABASE_URL names it and stops the sandbox it had started', async () => {
    const databaseUrl = `postgres://svc@127.0.0.1:${await refusedPort()}/svc_checkout`;
    const run = await underTsx('scripts/start.ts', ['--no-build'], { DATABASE_URL: databaseUrl, SANDBOX_PORT: '0', BFF_PORT: '0', DEMO_PORT: '0' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('DATABASE_URL: could not open the database');
  });
});

test.describe('the quiet build of npm start', () => {
  let folder: string;
  test.beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'quiet-build-'));
  });
  test.afterEach(() => rmSync(folder, { recursive: true, force: true }));

  test('800 lines of build output go to the log; the terminal gets one line naming it', () => {
    const logFile = join(folder, '.start', 'build.log');
    const build = quietBuild(process.execPath, ['-e', 'for (let i = 1; i <= 800; i++) console.log("chunk " + i)'], logFile);
    expect(build.ok).toBe(true);
    expect(build.report.split('\n')).toHaveLength(1);
    expect(build.report).toContain(logFile);
    expect(build.report).toContain('--no-build');
    expect(readFileSync(logFile, 'utf8').trimEnd().split('\n')).toHaveLength(800);
  });

  test('a failed build shows its last lines and where the rest is', () => {
    const logFile = join(folder, '.start', 'build.log');
    const build = quietBuild(process.execPath, ['-e', 'for (let i = 1; i <= 100; i++) console.log("line " + i); console.error("error TS2322: boom"); process.exit(3)'], logFile, 5);
    expect(build.ok).toBe(false);
    expect(build.report).toContain('error TS2322: boom');
    expect(build.report).toContain('line 100');
    expect(build.report).not.toContain('line 95\n');
    expect(build.report).toContain(`the build failed (exit 3); its whole output is in ${logFile}`);
  });
});
