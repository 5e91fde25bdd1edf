import { createApp } from './app.ts';
import { serveApp, type RunningServer } from '../scripts/serve-app.ts';

export type Env = Record<string, string | undefined>;

/** The BFF's Node entry: BFF_PORT (default 8787). */
export function startBff(env: Env = process.env): Promise<RunningServer> {
  const port = Number(env.BFF_PORT ?? 8787);
  return serveApp(createApp(), '127.0.0.1', port, 'BFF_PORT');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startBff();
  console.log(`bff      ${server.url}`);
}
