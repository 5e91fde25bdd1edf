// The BFF as an operator deploys it (docs/going-live.md): `npm run build` writes dist/bff/ with its
// own package.json and lock; in a folder of its own, away from this project's node_modules,
// `npm ci --omit=dev` installs it and `node server.js` answers /readyz 200 on BFF_HOST:BFF_PORT.
// The install is offline, from the npm cache the project's own `npm ci` filled; its install scripts
// are skipped and better-sqlite3's native module is the one this project's install compiled for this
// same Node (the version is pinned from the same lock): compiling it again costs a minute or more of
// CPU in every run and proves nothing the project's own install does not.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../support/node-test.ts';
import { buildBff } from '../../scripts/build-bff.mjs';
import { productionPackage } from '../../scripts/bff-package.mjs';
import { sandboxGatewayEnv } from '../../sandbox/defaults.ts';
import { startSandbox } from '../../sandbox/server.ts';
import { freePort, spawnBff } from './fixtures/bff-process.ts';
import { merchantSecret, shopOrigin } from '../support/system.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const rootManifest = readJson(join(root, 'package.json'));
const rootLock = readJson(join(root, 'package-lock.json'));

/** Packages whose install script is known and reviewed: better-sqlite3 builds its native module, nothing more. */
const reviewedInstallScripts = ['better-sqlite3'];
/** Install scripts that report analytics (swagger-ui-dist pulls in @scarf/scarf). */
const telemetryPackages = ['@scarf/scarf'];

type LockPackages = Record<string, { name?: string; hasInstallScript?: boolean }>;
const packageNames = (packages: LockPackages) =>
  Object.keys(packages)
    .filter((path) => path !== '')
    .map((path) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));

// Outside the project, so nothing can resolve from the project's node_modules by accident.
const deployDir = mkdtempSync(join(tmpdir(), 'bff-deploy-'));
test.afterAll(() => rmSync(deployDir, { recursive: true, force: true }));

// In order: the install test uses the package the first test builds.
test.describe.configure({ mode: 'serial' });

test('dist/bff/package.json lists only what the bundle imports, pinned from the lock, with no telemetry install script', async () => {
  await buildBff(deployDir);
  const manifest = readJson(join(deployDir, 'package.json'));
  const lock = readJson(join(deployDir, 'package-lock.json'));
  // Production dependencies only: the widget's, the build's and the tests' packages are not there.
  for (const name of ['lit', 'esbuild', 'vite', 'tsx', 'swagger-ui-dist', '@playwright/test']) expect(Object.keys(manifest.dependencies), name).not.toContain(name);
  for (const [name, version] of Object.entries(manifest.dependencies as Record<string, string>)) {
    expect(Object.keys(rootManifest.dependencies), name).toContain(name);
    expect(version, name).toBe(rootLock.packages[`node_modules/${name}`].version);
  }
  expect(Object.keys(manifest.dependencies)).toEqual(expect.arrayContaining(['hono', '@hono/node-server', 'better-sqlite3', 'pg', 'zod']));
  expect(manifest.engines.node).toBe('>=20');
  expect(lock.packages[''].dependencies).toEqual(manifest.dependencies);

  const installScripts = Object.entries(lock.packages as LockPackages).filter(([, entry]) => entry.hasInstallScript).map(([path]) => path);
  expect(installScripts).toEqual(reviewedInstallScripts.map((name) => `node_modules/${name}`));
  for (const name of telemetryPackages) expect(packageNames(lock.packages), name).not.toContain(name);
  // The /docs page's files travel in the build instead of as a package.
  expect(existsSync(join(deployDir, 'swagger-ui', 'swagger-ui-bundle.js'))).toBe(true);
});

test('the root package.json: no production dependency brings a telemetry install script', () => {
  const { lock } = productionPackage(Object.keys(rootManifest.dependencies), rootManifest, rootLock);
  for (const name of telemetryPackages) expect(packageNames(lock.packages), name).not.toContain(name);
  expect(Object.keys(rootManifest.devDependencies)).toContain('swagger-ui-dist');
});

test('the Dockerfile and the systemd unit in docs/deploy run that layout: server.js with start:bff’s flags, /readyz, not root', () => {
  const flags = (rootManifest.scripts['start:bff'] as string).split(/\s+/).filter((word) => word.startsWith('--'));
  const dockerfile = readFileSync(join(root, 'docs/deploy/Dockerfile'), 'utf8');
  const unit = readFileSync(join(root, 'docs/deploy/svc-checkout-bff.service'), 'utf8');
  expect(dockerfile).toContain(`CMD ${JSON.stringify(['node', ...flags, 'server.js'])}`.replace(/","/g, '", "'));
  expect(dockerfile).toMatch(/^RUN npm ci --omit=dev/m);
  expect(dockerfile).toMatch(/^COPY --from=build \/src\/dist\/bff\/package\.json \/src\/dist\/bff\/package-lock\.json/m);
  expect(dockerfile).toMatch(/^HEALTHCHECK [^\n]*\\\n\s+CMD [^\n]*\/readyz/m);
  expect(dockerfile).toMatch(/^USER node$/m);
  expect((dockerfile.match(/^FROM /gm) ?? []).length).toBeGreaterThan(1);
  expect(dockerfile).toMatch(/BFF_HOST=0\.0\.0\.0/);
  expect(unit).toContain(`ExecStart=/usr/bin/node ${flags.join(' ')} server.js`);
  expect(unit).toMatch(/^User=(?!root)\S+$/m);
  expect(unit).toMatch(/^EnvironmentFile=/m);
});

test('npm ci --omit=dev in a folder of its own, then node server.js: /readyz 200 on BFF_HOST:BFF_PORT, /docs served', async () => {
  test.setTimeout(300_000);
  expect(existsSync(join(deployDir, 'package.json')), 'built by the test above').toBe(true);
  const install = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('npm', ['ci', '--omit=dev', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
      cwd: deployDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
  expect(install.code, install.output).toBe(0);
  const nativeModule = join('node_modules', 'better-sqlite3', 'build', 'Release');
  cpSync(join(root, nativeModule), join(deployDir, nativeModule), { recursive: true });
  for (const name of [...telemetryPackages, 'swagger-ui-dist', 'lit', 'esbuild']) expect(existsSync(join(deployDir, 'node_modules', name)), name).toBe(false);

  const sandbox = await startSandbox({ SANDBOX_PORT: '0' });
  const port = await freePort();
  const bff = await spawnBff(
    {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      ...sandboxGatewayEnv(sandbox.url),
      MERCHANT_SECRET: merchantSecret,
      SESSION_SIGNING_KEY: randomBytes(32).toString('base64url'),
      ALLOWED_ORIGINS: shopOrigin,
      BFF_HOST: '127.0.0.1',
      BFF_PORT: String(port),
      LOG_LEVEL: 'warn',
    },
    join(deployDir, 'server.js'),
    deployDir,
  );
  try {
    expect(bff.url).toBe(`http://127.0.0.1:${port}`);
    const ready = await fetch(`${bff.url}/readyz`);
    expect(ready.status, bff.output()).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: true, gateway: true } });
    // The default SQLite database is created under the deployment's own folder.
    expect(existsSync(join(deployDir, 'data'))).toBe(true);
    const script = await fetch(`${bff.url}/docs/assets/swagger-ui-bundle.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('SwaggerUIBundle');
  } finally {
    const exited = new Promise((resolve) => bff.child.once('exit', resolve));
    bff.child.kill('SIGTERM');
    await exited;
    await sandbox.close();
  }
});
