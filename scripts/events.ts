// Merchant webhooks for local development (like `stripe listen` / `stripe trigger`); `--help` on the
// command and on each subcommand prints the flags and the environment it reads (the usage texts below).
//   listen registers a local receiver as a webhook endpoint through the merchant API, prints every
//     event (verified with the endpoint's secret) and forwards it to --forward, body, webhook-id and
//     timestamp unchanged, signed with the listener's own secret (kept between runs: listen-secret.ts); the
//     endpoint is deleted on Ctrl-C, SIGTERM or any exit it can catch, and expires on its own
//     (EVENTS_LISTEN_EXPIRY_SECONDS, 600) unless the running listener renews it, so a kill -9 leaves
//     nothing behind for long. The kept secret is printed so your receiver can verify. --print-bodies
//     prints each body exactly as delivered ({type, timestamp, data}); GET
//     /v1/merchant/webhook-events/{webhook-id} answers the same body later.
//   trigger drives real sandbox flows through the BFF that produce the event (a purchase, a capture,
//     a link payment, a bank event).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { parseCommandLine, UsageError } from '../node/command-line.ts';
import { developmentMerchantSecret } from '../bff/http/auth/development-secret.ts';
import { merchantEventTypes } from '../contract/merchant-webhooks.ts';
import { holdListenerEndpoint, listenerExpirySeconds } from './listener-endpoint.ts';
import { keptListenSecret, listenSecretPath } from './listen-secret.ts';
import { GatewayClient } from '../bff/gateway/client.ts';
import { systemClock } from '../bff/lib/observability/clock.ts';
import { createLogger } from '../bff/lib/observability/logger.ts';
import { AppMetrics } from '../bff/lib/observability/metrics.ts';
import { processPaymentRequestOf } from '../bff/payments/process-payment-request.ts';
import type { OrderRow, PaymentAttemptRow } from '../bff/store/schema.ts';
import { SandboxControl } from '../sandbox/control-client.ts';
import { sandboxGatewayEnv } from '../sandbox/defaults.ts';
import { approvingCard, costaRicanBuyer, decliningCard } from '../test/fixtures/costa-rican-buyer.ts';

const env = process.env;
const withoutSlash = (url: string) => url.replace(/\/+$/, '');
// Set from --bff-url / --sandbox-url once the command line is read; the environment otherwise.
let bffUrl = withoutSlash(env.BFF_URL ?? `http://127.0.0.1:${env.BFF_PORT ?? '8787'}`);
let sandboxUrl = withoutSlash(env.SANDBOX_URL ?? `http://127.0.0.1:${env.SANDBOX_PORT ?? '4010'}`);
const shopOrigin = (env.SHOP_ORIGIN ?? `http://127.0.0.1:${env.DEMO_PORT ?? '5173'}`).replace(/\/+$/, '');
// While a rotation runs MERCHANT_SECRET is `current,previous`: the current one is used.
const merchantSecret = env.MERCHANT_SECRET?.split(',')[0]?.trim() || developmentMerchantSecret;
let sandbox = new SandboxControl(sandboxUrl);

/** The event each trigger drives. */
const triggers = {
  'order.approved': () => purchase({}),
  'order.declined': () => purchase({ card: decliningCard }),
  // A cancel on the hosted page is recorded as a decline (its flag is unsigned): only a merchant's void cancels.
  'order.cancelled': async () => merchantAction(await orderInReview(), 'review', { decision: 'void' }),
  'order.review': () => orderInReview(),
  'order.expired': () => lapsedSession(),
  'order.captured': async () => merchantAction(await purchase({ capture: false }), 'capture'),
  'order.reversed': async () => merchantAction(await purchase({ capture: false }), 'reverse'),
  'order.refunded': async () => merchantAction(await purchase({}), 'refund'),
  'order.split': async () =>
    merchantAction(await purchase({}), 'split', { commerces: [{ email: 'partner@merchant.example', amount: '5.00' }], lang: 'en' }),
  'link.paid': () => payLink(),
  'bank.payment.posted': () => bankEvent('payin.posted'),
  'bank.payment.succeeded': () => bankEvent('payment.succeeded'),
  'bank.payment.failed': () => bankEvent('payment.failed'),
  'bank.payment.reversed': () => bankEvent('payment.reversed'),
} as const;
type TriggerType = keyof typeof triggers;

/** A fetch to the BFF whose network failure names the setting to fix, not just ECONNREFUSED. */
async function fetchBff(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(bffUrl + path, init);
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(`cannot reach the BFF at ${bffUrl} (${cause?.code ?? cause?.message ?? (error as Error).message}): start it, or set BFF_URL or --bff-url`);
  }
}

async function merchantCall(method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetchBff(path, {
    method,
    headers: { Authorization: `Bearer ${merchantSecret}`, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

const billing = { ...costaRicanBuyer, address2: '' };

/** A merchant checkout session and the buyer's checkout: the hosted page is open, not paid yet. */
async function openCheckout(amount: string, capture: boolean): Promise<{ orderNumber: string; sessionToken: string; redirectUrl: string }> {
  const session = await merchantCall('POST', '/v1/merchant/checkout-sessions', { amount, currency: 'USD', capture, returnUrl: `${shopOrigin}/` });
  const checkout = await fetchBff('/v1/checkout', {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.sessionToken}`, 'Content-Type': 'application/json', Origin: shopOrigin },
    body: JSON.stringify({ billing, sameAsBilling: true }),
  });
  if (!checkout.ok) throw new Error(`checkout: ${checkout.status} ${await checkout.text()}`);
  const { redirectUrl } = (await checkout.json()) as { redirectUrl: string };
  return { orderNumber: session.orderNumber, sessionToken: session.sessionToken, redirectUrl };
}

/** A buyer's purchase through the BFF and the sandbox's hosted page, as the widget and a browser make it. */
async function purchase(options: { card?: string; capture?: boolean }): Promise<string> {
  const { orderNumber, redirectUrl } = await openCheckout('25.00', options.capture ?? true);
  const back = await sandbox.payHostedPage(redirectUrl, { card: options.card ?? approvingCard });
  await fetch(back, { redirect: 'manual' });
  return orderNumber;
}

/**
 * A contradiction, which is what review is for: the gateway also holds an approved payment of
 * another amount under the order's number (made here with the sandbox merchant's own credentials,
 * GATEWAY_API_* when set), and the BFF finds it when the order's status is polled.
 */
async function orderInReview(): Promise<string> {
  const { orderNumber, sessionToken } = await openCheckout('999.00', true);
  const credentials = sandboxGatewayEnv(sandboxUrl);
  const gateway = new GatewayClient({
    baseUrl: sandboxUrl,
    apiUser: env.GATEWAY_API_USER ?? credentials.GATEWAY_API_USER,
    apiPassword: env.GATEWAY_API_PASSWORD ?? credentials.GATEWAY_API_PASSWORD,
    apiKey: env.GATEWAY_API_KEY ?? credentials.GATEWAY_API_KEY,
    timeoutMs: 10_000,
    clock: systemClock,
    metrics: new AppMetrics(),
    logger: createLogger('silent'),
  });
  const stray = processPaymentRequestOf(
    { amount: '1.00', currency: 'USD', capture: 1 } as OrderRow,
    { gateway_order_number: orderNumber, return_ref: 'events-trigger' } as PaymentAttemptRow,
    billing,
    billing,
    { publicBffUrl: 'http://stray.invalid', platform: 'events-trigger' },
  );
  await sandbox.payHostedPage((await gateway.processPayment(stray)).url, { card: approvingCard });
  await fetch(`${bffUrl}/v1/orders/${encodeURIComponent(orderNumber)}`, { headers: { Authorization: `Bearer ${sessionToken}` } });
  return orderNumber;
}

/**
 * An order whose session lapses before any checkout: the reconciler expires it. That takes the
 * BFF's SESSION_TTL_SECONDS (15 minutes by default; start it with e.g. SESSION_TTL_SECONDS=30 to
 * try this quickly) and then a reconciler pass, so this waits, saying so. An order that never had a
 * payment attempt sends order.expired only when the BFF runs with MERCHANT_WEBHOOK_UNATTEMPTED_EXPIRY=1.
 */
async function lapsedSession(): Promise<string> {
  const session = await merchantCall('POST', '/v1/merchant/checkout-sessions', { amount: '1.00', currency: 'USD', returnUrl: `${shopOrigin}/` });
  process.stdout.write(`order.expired: waiting for order ${session.orderNumber}'s session to lapse (the BFF's SESSION_TTL_SECONDS), then the reconciler; the webhook needs MERCHANT_WEBHOOK_UNATTEMPTED_EXPIRY=1 on the BFF\n`);
  for (;;) {
    const detail = await merchantCall('GET', `/v1/merchant/orders/${encodeURIComponent(session.orderNumber)}`);
    if (detail.status === 'expired') return session.orderNumber;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function merchantAction(orderNumber: string, action: string, body: unknown = {}): Promise<string> {
  await merchantCall('POST', `/v1/merchant/orders/${orderNumber}/${action}`, body);
  return orderNumber;
}

async function payLink(): Promise<string> {
  const link = await merchantCall('POST', '/v1/merchant/payment-links', { amount: '15.00', currency: 'USD', description: 'events trigger' });
  const back = await sandbox.payLink(link.url, approvingCard);
  await fetch(back, { redirect: 'manual' });
  return `link ${link.id}`;
}

async function bankEvent(eventType: 'payin.posted' | 'payment.succeeded' | 'payment.failed' | 'payment.reversed'): Promise<string> {
  const result = await sandbox.triggerBankEvent({ event_type: eventType });
  return `bank payment ${result.payment_id}`;
}

async function trigger(type: string): Promise<void> {
  if (!(type in triggers)) throw new UsageError(`cannot trigger "${type}": one of ${Object.keys(triggers).join(', ')}`);
  const what = await triggers[type as TriggerType]();
  process.stdout.write(`triggered ${type}: ${what}\n`);
}

async function listen(forward: string | undefined, types: string[], port: number, printBodies: boolean, newSecret: boolean): Promise<void> {
  const secretPath = listenSecretPath(env.EVENTS_STATE_DIR);
  const kept = keptListenSecret(secretPath, newSecret);
  const signer = new Webhook(kept.secret);
  // The endpoint's own secret, from the BFF when it is registered below: what deliveries are verified with.
  let secret = '';
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(request.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
      let event: any;
      try {
        event = new Webhook(secret).verify(body, headers);
      } catch {
        process.stdout.write(`✗ ${headers['webhook-id'] ?? '?'} signature did not verify\n`);
        response.writeHead(400).end();
        return;
      }
      const subject = event.data?.orderNumber ?? event.data?.paymentId ?? event.data?.id ?? '';
      let status = 204;
      if (forward) {
        // Same id, timestamp and body; the signature is the kept secret's, which the receiver knows.
        const webhookId = headers['webhook-id'] ?? '';
        const timestamp = headers['webhook-timestamp'] ?? '';
        const signature = signer.sign(webhookId, new Date(Number(timestamp) * 1000), body);
        const forwardHeaders = { 'content-type': 'application/json', 'webhook-id': webhookId, 'webhook-timestamp': timestamp, 'webhook-signature': signature };
        const forwarded = await fetch(forward, { method: 'POST', headers: forwardHeaders, body }).catch((error: Error) => error);
        status = forwarded instanceof Error ? 502 : forwarded.status;
        process.stdout.write(`→ ${event.type} ${subject} ${headers['webhook-id']} [${forwarded instanceof Error ? forwarded.message : forwarded.status}]\n`);
        if (printBodies) process.stdout.write(`${body}\n`);
      } else if (printBodies) {
        process.stdout.write(`→ ${event.type} ${subject} ${headers['webhook-id']}\n${body}\n`);
      } else {
        process.stdout.write(`→ ${event.type} ${subject} ${headers['webhook-id']}\n${JSON.stringify(event.data, null, 2)}\n`);
      }
      // Your receiver's answer is the BFF's: a failure there is retried as it would be in production.
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`port ${port} on 127.0.0.1 is already in use: pick another with --port`) : error),
    );
    server.listen(port, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const registration = { url, description: 'npm run events -- listen', ...(types.length ? { eventTypes: types } : {}) };
  const endpoint = await holdListenerEndpoint(merchantCall, registration, listenerExpirySeconds(env.EVENTS_LISTEN_EXPIRY_SECONDS), (reason) => {
    process.stderr.write(`stopped listening: ${reason}\n`);
    process.exit(1);
  });
  secret = endpoint.secret;
  const whence = kept.made ? `new, kept in ${secretPath}` : `kept in ${secretPath}; --new-secret for another`;
  process.stdout.write(`listening for ${types.length ? types.join(', ') : 'every event'} as endpoint ${endpoint.id}${forward ? `, forwarding to ${forward}` : ''}\nsigning secret (for your receiver, ${whence}): ${kept.secret}\n`);
}

const environment = `environment:
  BFF_URL                       the BFF (default http://127.0.0.1:$BFF_PORT; BFF_PORT defaults to 8787)
  SANDBOX_URL                   the sandbox (default http://127.0.0.1:$SANDBOX_PORT; SANDBOX_PORT defaults to 4010)
  SHOP_ORIGIN                   an origin in the BFF's ALLOWED_ORIGINS (default http://127.0.0.1:$DEMO_PORT; DEMO_PORT 5173)
  MERCHANT_SECRET               the BFF's merchant secret (default: the development value)
  EVENTS_LISTEN_EXPIRY_SECONDS  listen: the endpoint expires this long after the listener stops renewing it (600)
  EVENTS_STATE_DIR              listen: where its signing secret is kept between runs (default .start, file events-listen-secret)
  GATEWAY_API_USER, GATEWAY_API_PASSWORD, GATEWAY_API_KEY   trigger order.review/order.cancelled: the sandbox merchant's (default: the sandbox's demo merchant)`;

const commonFlags = `  --bff-url <url>       the BFF to talk to (overrides BFF_URL)
  --sandbox-url <url>   the sandbox (overrides SANDBOX_URL)
  -h, --help            this text`;

const listenUsage = `usage: npm run events -- listen [--port <n>] [--forward <url>] [--types <type,type>] [--print-bodies] [--new-secret] [--bff-url <url>]

Registers a local receiver as a webhook endpoint, prints every event it receives (verified with the
endpoint's secret) and, with --forward, passes it on (body, webhook-id and timestamp unchanged) signed
with the listener's signing secret; your receiver's answer is the BFF's. The signing secret is kept
between runs, so your receiver is configured once. The endpoint is deleted when listen stops.

flags:
  --port <n>            the local receiver's port on 127.0.0.1 (default: a free one)
  --forward <url>       forward every event, headers and all, to this URL
  --types <type,type>   only these event types (default: every one)
  --print-bodies        print each event's body exactly as delivered ({type, timestamp, data})
  --new-secret          replace the kept signing secret with a new one (then kept in its place)
${commonFlags}

${environment}`;

const triggerUsage = `usage: npm run events -- trigger <type> [<type>…] [--bff-url <url>] [--sandbox-url <url>]

Drives a real sandbox flow through the BFF that produces each event type.
types: ${Object.keys(triggers).join(', ')}

flags:
${commonFlags}

${environment}`;

const usage = `usage: npm run events -- <command> [flags]

commands:
  listen    receive the BFF's merchant webhooks here, print them, optionally forward them
  trigger   drive real sandbox flows that produce the given event types

Run \`npm run events -- <command> --help\` for a command's flags.
event types: ${merchantEventTypes.join(', ')}

flags:
${commonFlags}

${environment}`;

/** The listen port: a whole number from 0 (a free one) to 65535. */
function portOf(text: string | undefined): number {
  if (text === undefined) return 0;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535, not "${text}".`);
  return port;
}

const usageOf = (command: string | undefined) => (command === 'listen' ? listenUsage : command === 'trigger' ? triggerUsage : usage);
// The command named on the line, even when a flag after it is refused: its usage is the helpful one.
let command = process.argv.slice(2).find((argument) => !argument.startsWith('-'));
try {
  const { positionals, values } = parseCommandLine(process.argv.slice(2), {
    forward: { type: 'string' },
    types: { type: 'string' },
    port: { type: 'string' },
    'print-bodies': { type: 'boolean' },
    'new-secret': { type: 'boolean' },
    'bff-url': { type: 'string' },
    'sandbox-url': { type: 'string' },
  });
  command = positionals[0];
  if (values.help) {
    process.stdout.write(`${usageOf(command)}\n`);
    process.exit(0);
  }
  if (values['bff-url']) bffUrl = withoutSlash(values['bff-url']);
  if (values['sandbox-url']) sandbox = new SandboxControl((sandboxUrl = withoutSlash(values['sandbox-url'])));
  if (command === 'listen') {
    await listen(values.forward, values.types ? values.types.split(',').map((type) => type.trim()).filter(Boolean) : [], portOf(values.port), values['print-bodies'] === true, values['new-secret'] === true);
  } else if (command === 'trigger' && positionals.length > 1) {
    for (const type of positionals.slice(1)) await trigger(type);
  } else if (command === 'trigger') {
    throw new UsageError('trigger needs at least one event type.');
  } else {
    throw new UsageError(command ? `unknown command "${command}".` : 'no command given.');
  }
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n\n${usageOf(command)}\n`);
    process.exit(2);
  }
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
