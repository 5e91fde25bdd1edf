// Serving a Hono app on Node, shared by the product entries (BFF, inbox worker, sandbox, demo), the
// start script, the tests and the bench.
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';

export interface CloseOptions {
  /**
   * Stop taking connections but let requests in flight finish, for at most this many ms, before
   * cutting what is left (a rolling restart behind a load balancer). Without it, close cuts at once.
   */
  graceMs?: number;
}

export interface SignalOptions extends CloseOptions {
  /** After the signal the process exits within this many ms, closed or not (a close that hangs). */
  exitWithinMs?: number;
}

export interface RunningServer {
  url: string;
  close(options?: CloseOptions): Promise<void>;
}

/** A bound port that answers 503 until `serve` hands it the app (see `listen`). */
export interface Listener extends RunningServer {
  /** The port actually bound (the one asked for, or the free one picked for port 0). */
  port: number;
  /** From now on every request goes to `app`. */
  serve(app: Pick<Hono, 'fetch'>): void;
}

const notReady = () => new Response('Starting', { status: 503, headers: { 'Retry-After': '1', 'Content-Type': 'text/plain' } });

/**
 * Binds host:port before there is an app, so the URL a process is reachable at (port 0 picks a free
 * one) is known when its config is built: settings never change after the app exists. A port
 * already taken rejects with an error naming `portVariable`, so the person starting it knows what
 * to change.
 */
export function listen(host: string, port: number, portVariable: string): Promise<Listener> {
  let handle: Pick<Hono, 'fetch'>['fetch'] = notReady;
  return new Promise((resolve, reject) => {
    let server: ServerType;
    const onError = (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(new Error(`Port ${port} on ${host} is already in use. Set ${portVariable} to a free port, e.g. ${portVariable}=${port + 1}.`));
      } else reject(error);
    };
    server = serve({ fetch: (request, env) => handle(request, env), hostname: host, port }, (info) => {
      server.off('error', onError);
      resolve({
        url: `http://${host}:${info.port}`,
        port: info.port,
        serve: (app) => {
          handle = app.fetch;
        },
        close: (options: CloseOptions = {}) => closeServer(server, options),
      });
    });
    server.once('error', onError);
  });
}

/** Listens on host:port with `app` and resolves once bound (errors as `listen`). */
export async function serveApp(app: Pick<Hono, 'fetch'>, host: string, port: number, portVariable: string): Promise<RunningServer> {
  const listener = await listen(host, port, portVariable);
  listener.serve(app);
  return listener;
}

/**
 * `listen`, then `build` what answers (its config knows the bound port), then serve it. Building
 * that fails releases the port and rethrows.
 */
export async function listenThenServe<T extends { app: Pick<Hono, 'fetch'> }>(
  host: string,
  port: number,
  portVariable: string,
  build: (boundPort: number) => Promise<T>,
): Promise<T & { server: RunningServer }> {
  const server = await listen(host, port, portVariable);
  let built: T;
  try {
    built = await build(server.port);
  } catch (error) {
    await server.close();
    throw error;
  }
  server.serve(built.app);
  return { ...built, server };
}

function closeServer(server: ServerType, options: CloseOptions): Promise<void> {
  return new Promise<void>((done) => {
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
  });
}

/**
 * The main of a server entry: starts it, prints `<label>  <url>` (what process managers, tests and
 * the bench read), and on SIGINT/SIGTERM closes it once (with `closeOptions`) and exits 0, or 1 when
 * the close has not ended within `exitWithinMs`; a start that fails prints its message and exits 1.
 */
export async function runUntilSignalled<T extends RunningServer>(label: string, start: () => Promise<T>, closeOptions?: (server: T) => SignalOptions): Promise<void> {
  try {
    const server = await start();
    console.log(`${label.padEnd(8)} ${server.url}`);
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      const { exitWithinMs, ...options } = closeOptions?.(server) ?? {};
      if (exitWithinMs !== undefined) {
        setTimeout(() => {
          console.error(`${label}: not closed within ${exitWithinMs} ms of the signal; exiting anyway`);
          process.exit(1);
        }, exitWithinMs).unref();
      }
      void server.close(options).then(() => process.exit(0));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
