import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';

export interface CloseOptions {
  /**
   * Stop taking connections but let requests in flight finish, for at most this many ms, before
   * cutting what is left (a rolling restart behind a load balancer). Without it, close cuts at once.
   */
  graceMs?: number;
}

export interface RunningServer {
  url: string;
  close(options?: CloseOptions): Promise<void>;
}

/**
 * Listens on host:port and resolves once bound. A port already taken rejects with an
 * error whose message names `portVariable`, so the person starting it knows what to change.
 */
export function serveApp(app: Pick<Hono, 'fetch'>, host: string, port: number, portVariable: string): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    let server: ServerType;
    const onError = (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(new Error(`Port ${port} on ${host} is already in use. Set ${portVariable} to a free port, e.g. ${portVariable}=${port + 1}.`));
      } else reject(error);
    };
    server = serve({ fetch: app.fetch, hostname: host, port }, (info) => {
      server.off('error', onError);
      resolve({
        url: `http://${host}:${info.port}`,
        close: (options: CloseOptions = {}) =>
          new Promise<void>((done) => {
            const cutAll = () => {
              if ('closeAllConnections' in server) server.closeAllConnections();
            };
            if (!options.graceMs) {
              cutAll();
              server.close(() => done());
              return;
            }
            const deadline = setTimeout(cutAll, options.graceMs);
            // Keep-alive connections (a balancer's pool) would hold close() open until they time
            // out: close each one as soon as it has no request in flight.
            const closeIdle = () => {
              if ('closeIdleConnections' in server) server.closeIdleConnections();
            };
            const sweep = setInterval(closeIdle, 100);
            server.close(() => {
              clearTimeout(deadline);
              clearInterval(sweep);
              done();
            });
            closeIdle();
          }),
      });
    });
    server.once('error', onError);
  });
}

/**
 * The main of a server entry: starts it, prints `<label>  <url>` (what process managers, tests and
 * the bench read), and on SIGINT/SIGTERM closes it once (with `closeOptions`) and exits 0; a start
 * that fails prints its message and exits 1.
 */
export async function runUntilSignalled<T extends RunningServer>(label: string, start: () => Promise<T>, closeOptions?: (server: T) => CloseOptions): Promise<void> {
  try {
    const server = await start();
    console.log(`${label.padEnd(8)} ${server.url}`);
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      void server.close(closeOptions?.(server)).then(() => process.exit(0));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
