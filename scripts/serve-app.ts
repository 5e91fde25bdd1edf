import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
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
        close: () =>
          new Promise<void>((done) => {
            if ('closeAllConnections' in server) server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
    server.once('error', onError);
  });
}
