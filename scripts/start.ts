// `npm start`: builds the widget, then runs the sandbox, the BFF and the demo on 127.0.0.1,
// each on its own port, prints their URLs, and stops them all on Ctrl-C or SIGTERM.
// With no gateway credentials set, the BFF points at the sandbox (ARCHITECTURE.md, Configuration).
import { spawnSync } from 'node:child_process';
import { startSandbox } from '../sandbox/server.ts';
import { startBff } from '../bff/server.ts';
import { startDemo } from '../demo/server.ts';
import type { RunningServer } from './serve-app.ts';

const skipBuild = process.argv.includes('--no-build');
if (!skipBuild) {
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const env = { ...process.env };
env.SANDBOX_PORT ??= '4010';
env.BFF_PORT ??= '8787';
env.DEMO_PORT ??= '5173';

const running: RunningServer[] = [];
async function stopAll(code: number) {
  await Promise.allSettled(running.map((server) => server.close()));
  process.exit(code);
}

try {
  const sandbox = await startSandbox(env);
  running.push(sandbox);
  env.SANDBOX_URL = sandbox.url;
  const bff = await startBff(env);
  running.push(bff);
  env.BFF_URL = bff.url;
  const demo = await startDemo(env);
  running.push(demo);
  console.log(`\n  sandbox   ${sandbox.url}   (gateway at /, bank at /banking)`);
  console.log(`  bff       ${bff.url}`);
  console.log(`  demo      ${demo.url}   (storefront)  ${demo.url}/backoffice.html`);
  console.log('\n  Ctrl-C stops all three.\n');
} catch (error) {
  console.error(`\n${(error as Error).message}\n`);
  await stopAll(1);
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
