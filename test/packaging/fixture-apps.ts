// The fixture apps of test/packaging: the packed widget installed, with Vite, React 19 and webpack 5
// from the npm registry, into one temp folder outside the repository's node_modules tree (so nothing
// resolves from the repo), then built and served the way a merchant would.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const appsSource = fileURLToPath(new URL('./apps/', import.meta.url));

/** The apps a test visits, each under /__pkg/<app>/ of the shop's origin. */
export const fixtureApps = ['vite-dev', 'vite-build', 'webpack', 'script'] as const;
export type FixtureApp = (typeof fixtureApps)[number];

export interface RunningFixtures {
  /** Where /__pkg/* is answered: the shops' origin, which the BFF allows (playwright.packaging.config.ts). */
  url: string;
  /** How long each step took, in ms, for the report. */
  timings: Record<string, number>;
  close(): Promise<void>;
}

function timed<T>(timings: Record<string, number>, step: string, work: () => T): T {
  const started = performance.now();
  try {
    return work();
  } finally {
    timings[step] = Math.round(performance.now() - started);
  }
}

/** `npm run pack:widget` (dist/widget must be built), one install, the two builds. */
export function prepareFixtures(timings: Record<string, number>): string {
  const packed = timed(timings, 'pack', () => execFileSync('npm', ['run', '--silent', 'pack:widget'], { cwd: repoRoot, encoding: 'utf8' }));
  const tarball = join(repoRoot, /dist\/(\S+\.tgz)/.exec(packed)![0]);
  const root = mkdtempSync(join(tmpdir(), 'svc-widget-fixtures-'));
  cpSync(appsSource, root, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  manifest.dependencies['@svc-checkout/widget'] = `file:${tarball}`;
  writeFileSync(join(root, 'package.json'), JSON.stringify(manifest, null, 2));
  // One install for every app; the registry's cache first, no audit or funding requests.
  timed(timings, 'install', () =>
    execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: root, stdio: 'inherit' }),
  );
  timed(timings, 'vite build', () => execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: join(root, 'vite-react'), stdio: 'inherit' }));
  timed(timings, 'webpack build', () => execFileSync(process.execPath, ['build.js'], { cwd: join(root, 'webpack'), stdio: 'inherit' }));
  return root;
}

/** Starts Vite's dev server on the React app and resolves with its URL once it answers. */
async function startViteDev(root: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: join(root, 'vite-react'),
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  return new Promise((resolve, reject) => {
    let printed = '';
    child.once('exit', (code) => reject(new Error(`vite dev exited with ${code}: ${printed}`)));
    child.stdout!.on('data', (data: Buffer) => {
      printed += data.toString();
      const found = /Local:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(printed);
      if (found) resolve({ url: found[1]!, process: child });
    });
  });
}

function freePort(): Promise<number> {
  const probe = createServer();
  return new Promise((resolve) =>
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    }),
  );
}

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.json': 'application/json', '.map': 'application/json', '.css': 'text/css' };

/** The folder a static app's path is read from: /__pkg/<app>/<file>. */
function staticFileOf(root: string, path: string): string | undefined {
  const [, app, rest = ''] = /^\/__pkg\/([\w-]+)\/(.*)$/.exec(path) ?? [];
  const file = rest === '' ? 'index.html' : rest;
  const base =
    app === 'vite-build'
      ? join(root, 'vite-react/dist')
      : app === 'webpack'
        ? join(root, 'webpack/dist')
        : app === 'script'
          ? file.startsWith('widget/')
            ? join(root, 'node_modules/@svc-checkout')
            : file === 'shop-settings.js'
              ? root
              : join(root, 'script')
          : undefined;
  if (!base) return undefined;
  const resolved = normalize(join(base, file));
  return resolved.startsWith(base) && existsSync(resolved) ? resolved : undefined;
}

/** Serves the static apps and proxies /__pkg/vite-dev/ to Vite's dev server. */
export async function serveFixtures(root: string, port: number, timings: Record<string, number>): Promise<RunningFixtures> {
  const started = performance.now();
  const vite = await startViteDev(root);
  timings['vite dev start'] = Math.round(performance.now() - started);
  const server: Server = createServer((incoming, outgoing) => {
    const path = new URL(incoming.url ?? '/', 'http://fixture').pathname;
    if (path.startsWith('/__pkg/vite-dev/')) {
      const upstream = request(`${vite.url}${incoming.url}`, { method: incoming.method, headers: { ...incoming.headers, host: new URL(vite.url).host } }, (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      });
      upstream.on('error', () => outgoing.writeHead(502).end());
      incoming.pipe(upstream);
      return;
    }
    const file = staticFileOf(root, path);
    if (!file) return void outgoing.writeHead(404).end();
    outgoing.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
    outgoing.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    timings,
    close: async () => {
      vite.process.kill();
      await new Promise((resolve) => server.close(resolve));
      rmSync(root, { recursive: true, force: true });
    },
  };
}
