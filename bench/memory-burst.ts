// What a burst of checkouts leaves in a BFF's memory: the JS heap after a full GC before the burst,
// right after it, and once every cache's lifetime has passed (the clock moved past the longest, a
// session's 15 minutes, then one sweep of the timed caches). Target: the last within 20 % of the
// first. The BFF runs in this process (so its heap can be read after gc()); the sandbox is a child
// process, so its own records of the burst's payments are not counted.
//   node --expose-gc --import tsx bench/memory-burst.ts [checkouts]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { startBff } from '../bff/server.ts';
import { createLogger } from '../bff/lib/observability/logger.ts';
import { sandboxGatewayEnv } from '../sandbox/defaults.ts';
import { checkout, createMerchantSession, orderStatus } from '../test/bff/fixtures/buyer.ts';
import { ManualClock, merchantSecret, shopOrigin } from '../test/support/system.ts';
import { startServerProcess } from './server-process.ts';

export interface MemoryBurstFigure {
  checkouts: number;
  /** Heap used after a full GC, MB. */
  beforeMb: number;
  afterBurstMb: number;
  afterExpiryMb: number;
  /** afterExpiryMb / beforeMb; the target is ≤ 1.2. */
  ratio: number;
}

const gc = (globalThis as { gc?: () => void }).gc;

function heapAfterGcMb(): number {
  for (let pass = 0; pass < 3; pass++) gc!();
  return process.memoryUsage().heapUsed / 1e6;
}

export async function measureMemoryBurst(checkouts = 3_000, concurrency = 10): Promise<MemoryBurstFigure> {
  if (!gc) throw new Error('run with node --expose-gc');
  const directory = mkdtempSync(join(tmpdir(), 'svc-bench-memory-'));
  const sandbox = await startServerProcess('sandbox/server.ts', { NODE_ENV: 'production', SANDBOX_PORT: '0' }, directory, 'sandbox');
  const clock = new ManualClock();
  const bff = await startBff(
    {
      NODE_ENV: 'production',
      ...sandboxGatewayEnv(sandbox.url),
      MERCHANT_SECRET: merchantSecret,
      SESSION_SIGNING_KEY: randomBytes(32).toString('base64url'),
      ALLOWED_ORIGINS: shopOrigin,
      DATABASE_URL: `file:${join(directory, 'bff.sqlite')}`,
      BFF_PORT: '0',
      RATE_LIMIT_PER_MINUTE: '100000000',
      // The request path alone: no pass consults the burst's open orders meanwhile.
      RECONCILE_INTERVAL_MS: '0',
      RETENTION_INTERVAL_MS: '0',
    },
    { clock, logger: createLogger('silent') },
  );
  try {
    const buyer = async () => {
      const session = await createMerchantSession(bff.url);
      await checkout(bff.url, session.sessionToken);
      // The widget's polls: the first may consult, the next is within the interval.
      await orderStatus(bff.url, session.orderNumber, session.sessionToken);
      await orderStatus(bff.url, session.orderNumber, session.sessionToken);
    };
    const run = async (count: number) => {
      let next = 0;
      await Promise.all(Array.from({ length: concurrency }, async () => {
        while (next < count) {
          next++;
          await buyer();
        }
      }));
    };
    // Warm: modules loaded, statements prepared, JIT settled; what any running BFF holds.
    await run(200);
    clock.advance(16 * 60_000);
    await sleep(11_000);
    const beforeMb = heapAfterGcMb();
    await run(checkouts);
    const afterBurstMb = heapAfterGcMb();
    // Past every cache's lifetime (sessions and their verified tokens: 15 min), then one sweep.
    clock.advance(16 * 60_000);
    await sleep(11_000);
    const afterExpiryMb = heapAfterGcMb();
    return { checkouts, beforeMb, afterBurstMb, afterExpiryMb, ratio: afterExpiryMb / beforeMb };
  } finally {
    await bff.close();
    await sandbox.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figure = await measureMemoryBurst(Number(process.argv[2] ?? 3_000));
  console.log(`BFF heap after GC, ${figure.checkouts} checkouts`);
  console.log(`  before the burst       ${figure.beforeMb.toFixed(1)} MB`);
  console.log(`  right after it         ${figure.afterBurstMb.toFixed(1)} MB`);
  console.log(`  once caches expired    ${figure.afterExpiryMb.toFixed(1)} MB`);
  console.log(`  ratio                  ${figure.ratio.toFixed(2)} (target ≤ 1.20)`);
  process.exit(figure.ratio <= 1.2 ? 0 : 2);
}
