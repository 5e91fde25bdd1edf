// The bare Hono hello-world, started as its own process and loaded exactly like the BFF figures
// (same connections, same round length), so every speed figure can be a ratio to it.
import { runLoad, type LoadFigure } from './load-run.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

export function startBaselineServer(logDirectory: string): Promise<ServerProcess> {
  return startServerProcess('bench/hello-server.ts', { NODE_ENV: 'production' }, logDirectory, 'hello');
}

export function measureBaseline(server: ServerProcess, seconds: number): Promise<LoadFigure> {
  return runLoad({ url: `${server.url}/`, seconds });
}
