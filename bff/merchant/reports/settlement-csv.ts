// The settlement report as RFC 4180 CSV: CRLF line ends, a field quoted when it holds a comma, a
// quote or a line break (its quotes doubled). A cell a spreadsheet would run as a formula (it starts
// with =, +, -, @, a tab or a carriage return: OWASP's CSV injection list) is neutralised by a
// leading apostrophe, so it opens as the text it is. References and order numbers come from buyers
// and shops, so every cell goes through here. Pure.
import { settlementCsvColumns, type SettlementMovement } from '../../../contract/settlement-report.ts';

const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(cells: ReadonlyArray<string | null | undefined>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export const settlementCsvHeader = csvLine(settlementCsvColumns);

export function settlementCsvRow(movement: SettlementMovement): string {
  return csvLine(settlementCsvColumns.map((column) => movement[column]));
}
