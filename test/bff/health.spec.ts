import { expect, test } from '@playwright/test';
import { createApp } from '../../bff/app.ts';

test('GET /healthz answers ok', async () => {
  const response = await createApp().request('/healthz');
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});
