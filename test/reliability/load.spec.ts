// Load (issue 9): status polling, session creation, checkout and bank deliveries against a local
// stack of child processes, with autocannon, through the bench helper's bench/load.ts. The figures
// are recorded (docs/reliability.md, bench/README.md); what is asserted is correctness under load:
// no 5xx, no lost bank delivery, the consult coalescing holds. Never a timing.
import { expect, test } from '@playwright/test';
import { formatLoadTable, runLoadTest } from '../../bench/load.ts';
import { recordFigures } from './support/figures.ts';

test('load figures: status polling, session creation, checkout, bank deliveries', async () => {
  const seconds = Number(process.env.LOAD_SECONDS ?? 2);
  const figures = await runLoadTest({ seconds });
  const table = formatLoadTable(figures);
  console.log(table);
  await recordFigures('load', { table, ...figures });

  for (const figure of [figures.sessionCreation, figures.checkout, figures.statusPolling, figures.openOrderPolling.figure, figures.bankDeliveries.figure]) {
    expect(figure.responses).toBeGreaterThan(0);
    const serverErrors = Object.entries(figure.statusCodes).filter(([code]) => code.startsWith('5'));
    expect(serverErrors).toEqual([]);
  }
  // Every delivery the BFF acknowledged is in the inbox: none lost under load.
  expect(figures.bankDeliveries.stored).toBeGreaterThanOrEqual(figures.bankDeliveries.acknowledged);
  // However many pollers, at most one consult per order per interval (plus the interval edge).
  expect(figures.openOrderPolling.consultsPerInterval).toBeLessThanOrEqual(1.5);
});
