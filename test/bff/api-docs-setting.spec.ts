// API_DOCS=off: a production BFF that does not publish its reference page or its OpenAPI document
// answers 404 for both (the API itself is unchanged); by default both are served.
import { expect, test } from '../support/node-test.ts';
import { ConfigError, loadConfig } from '../../bff/config.ts';
import { sandboxGatewayEnv } from '../../sandbox/defaults.ts';
import { merchantSecret, startSystem } from '../support/system.ts';

const documentPaths = ['/docs', '/docs/assets/swagger-ui.css', '/v1/openapi.json'];

test('API_DOCS=off: /docs, its assets and /v1/openapi.json are 404; the API still answers', async () => {
  const stack = await startSystem({ mode: 'listening',  env: { API_DOCS: 'off' } });
  try {
    for (const path of documentPaths) {
      const answer = await fetch(stack.bffUrl + path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('content-type'), path).toContain('application/problem+json');
    }
    expect((await fetch(`${stack.bffUrl}/healthz`)).status).toBe(200);
  } finally {
    await stack.close();
  }
});

test('by default /docs and /v1/openapi.json are served', async () => {
  const stack = await startSystem({ mode: 'listening' });
  try {
    for (const path of documentPaths) expect((await fetch(stack.bffUrl + path)).status, path).toBe(200);
  } finally {
    await stack.close();
  }
});

test('API_DOCS takes on or off, and another value names the variable', () => {
  const minimal = { ...sandboxGatewayEnv('http://127.0.0.1:4010'), MERCHANT_SECRET: merchantSecret };
  expect(loadConfig(minimal).API_DOCS).toBe('on');
  expect(loadConfig({ ...minimal, API_DOCS: 'off' }).API_DOCS).toBe('off');
  expect(() => loadConfig({ ...minimal, API_DOCS: 'no' })).toThrow(ConfigError);
  expect(() => loadConfig({ ...minimal, API_DOCS: 'no' })).toThrow('API_DOCS:');
});
