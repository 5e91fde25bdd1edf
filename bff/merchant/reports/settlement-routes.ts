// GET /v1/merchant/reports/settlement?date=YYYY-MM-DD: a business day's money (BUSINESS_TIME_ZONE)
// as JSON or, with `format=csv` or `Accept: text/csv`, as RFC 4180 CSV. The gateway's day is asked
// before the first byte (a gateway that does not answer is a 503 problem, not half a report); then
// the movements are written as they are read, a page of bank payments at a time, and the totals and
// differences follow them (in JSON, after `movements`: they are only known once every row was seen).
import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import { settlementQuery, type SettlementDifference, type SettlementMovement } from '../../../contract/settlement-report.ts';
import { validate } from '../../http/validation.ts';
import { endOfDayIn, startOfDayIn } from '../../lib/business-day.ts';
import { gatewayProblem } from '../gateway-problems.ts';
import { badDate } from '../transactions-routes.ts';
import { describeRoute } from '../../http/openapi/route-doc.ts';
import type { Services } from '../../services.ts';
import { bankDay } from './bank-day.ts';
import { cardDay, gatewayDay, type ReportDay } from './card-day.ts';
import { SettlementTotals } from './settlement-arithmetic.ts';
import { settlementCsvHeader, settlementCsvRow } from './settlement-csv.ts';
import { settlementDocs } from './settlement-openapi.ts';

function wantsCsv(format: string | undefined, accept: string | undefined): boolean {
  if (format) return format === 'csv';
  return /\btext\/csv\b/i.test(accept ?? '');
}

function reportDay(date: string, timeZone: string): ReportDay {
  const start = startOfDayIn(date, timeZone);
  const end = endOfDayIn(date, timeZone);
  if (!start || !end) throw badDate('date', 'No such day.');
  return { date, timeZone, start, end };
}

/** Every movement of the day, card first, then bank pages; each one counted into `totals` as it passes. */
async function* dayMovements(services: Pick<Services, 'store'>, day: ReportDay, card: SettlementMovement[], totals: SettlementTotals, differences: SettlementDifference[]): AsyncGenerator<SettlementMovement> {
  for (const movement of card) {
    totals.add(movement);
    yield movement;
  }
  for await (const page of bankDay(services, day, differences)) {
    for (const movement of page) {
      totals.add(movement);
      yield movement;
    }
  }
}

export type SettlementReportRoutesDeps = Pick<Services, 'store' | 'gateway' | 'config' | 'logger'>;

export function settlementReportRoutes(services: SettlementReportRoutesDeps) {
  const { config, logger } = services;
  return new Hono().get('/reports/settlement', describeRoute(settlementDocs.settlementReport), validate('query', settlementQuery), async (c) => {
    const query = c.req.valid('query');
    const day = reportDay(query.date, config.BUSINESS_TIME_ZONE);
    let card;
    try {
      card = await cardDay(services, day, await gatewayDay(services, day));
    } catch (error) {
      throw gatewayProblem(error, 'transaction query', false) ?? error;
    }
    const differences = [...card.differences];
    const totals = new SettlementTotals();
    const csv = wantsCsv(query.format, c.req.header('Accept'));
    c.header('Cache-Control', 'no-store');
    c.header('Content-Type', csv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8');
    if (csv) c.header('Content-Disposition', `attachment; filename="settlement-${day.date}.csv"`);
    return stream(c, async (out) => {
      const movements = dayMovements(services, day, card.movements, totals, differences);
      let written = 0;
      try {
        if (csv) {
          await out.write(settlementCsvHeader);
          for await (const movement of movements) {
            await out.write(settlementCsvRow(movement));
            written += 1;
          }
        } else {
          await out.write(`{"date":${JSON.stringify(day.date)},"timeZone":${JSON.stringify(day.timeZone)},"movements":[`);
          for await (const movement of movements) {
            await out.write(`${written === 0 ? '' : ','}${JSON.stringify(movement)}`);
            written += 1;
          }
          await out.write(`],"totals":${JSON.stringify(totals.list())},"differences":${JSON.stringify(differences)}}`);
        }
        logger.info({ date: day.date, format: csv ? 'csv' : 'json', movements: written, differences: differences.length }, 'settlement report served');
      } catch (error) {
        // The status line is gone: the body is cut short, which a reader sees as a broken document.
        logger.error({ date: day.date, error: (error as Error).message }, 'settlement report cut short');
        out.abort();
      }
    });
  });
}
