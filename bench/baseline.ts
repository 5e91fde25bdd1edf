// The bare Hono hello-world, started as its own process and loaded exactly like the BFF figures
// (same connections, same round length), so every speed figure can be a ratio to it.
import { fileURLToPath } from 'node:url';
import { bundleForNode, startBffNodeFlags } from '../scripts/build-bff.mjs';
import { runLoad, type LoadFigure } from './load-run.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

/** Bundled and run exactly like the BFF (plain node, `npm run start:bff`'s flags). */
export async function startBaselineServer(logDirectory: string): Promise<ServerProcess> {
  const entry = await bundleForNode('bench/hello-server.ts', fileURLToPath(new URL('../dist/bench/hello-server.js', import.meta.url)));
  return startServerProcess(entry, { NODE_ENV: 'production' }, logDirectory, 'hello', startBffNodeFlags());
}

export function measureBaseline(server: ServerProcess, seconds: number): Promise<LoadFigure> {
  return runLoad({ url: `${server.url}/`, seconds });
}
