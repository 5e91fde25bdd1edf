// Load: status polling, session creation, checkout and bank deliveries (into a BFF with its inbox
// worker, and into one whose worker runs in a process of its own) against a local stack of child
// processes, with autocannon, through the bench helper's bench/load.ts. The figures are recorded
// (bench/README.md); what is asserted is correctness under load: no 5xx, no lost bank delivery in
// either deployment, the consult coalescing holds. Never a timing. The loads the bench compares the
// deliveries with (a BFF with its worker held back, bare Hono) are the bench's alone.
import { expect, test } from '../support/node-test.ts';
import { formatLoadTable, runLoadTest } from '../../bench/load.ts';
import { recordFigures } from './support/figures.ts';

interface AnyLoadFigure {
  responses: number;
  statusCodes: Record<string, number>;
}

/** Every figure in the result, and whether it is one round of a longer load. */
function figuresIn(value: unknown, inRounds = false): Array<AnyLoadFigure & { round: boolean }> {
  if (value === null || typeof value !== 'object') return [];
  if ('statusCodes' in value && 'responses' in value) return [{ ...(value as AnyLoadFigure), round: inRounds }];
  return Object.entries(value).flatMap(([key, inner]) => figuresIn(inner, inRounds || key === 'rounds'));
}

test('load figures: status polling, session creation, checkout, bank deliveries', async () => {
  const seconds = Number(process.env.LOAD_SECONDS ?? 2);
  const figures = await runLoadTest({ seconds });
  const table = formatLoadTable(figures);
  console.log(table);
  await recordFigures('load', { table, ...figures });

  // Every autocannon figure in the result (the bench's shapes evolve; a figure has statusCodes).
  const loads = figuresIn(figures);
  expect(loads.length).toBeGreaterThanOrEqual(6);
  for (const figure of loads) {
    // Each load ran (a round of a second may pass unanswered on a busy machine; the whole load may not).
    if (!figure.round) expect(figure.responses).toBeGreaterThan(0);
    expect(Object.keys(figure.statusCodes).filter((code) => code.startsWith('5'))).toEqual([]);
  }
  // Every delivery the BFF acknowledged is in the inbox: none lost under load, in either deployment.
  expect(figures.bankDeliveries.stored).toBeGreaterThanOrEqual(figures.bankDeliveries.acknowledged);
  expect(figures.bankDeliveriesWorkerProcess.stored).toBeGreaterThanOrEqual(figures.bankDeliveriesWorkerProcess.acknowledged);
  // However many pollers, at most one consult per order per interval (plus the interval edge).
  expect(figures.openOrderPolling.consultsPerInterval).toBeLessThanOrEqual(1.5);
});
