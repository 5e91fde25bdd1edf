// Node side of the widget tests' real stack: web-test-runner.config.mjs mounts this middleware.
// The sandbox and the BFF start (on ephemeral ports, with a temporary database) at the first
// /__stack/ request, with the test page's origin in ALLOWED_ORIGINS, and stop with the runner.
// The routes do only what a browser page cannot: act as the merchant's server, as the buyer on
// the gateway's hosted page, or as the sandbox's operator (fault injection).
import type { IncomingMessage } from 'node:http';
import { TokenService } from '../../../bff/auth/tokens.ts';
import { merchantSecret, startStack, type Stack } from '../../bff/fixtures/stack.ts';
import { sandboxDefaults } from '../../../sandbox/defaults.ts';

interface Context {
  path: string;
  method: string;
  protocol: string;
  host: string;
  req: IncomingMessage;
  status: number;
  type: string;
  body: unknown;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export function widgetTestStack() {
  let running: Promise<Stack> | undefined;
  let shortSessionBff: Promise<{ url: string }> | undefined;
  let shortTransferBff: Promise<{ url: string }> | undefined;
  let sinpeBff: Promise<{ url: string }> | undefined;
  let foreignOriginBff: Promise<{ url: string }> | undefined;

  async function handle(stack: Stack, path: string, body: Record<string, unknown>): Promise<unknown> {
    switch (path) {
      case '/__stack/urls':
        return { bff: stack.bffUrl, sandbox: stack.sandboxUrl };
      case '/__stack/merchant-session': {
        const response = await fetch(`${stack.bffUrl}/v1/merchant/checkout-sessions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${merchantSecret}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (response.status !== 201) throw new Error(`merchant session: ${response.status} ${await response.text()}`);
        return response.json();
      }
      case '/__stack/short-session-bff':
        // A second BFF on the same database whose sessions live two seconds: catalog renewal.
        shortSessionBff ??= stack.startAnotherBff({ SESSION_TTL_SECONDS: '2' });
        return { bff: (await shortSessionBff).url };
      case '/__stack/foreign-origin-bff':
        // A BFF on the same database that allows only another shop's origin: this page is refused.
        foreignOriginBff ??= stack.startAnotherBff({ ALLOWED_ORIGINS: 'https://another-shop.example.test' });
        return { bff: (await foreignOriginBff).url };
      case '/__stack/expired-session': {
        // Signed with the BFF's own key by a clock twenty minutes behind: a genuine, expired token.
        const past = { now: () => new Date(Date.now() - 20 * 60_000) };
        const tokens = new TokenService(String(stack.env.SESSION_SIGNING_KEY), past);
        const { token } = await tokens.signSession({
          orderNumber: 'EXPIRED-1',
          amount: '10.00',
          currency: 'USD',
          origin: String(stack.env.ALLOWED_ORIGINS),
          sessionId: crypto.randomUUID(),
        });
        return { sessionToken: token };
      }
      case '/__stack/pay-and-return': {
        // The buyer pays on the hosted page; the gateway redirects to the BFF's /v1/return, which
        // answers 303 to the merchant page with #svc-result. tamperHash: an attacker edits the query;
        // cancel: the buyer presses Cancel instead of Pay.
        const gatewayRedirect = await stack.sandbox.payHostedPage(String(body.hostedUrl), { card: String(body.card), cancel: body.cancel === true });
        if (body.tamperHash) {
          for (const [name, value] of gatewayRedirect.searchParams) {
            if (/hash/i.test(name)) gatewayRedirect.searchParams.set(name, value.replace(/^./, (c) => (c === '0' ? '1' : '0')));
          }
        }
        const bffAnswer = await fetch(gatewayRedirect, { redirect: 'manual' });
        const landing = bffAnswer.headers.get('location');
        if (bffAnswer.status !== 303 || !landing) throw new Error(`/v1/return answered ${bffAnswer.status}`);
        return { landing };
      }
      case '/__stack/sinpe-transfer':
        // The buyer's bank app sends the transfer; the sandbox bank delivers its events to the BFF.
        return stack.sandbox.sendSinpeTransfer({ currency: 'CRC', ...(body as { reference: string; amount: string }) });
      case '/__stack/sinpe-bff':
        // Another BFF on the same database that offers SINPE Móvil (the first one does not, so the
        // other suites' forms stay as they were); `shortTransfer`: its transfers lapse after three seconds.
        if (body.shortTransfer) shortTransferBff ??= stack.startAnotherBff({ SINPE_MOVIL_PHONE: '88887777', SINPE_TRANSFER_MINUTES: '0.05' });
        else sinpeBff ??= stack.startAnotherBff({ SINPE_MOVIL_PHONE: '88887777' });
        return { bff: (await (body.shortTransfer ? shortTransferBff : sinpeBff)!).url };
      case '/__stack/fault':
        return { id: await stack.sandbox.injectFault(body as never) };
      case '/__stack/clear-faults':
        await stack.sandbox.clearFaults();
        return {};
      default:
        return undefined;
    }
  }

  return {
    middleware: async (context: Context, next: () => Promise<unknown>) => {
      if (!context.path.startsWith('/__stack/')) return next();
      running ??= startStack({
        // The sandbox bank delivers to the BFFs (each registers its destination at start).
        env: (sandboxUrl: string) => ({
          ALLOWED_ORIGINS: `${context.protocol}://${context.host}`,
          RATE_LIMIT_PER_MINUTE: '10000',
          LOG_LEVEL: 'silent',
          BANK_BASE_URL: `${sandboxUrl}/banking`,
          BANK_ACCESS_TOKEN: sandboxDefaults.bankAccessToken,
          BANK_SECRET_REF: 'widget-test-bank-secret',
          BANK_REGISTER_DESTINATION: '1',
          INBOX_POLL_MS: '50',
        }),
      });
      try {
        const stack = await running;
        const body = context.method === 'POST' ? await readJson(context.req) : {};
        const answer = await handle(stack, context.path, body);
        if (answer === undefined) return next();
        context.type = 'application/json';
        context.body = JSON.stringify(answer);
      } catch (error) {
        context.status = 500;
        context.type = 'text/plain';
        context.body = (error as Error).stack ?? String(error);
      }
    },
    async close(): Promise<void> {
      if (running) await (await running).close();
    },
  };
}
