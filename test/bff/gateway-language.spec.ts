// The gateway is told the buyer's language: processPayment's `lang` (so the hosted page speaks the
// checkout's language) and Accept-Language on every call, as the official plugin sends them.
import { expect, test } from '../support/node-test.ts';
import { checkout, checkoutBody, createMerchantSession, decliningCard, followReturn } from './fixtures/buyer.ts';
import { startSystem, type System } from '../support/system.ts';

interface SeenCall {
  path: string;
  acceptLanguage: string | null;
  lang?: string;
}
const seen: SeenCall[] = [];
let stack: System;
test.beforeAll(async () => {
  stack = await startSystem({
    rewrite: async (request, answer) => {
      const path = new URL(request.url).pathname;
      if (path.startsWith('/api/')) {
        const body = request.method === 'POST' ? ((await request.json().catch(() => ({}))) as { lang?: string }) : {};
        seen.push({ path, acceptLanguage: request.headers.get('Accept-Language'), ...(body.lang !== undefined && { lang: body.lang }) });
      }
      return answer;
    },
  });
});
test.afterAll(async () => {
  await stack?.close();
});

async function checkoutIn(locale: string | undefined) {
  seen.length = 0;
  const session = await createMerchantSession(stack.bffUrl, { amount: '2500.00', currency: 'CRC' });
  const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken, { ...checkoutBody, ...(locale !== undefined && { locale }) });
  await followReturn(await stack.sandbox.payHostedPage(redirectUrl, { card: decliningCard }));
  return seen.find((call) => call.path === '/api/v1/processPayment');
}

test('a Spanish (Costa Rica) checkout asks the gateway for its page in es-CR', async () => {
  expect(await checkoutIn('es-CR')).toEqual({ path: '/api/v1/processPayment', acceptLanguage: 'es-CR', lang: 'es-CR' });
});

test('the tag is sent in its canonical form; a checkout without a language gets the project\'s default', async () => {
  expect((await checkoutIn('pt-br'))?.lang).toBe('pt-BR');
  expect((await checkoutIn(undefined))?.lang).toBe('en');
});

test('every gateway call carries Accept-Language', async () => {
  await checkoutIn('es-CR');
  expect(seen.map((call) => call.path)).toEqual(expect.arrayContaining(['/api/v1/processPayment', '/api/v1/consult']));
  for (const call of seen) expect(call.acceptLanguage, call.path).toMatch(/^[a-z]{2}(-[A-Z]{2})?$/);
});
