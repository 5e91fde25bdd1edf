// The settlement report's pure parts, by table: a movement's net, the totals per method and
// currency (in adds, out takes away, gross − deductions = net to the céntimo), a CSV cell (RFC 4180
// quoting, formula cells neutralised), the business day's wall clock, and the sandbox processor's
// deductions at Hacienda's withholding factors.
import { expect, test } from '../support/node-test.ts';
import { netOf, SettlementTotals, type CountedMovement } from '../../bff/merchant/reports/settlement-arithmetic.ts';
import { csvCell, csvLine } from '../../bff/merchant/reports/settlement-csv.ts';
import { wallClockIn } from '../../bff/lib/business-day.ts';
import { cardDeductionsOf } from '../../bff/merchant/transaction-deductions.ts';
import { deductionsOf, defaultFeeSchedule, feeSchedule } from '../../sandbox/gateway/fee-schedule.ts';
import { signedFromMinorUnits, toMinorUnits } from '../../contract/money.ts';
import { splitShareOf } from '../../contract/gateway-facts.ts';

test.describe('a movement\'s net is its gross less every deduction present', () => {
  const cases: Array<[string, Record<string, string>, string, string]> = [
    ['15000.00', { commission: '525.00', ivaCommission: '68.25', retentionIva: '796.50', retentionRent: '265.50', cost: '0.00', costIva: '0.00' }, 'CRC', '13344.75'],
    ['12000.00', { feeTotal: '120.00', taxTotal: '15.60' }, 'CRC', '11864.40'],
    ['7777.00', {}, 'CRC', '7777.00'],
    ['0.01', { commission: '0.01' }, 'USD', '0.00'],
    ['1.00', { commission: '0.70', cost: '0.50' }, 'USD', '-0.20'],
    ['100', { commission: '3' }, 'JPY', '97'],
  ];
  for (const [gross, deductions, currency, net] of cases) {
    test(`${gross} ${currency} less ${JSON.stringify(deductions)} = ${net}`, () => {
      expect(netOf(gross, deductions, currency)).toBe(net);
    });
  }
});

test('a deduction with more decimals than its currency is refused, never rounded', () => {
  expect(() => netOf('10.00', { commission: '0.005' }, 'USD')).toThrow(RangeError);
});

test('totals add what came in and take away what went out, per method and currency, and gross − deductions = net', () => {
  const totals = new SettlementTotals();
  const movements: CountedMovement[] = [
    { method: 'card', kind: 'card_payment', currency: 'CRC', gross: '15000.00', commission: '525.00', ivaCommission: '68.25', net: '14406.75' },
    { method: 'card', kind: 'card_refund', currency: 'CRC', gross: '5000.00', commission: '0.00', ivaCommission: '0.00', net: '5000.00' },
    { method: 'card', kind: 'card_payment', currency: 'USD', gross: '25.00', commission: '0.88', net: '24.12' },
    { method: 'sinpe_movil', kind: 'sinpe_matched', currency: 'CRC', gross: '12000.00', feeTotal: '120.00', taxTotal: '15.60', net: '11864.40' },
    { method: 'sinpe_movil', kind: 'sinpe_unmatched', currency: 'CRC', gross: '7777.00', net: '7777.00' },
    { method: 'sinpe_movil', kind: 'sinpe_reversed', currency: 'CRC', gross: '12000.00', net: '12000.00' },
  ];
  for (const movement of movements) totals.add(movement);
  expect(totals.list()).toEqual([
    { method: 'card', currency: 'CRC', gross: '10000.00', commission: '525.00', ivaCommission: '68.25', net: '9406.75' },
    { method: 'card', currency: 'USD', gross: '25.00', commission: '0.88', net: '24.12' },
    { method: 'sinpe_movil', currency: 'CRC', gross: '7777.00', feeTotal: '120.00', taxTotal: '15.60', net: '7641.40' },
  ]);
  for (const total of totals.list()) {
    const minor = (text: string) => (text.startsWith('-') ? -toMinorUnits(text.slice(1), total.currency) : toMinorUnits(text, total.currency));
    const { method: _method, currency, gross, net, ...deductions } = total;
    const deducted = Object.values(deductions).reduce((sum, value) => sum + minor(value!), 0n);
    expect(signedFromMinorUnits(minor(gross) - deducted, currency)).toBe(net);
  }
});

test('a split share is counted in no total: it divides a payment already counted', () => {
  const totals = new SettlementTotals();
  totals.add({ method: 'card', kind: 'card_payment', currency: 'CRC', gross: '30000.00', net: '30000.00' });
  totals.add({ method: 'card', kind: 'card_split', currency: 'CRC', gross: '10000.00', commission: '350.00', net: '9650.00' });
  expect(totals.list()).toEqual([{ method: 'card', currency: 'CRC', gross: '30000.00', net: '30000.00' }]);
});

test('a day of only refunds totals negative', () => {
  const totals = new SettlementTotals();
  totals.add({ method: 'card', kind: 'card_refund', currency: 'CRC', gross: '5000.00', net: '5000.00' });
  expect(totals.list()).toEqual([{ method: 'card', currency: 'CRC', gross: '-5000.00', net: '-5000.00' }]);
});

test.describe('a CSV cell', () => {
  const cases: Array<[string | null, string]> = [
    [null, ''],
    ['', ''],
    ['15000.00', '15000.00'],
    ['SVC-123', 'SVC-123'],
    ['pedido de Ana', 'pedido de Ana'],
    ['a,b', '"a,b"'],
    ['dice "hola"', '"dice ""hola"""'],
    ['dos\nlíneas', '"dos\nlíneas"'],
    ['=1+1', "'=1+1"],
    ['+50688887777', "'+50688887777"],
    ['-cuenta 7', "'-cuenta 7"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
    ['=HYPERLINK("http://evil.example","pagar")', `"'=HYPERLINK(""http://evil.example"",""pagar"")"`],
  ];
  for (const [value, written] of cases) {
    test(`${JSON.stringify(value)} is written ${JSON.stringify(written)}`, () => {
      expect(csvCell(value)).toBe(written);
    });
  }
  test('a line ends with CRLF', () => {
    expect(csvLine(['a', null, '=b'])).toBe("a,,'=b\r\n");
  });
});

test.describe('the business day and time of an instant', () => {
  const cases: Array<[string, string, { date: string; time: string }]> = [
    ['2026-12-05T05:59:59Z', 'America/Costa_Rica', { date: '2026-12-04', time: '23:59:59' }],
    ['2026-12-05T06:00:00Z', 'America/Costa_Rica', { date: '2026-12-05', time: '00:00:00' }],
    ['2026-12-05T06:00:00.999Z', 'America/Costa_Rica', { date: '2026-12-05', time: '00:00:00' }],
    ['2026-03-29T01:30:00Z', 'Europe/Madrid', { date: '2026-03-29', time: '03:30:00' }],
    ['2026-12-05T12:00:00Z', 'UTC', { date: '2026-12-05', time: '12:00:00' }],
  ];
  for (const [instant, zone, wall] of cases) {
    test(`${instant} in ${zone}`, () => {
      expect(wallClockIn(new Date(instant), zone)).toEqual(wall);
    });
  }
});

test.describe('what the gateway wrote is kept, and what it left out stays out', () => {
  test('numbers are read exactly, half up to the minor unit; null is absent, never 0', () => {
    expect(cardDeductionsOf({ commission: 525, iva_commission: 68.25, retention_iva: 0.30000000000000004, retention_rent: null, cost: 0, cost_iva: null }, 'CRC')).toEqual({
      commission: '525.00',
      ivaCommission: '68.25',
      retentionIva: '0.30',
      cost: '0.00',
    });
  });
});

test.describe("the sandbox processor's deductions", () => {
  const cases: Array<[string, string, Parameters<typeof feeSchedule.parse>[0], Record<string, bigint>]> = [
    ['15000.00', 'CRC', {}, { commission: 52500n, ivaCommission: 6825n, retentionIva: 79650n, retentionRent: 26550n, cost: 0n, costIva: 0n }],
    ['25.00', 'USD', {}, { commission: 88n, ivaCommission: 11n, retentionIva: 133n, retentionRent: 44n, cost: 0n, costIva: 0n }],
    ['15000.00', 'CRC', { commissionPer100k: 4_000, costPerPayment: { CRC: '100.00' } }, { commission: 60000n, ivaCommission: 7800n, retentionIva: 79650n, retentionRent: 26550n, cost: 10000n, costIva: 1300n }],
    ['0.00', 'CRC', { costPerPayment: { CRC: '100.00' } }, { commission: 0n, ivaCommission: 0n, retentionIva: 0n, retentionRent: 0n, cost: 0n, costIva: 0n }],
  ];
  for (const [amount, currency, schedule, expected] of cases) {
    test(`${amount} ${currency} under ${JSON.stringify(schedule)}`, () => {
      expect(deductionsOf(toMinorUnits(amount, currency), currency, feeSchedule.parse(schedule))).toEqual(expected);
    });
  }
  test('the defaults are Hacienda\'s factors for a merchant whose sales are all taxed', () => {
    expect(defaultFeeSchedule).toMatchObject({ commissionPer100k: 3_500, ivaOnCommissionPer100k: 13_000, retentionIvaPer100k: 5_310, retentionRentPer100k: 1_770 });
  });
});

test.describe('a split share is known by its number, behind a merchant prefix too', () => {
  const cases: Array<[string, string | undefined]> = [
    ['SL|SVC-ABC-1', 'SVC-ABC-1'],
    ['PFC030684-SL|SVC-ABC-1', 'SVC-ABC-1'],
    [' SL|shop_order_77 ', 'shop_order_77'],
    ['SVC-ABC-1', undefined],
    ['SVC-SLOW|2', undefined],
  ];
  for (const [number, order] of cases) {
    test(`${JSON.stringify(number)} → ${JSON.stringify(order)}`, () => {
      expect(splitShareOf(number)).toBe(order);
    });
  }
});
