// The BFF as a real child process (`node --import tsx bff/server.ts`, one process, so SIGKILL hits
// the server itself) on a fixed loopback port, so a restart comes back at the same address: the
// gateway's redirect and the bank's destination keep pointing at it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface BffProcess {
  child: ChildProcess;
  url: string;
  /** Everything it printed (stdout and stderr). */
  output(): string;
}

export async function spawnBff(env: Record<string, string>): Promise<BffProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bff/server.ts'], { cwd: process.cwd(), env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`BFF did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /bff\s+(http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`BFF exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
  // Keep collecting after start (the crash test scans nothing here, but failures are explained).
  return { child, url, output: () => output };
}

/** kill -9, and wait until the process is really gone. */
export function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
