// The Node serving helper every entry uses: the port is bound before the app exists (so the
// config can name the real port), a taken port names the variable to change.
import { expect, test } from '../support/node-test.ts';
import { Hono } from 'hono';
import { listen, listenThenServe, serveApp } from '../../node/serve-app.ts';

const hello = new Hono().get('/', (c) => c.text('hello'));

test('a bound port answers 503 with Retry-After until it is handed the app, then the app answers', async () => {
  const listener = await listen('127.0.0.1', 0, 'SOME_PORT');
  try {
    expect(listener.port).toBeGreaterThan(0);
    expect(listener.url).toBe(`http://127.0.0.1:${listener.port}`);
    const early = await fetch(listener.url);
    expect(early.status).toBe(503);
    expect(early.headers.get('Retry-After')).toBe('1');
    listener.serve(hello);
    const ready = await fetch(listener.url);
    expect(ready.status).toBe(200);
    expect(await ready.text()).toBe('hello');
  } finally {
    await listener.close();
  }
});

test('a port already taken is refused with a message naming the variable to change', async () => {
  const first = await serveApp(hello, '127.0.0.1', 0, 'DEMO_PORT');
  try {
    const port = Number(new URL(first.url).port);
    await expect(serveApp(hello, '127.0.0.1', port, 'DEMO_PORT')).rejects.toThrow(`Port ${port} on 127.0.0.1 is already in use. Set DEMO_PORT`);
  } finally {
    await first.close();
  }
});

test('listenThenServe builds with the bound port, and releases the port when building fails', async () => {
  const built = await listenThenServe('127.0.0.1', 0, 'SOME_PORT', async (boundPort) => ({ boundPort, app: hello }));
  const port = Number(new URL(built.server.url).port);
  expect(built.boundPort).toBe(port);
  expect(await (await fetch(built.server.url)).text()).toBe('hello');
  await built.server.close();

  await expect(
    listenThenServe('127.0.0.1', port, 'SOME_PORT', async () => {
      throw new Error('bad config');
    }),
  ).rejects.toThrow('bad config');
  // Released: the same port can be bound again at once.
  const again = await serveApp(hello, '127.0.0.1', port, 'SOME_PORT');
  await again.close();
});
