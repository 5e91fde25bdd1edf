// The limits that must hold whatever the number of instances (issue 27, item 4), measured with 1
// and with 3 BFFs on one PostgreSQL behind a round-robin balancer (the bench): how many of one
// address's session creations get through a limit of 30 a minute, and how many consults each of
// 50 open orders costs per STATUS_CONSULT_INTERVAL_MS while every instance polls all of them.
import { startBff, type RunningBff } from '../bff/server.ts';
import { SandboxControl } from '../sandbox/control-client.ts';
import { startSandbox } from '../sandbox/server.ts';
import { checkoutBody, createMerchantSession, orderStatus } from '../test/bff/fixtures/buyer.ts';
import { shopOrigin, testBffEnv } from '../test/support/system.ts';
import { createPostgresDatabase } from '../test/bff/fixtures/test-database.ts';

const limit = 30;
const openOrders = 50;
const intervalMs = 2_000;
/** Polling lasts this many intervals. */
const pollIntervals = 3;

export interface SharedLimitsFigure {
  instances: number;
  limit: number;
  sent: number;
  admitted: number;
  orders: number;
  intervalMs: number;
  /** Over all orders: consults at the gateway divided by the intervals the polling spanned. */
  maxConsultsPerOrderPerInterval: number;
  meanConsultsPerOrderPerInterval: number;
}

async function measureWith(instances: number, postgresServer: string, sandboxUrl: string, sandbox: SandboxControl): Promise<SharedLimitsFigure> {
  const database = await createPostgresDatabase(postgresServer);
  const bffs: RunningBff[] = [];
  try {
    const env = testBffEnv(
      { sandboxUrl, databaseUrl: database.url },
      { RATE_LIMIT_PER_MINUTE: String(limit), TRUST_PROXY: 'true', STATUS_CONSULT_INTERVAL_MS: String(intervalMs), RECONCILE_INTERVAL_MS: '0' },
    );
    for (let i = 0; i < instances; i++) bffs.push(await startBff(env));
    const urls = bffs.map((bff) => bff.url);

    const sent = limit * 3;
    const answers = await Promise.all(
      Array.from({ length: sent }, (_, i) =>
        fetch(`${urls[i % urls.length]}/v1/sessions`, {
          method: 'POST',
          headers: { Origin: shopOrigin, 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.9' },
          body: JSON.stringify({ items: [{ sku: 'CR-COFFEE-500', quantity: 1 }] }),
        }).then(async (response) => (await response.arrayBuffer(), response.status)),
      ),
    );
    const admitted = answers.filter((status) => status === 201).length;

    const orders = await Promise.all(
      Array.from({ length: openOrders }, async (_, i) => {
        const url = urls[i % urls.length]!;
        const session = await createMerchantSession(url);
        const answer = await fetch(`${url}/v1/checkout`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${session.sessionToken}`, Origin: shopOrigin, 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${i + 1}` },
          body: JSON.stringify(checkoutBody),
        });
        if (answer.status !== 200) throw new Error(`checkout: ${answer.status} ${await answer.text()}`);
        return session;
      }),
    );
    await sandbox.resetCalls();
    const started = performance.now();
    while (performance.now() - started < pollIntervals * intervalMs) {
      await Promise.all(orders.flatMap((order) => urls.map((url) => orderStatus(url, order.orderNumber, order.sessionToken))));
    }
    const spanned = Math.floor((performance.now() - started) / intervalMs) + 1;
    const perOrder = await Promise.all(orders.map(async (order) => (await sandbox.calls('consult', order.orderNumber)) / spanned));
    return {
      instances,
      limit,
      sent,
      admitted,
      orders: openOrders,
      intervalMs,
      maxConsultsPerOrderPerInterval: Math.max(...perOrder),
      meanConsultsPerOrderPerInterval: perOrder.reduce((sum, value) => sum + value, 0) / perOrder.length,
    };
  } finally {
    for (const bff of bffs) await bff.close();
    await database.drop();
  }
}

export async function measureSharedLimits(postgresServer: string, instanceCounts: number[], log: (line: string) => void): Promise<SharedLimitsFigure[]> {
  const sandboxServer = await startSandbox({ SANDBOX_PORT: '0' });
  try {
    const figures: SharedLimitsFigure[] = [];
    for (const instances of instanceCounts) {
      log(`shared limits, ${instances} instance(s)`);
      figures.push(await measureWith(instances, postgresServer, sandboxServer.url, new SandboxControl(sandboxServer.url)));
    }
    return figures;
  } finally {
    await sandboxServer.close();
  }
}
