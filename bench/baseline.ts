// The bare Hono hello-world, started as its own process and loaded exactly like the BFF figures
// (same connections, same duration), so every speed figure can be a ratio to it.
import { runLoad, type LoadFigure } from './load-run.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

export function startBaselineServer(logDirectory: string): Promise<ServerProcess> {
  return startServerProcess('bench/hello-server.ts', { NODE_ENV: 'production' }, logDirectory, 'hello');
}

export function measureBaseline(server: ServerProcess, seconds: number): Promise<LoadFigure> {
  return runLoad({ url: `${server.url}/`, seconds });
}

/** figure ÷ baseline, on successful requests/s. */
export function speedRatio(figure: LoadFigure, baseline: LoadFigure): number {
  return baseline.requestsPerSecond > 0 ? figure.requestsPerSecond / baseline.requestsPerSecond : 0;
}
