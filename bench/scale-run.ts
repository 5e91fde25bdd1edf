// The `--scale` run of `npm run bench`: finds or starts PostgreSQL, measures every size on both
// engines (scale.ts), the shared limits with 1 and 3 instances (shared-limits.ts), prints the
// curves and adds them to bench/results.json as its `scale` section, keeping what else it holds.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { withPostgres } from '../scripts/postgres.mjs';
import type { Engine } from '../bff/store/database.ts';
import { freePort } from '../test/bff/fixtures/bff-process.ts';
import { measureScale, perRequestFigures, scaleRatios, type ScalePoint } from './scale.ts';
import { measureSharedLimits, type SharedLimitsFigure } from './shared-limits.ts';

export const defaultSizes = [10_000, 100_000, 1_000_000];

export interface ScaleResults {
  startedAt: string;
  finishedAt: string;
  points: ScalePoint[];
  ratios: ReturnType<typeof scaleRatios>;
  sharedLimits: SharedLimitsFigure[];
}

/** Per-request figures may grow at most this much from the smallest size to the largest (issue 27). */
const perRequestTarget = 2;

export function parseSizes(argv: readonly string[]): number[] {
  const at = argv.indexOf('--sizes');
  if (at < 0) return defaultSizes;
  const sizes = (argv[at + 1] ?? '').split(',').map(Number);
  if (!sizes.length || sizes.some((size) => !Number.isInteger(size) || size < 2_000)) throw new Error('--sizes takes order counts of 2000 or more, comma-separated: --sizes 10000,100000');
  return sizes;
}

/** `--engines sqlite` (or `postgres`) measures one engine only; both by default. */
export function parseEngines(argv: readonly string[]): Engine[] {
  const at = argv.indexOf('--engines');
  if (at < 0) return ['sqlite', 'postgres'];
  const engines = (argv[at + 1] ?? '').split(',');
  if (!engines.length || engines.some((engine) => engine !== 'sqlite' && engine !== 'postgres')) throw new Error('--engines takes sqlite, postgres or both, comma-separated');
  return engines as Engine[];
}

async function withServer<T>(body: (url: string | undefined) => Promise<T>): Promise<T> {
  if (process.env.BENCH_DATABASE_URL) return body(process.env.BENCH_DATABASE_URL);
  return withPostgres(body, { port: await freePort() }) as Promise<T>;
}

export async function runScale(sizes: number[], engines: Engine[], log: (line: string) => void): Promise<ScaleResults> {
  const startedAt = new Date().toISOString();
  return withServer(async (postgres) => {
    const points = await measureScale({ sizes, engines, log }, postgres);
    const sharedLimits = postgres && engines.includes('postgres') ? await measureSharedLimits(postgres, [1, 3], log) : [];
    return { startedAt, finishedAt: new Date().toISOString(), points, ratios: scaleRatios(points), sharedLimits };
  });
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(2));

export function formatScale(results: ScaleResults): string {
  const lines: string[] = [];
  for (const ratio of results.ratios) {
    const mine = results.points.filter((point) => point.engine === ratio.engine).sort((a, b) => a.orders - b.orders);
    lines.push(`\n${ratio.engine}: milliseconds at each size, and the largest over the smallest (${ratio.to.toLocaleString('en')} / ${ratio.from.toLocaleString('en')} orders)`);
    lines.push(`| figure | ${mine.map((point) => `${point.orders.toLocaleString('en')}`).join(' | ')} | ratio | target |`);
    lines.push(`|---|${mine.map(() => '---|').join('')}---|---|`);
    for (const name of perRequestFigures) {
      const value = ratio.perRequest[name]!;
      lines.push(`| ${name} | ${mine.map((point) => ms(point.perRequestMs[name])).join(' | ')} | ${value.toFixed(2)}× | ${value <= perRequestTarget ? 'PASS' : 'MISS'} ≤ ${perRequestTarget}× |`);
    }
    lines.push(`| reconciler pass (rows examined) | ${mine.map((point) => `${ms(point.reconcilerPass.ms)} (${point.reconcilerPass.examined})`).join(' | ')} | ${ratio.reconcilerPass.ratio.toFixed(2)}× | linear in rows examined |`);
    lines.push(`| retention batch (orders deleted) | ${mine.map((point) => `${ms(point.retentionBatch.ms)} (${point.retentionBatch.ordersDeleted})`).join(' | ')} | ${ratio.retentionBatch.ratio.toFixed(2)}× | linear in orders deleted |`);
    lines.push(`| longest event-loop stall: retention pass, reconciler pass | ${mine.map((point) => `${ms(point.longestStallMs.retention)}, ${ms(point.longestStallMs.reconciler)}`).join(' | ')} | | ${ratio.engine === 'sqlite' ? `${Math.max(...mine.map((point) => Math.max(point.longestStallMs.retention, point.longestStallMs.reconciler))) <= 50 ? 'PASS' : 'MISS'} ≤ 50 ms` : ''} |`);
    lines.push(`| idle passes: retention, reconciler (nothing due) | ${mine.map((point) => `${ms(point.idlePassMs.retention)}, ${ms(point.idlePassMs.reconciler)}`).join(' | ')} | | ${Math.max(...mine.map((point) => Math.max(point.idlePassMs.retention, point.idlePassMs.reconciler))) < 20 ? 'PASS' : 'MISS'} < 20 ms |`);
    lines.push(`| consults in an idle hour (count) | ${mine.map((point) => String(point.idleHour.consults)).join(' | ')} | | |`);
    lines.push(`| fill, seconds | ${mine.map((point) => Object.values(point.fillSeconds).reduce((sum, value) => sum + value, 0).toFixed(0)).join(' | ')} | | |`);
  }
  if (results.sharedLimits.length) {
    lines.push('\nshared limits on one PostgreSQL: instances behind a round-robin balancer');
    lines.push('| instances | per-address limit | sessions let through | open orders | consults per order per interval (max) | consults per order per interval (mean) |');
    lines.push('|---|---|---|---|---|---|');
    for (const figure of results.sharedLimits) {
      lines.push(`| ${figure.instances} | ${figure.limit} | ${figure.admitted} of ${figure.sent} | ${figure.orders} | ${figure.maxConsultsPerOrderPerInterval} | ${figure.meanConsultsPerOrderPerInterval.toFixed(2)} |`);
    }
  }
  return lines.join('\n');
}

/** bench/results.json with its `scale` section replaced, everything else kept. */
export function writeScaleResults(file: string, results: ScaleResults): void {
  const existing = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(file, `${JSON.stringify({ ...existing, scale: results }, null, 2)}\n`);
}
