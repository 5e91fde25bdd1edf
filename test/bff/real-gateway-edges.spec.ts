// What the real service does that the spec leaves out, each at the client's or the checkout's edge:
// loginSdk's expiry in Costa Rica time, a processPayment slower than a read may be, a hosted page
// only on the gateway's own hosts.
import { expect, test } from '../support/node-test.ts';
import { GatewayClient } from '../../bff/gateway/client.ts';
import { GatewayUnavailableError } from '../../bff/gateway/errors.ts';
import { formatGatewayDateTime } from '../../bff/gateway/date-time.ts';
import { systemClock } from '../../bff/lib/observability/clock.ts';
import { createLogger } from '../../bff/lib/observability/logger.ts';
import { AppMetrics } from '../../bff/lib/observability/metrics.ts';
import { findOrder } from '../../bff/store/orders.ts';
import { createMerchantSession, postCheckout } from './fixtures/buyer.ts';
import { gatewayBuyer } from './fixtures/gateway-client.ts';
import { startSystem } from '../support/system.ts';

/** A gateway that answers each operation with `answer` after `delayMs`, as fetch would deliver it. */
function stubGateway(answers: Record<string, { body: unknown; delayMs?: number }>): typeof fetch {
  return async (input, init) => {
    const operation = new URL(String(input)).pathname.split('/').at(-1) ?? '';
    const answer = answers[operation] ?? { body: { access_token: 'api-token', token_type: 'bearer', expires_in: 3600 } };
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, answer.delayMs ?? 0);
      init?.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(init.signal!.reason);
      });
    });
    return Response.json(answer.body);
  };
}

function clientOf(gatewayFetch: typeof globalThis.fetch, timeouts: { timeoutMs: number; paymentTimeoutMs?: number }) {
  return new GatewayClient({
    baseUrl: 'https://gateway.test',
    apiUser: 'user',
    apiPassword: 'password',
    apiKey: 'key',
    ...timeouts,
    clock: systemClock,
    metrics: new AppMetrics(),
    logger: createLogger('silent'),
    readRetries: 0,
    fetch: gatewayFetch,
  });
}

test('loginSdk\'s expires_in is Costa Rica time: "an hour from now" there is an hour from now', async () => {
  const inAnHour = new Date(Date.now() + 3_600_000);
  const costaRicaWallClock = formatGatewayDateTime(new Date(inAnHour.getTime() - 6 * 3_600_000));
  const gateway = clientOf(stubGateway({ loginSdk: { body: { access_token: 'sdk-token', token_type: 'bearer', expires_in: costaRicaWallClock } } }), { timeoutMs: 1000 });
  const { expiresAt } = await gateway.loginSdk();
  expect(Math.abs(expiresAt.getTime() - inAnHour.getTime())).toBeLessThan(2000);
});

test('processPayment may take longer than a read: its own timeout, reads keep theirs', async () => {
  const slow = 300;
  const gateway = clientOf(
    stubGateway({
      processPayment: { body: { type: '100', html: '', url: 'https://gateway.test/pay/1' }, delayMs: slow },
      consult: { body: { type: '200', message: 'OK', response: [] }, delayMs: slow },
    }),
    { timeoutMs: 100, paymentTimeoutMs: 5000 },
  );
  const page = await gateway.processPayment({ ...gatewayBuyer, redirect: 'https://shop.test/v1/return', amount: '10.00', currency: 'USD', orderNumber: 'T-1', capture: '1', subscription: '0', platform: 'test' });
  expect(page.url).toBe('https://gateway.test/pay/1');
  const read = await gateway.consult('T-1').catch((error: unknown) => error);
  expect(read).toBeInstanceOf(GatewayUnavailableError);
  expect((read as GatewayUnavailableError).kind).toBe('timeout');
});

test.describe('GATEWAY_HOSTED_PAGE_HOSTS', () => {
  const elsewhere = 'https://pay.elsewhere.example/hosted/abc';
  const movedPage = async (request: Request, answer: Response) =>
    new URL(request.url).pathname === '/api/v1/processPayment' ? Response.json({ ...(await answer.json()), url: elsewhere }) : answer;

  test('a hosted page on another host is refused as an unreadable answer: no buyer is sent there', async () => {
    const stack = await startSystem({ rewrite: movedPage });
    try {
      const session = await createMerchantSession(stack.bffUrl);
      const response = await postCheckout(stack.bffUrl, session.sessionToken);
      expect(response.status).toBe(502);
      expect(await response.text()).not.toContain('elsewhere');
      expect((await findOrder(stack.bff.store.db, session.orderNumber))?.attempt_status).toBe('unknown');
    } finally {
      await stack.close();
    }
  });

  test('a host listed there is followed', async () => {
    const stack = await startSystem({ rewrite: movedPage, env: (sandboxUrl) => ({ GATEWAY_HOSTED_PAGE_HOSTS: `${new URL(sandboxUrl).host},pay.elsewhere.example` }) });
    try {
      const session = await createMerchantSession(stack.bffUrl);
      const response = await postCheckout(stack.bffUrl, session.sessionToken);
      expect(response.status).toBe(200);
      expect((await response.json()).redirectUrl).toBe(elsewhere);
    } finally {
      await stack.close();
    }
  });
});
