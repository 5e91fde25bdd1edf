import { createSandboxApp } from './app.ts';
import { serveApp, type RunningServer } from '../scripts/serve-app.ts';

export type Env = Record<string, string | undefined>;

/** Starts the sandbox gateway and bank on SANDBOX_PORT (default 4010). */
export function startSandbox(env: Env = process.env): Promise<RunningServer> {
  const port = Number(env.SANDBOX_PORT ?? 4010);
  return serveApp(createSandboxApp(), '127.0.0.1', port, 'SANDBOX_PORT');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startSandbox();
  console.log(`sandbox  ${server.url}`);
}
