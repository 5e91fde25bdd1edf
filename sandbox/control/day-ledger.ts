import { approvedCode } from '../../contract/gateway-facts.ts';
import { signedFromMinorUnits, toMinorUnits } from '../../contract/money.ts';
import { recordsOf } from '../gateway/transaction-records.ts';
import type { SandboxState } from '../state.ts';

/**
 * The sandbox's own books for a period, from what it did rather than what it told anyone: every
 * approved card payment adds its amount and the deductions its record carries; a refund or a
 * reversal takes its amount back (the processor keeps its fees); a capture moves nothing (the
 * payment was counted when approved). A SINPE payment in adds its amount, fee and tax when it
 * succeeded; its reversal takes the amount back. A split share divides a payment already counted: nothing. Tests compare a BFF's settlement report with it.
 */
const cardDeductions = ['commission', 'iva_commission', 'retention_iva', 'retention_rent', 'cost', 'cost_iva'] as const;
const reportName = { commission: 'commission', iva_commission: 'ivaCommission', retention_iva: 'retentionIva', retention_rent: 'retentionRent', cost: 'cost', cost_iva: 'costIva' } as const;

interface Sums {
  method: 'card' | 'sinpe_movil';
  currency: string;
  gross: bigint;
  deductions: Map<string, bigint>;
  net: bigint;
}

export function dayLedger(state: SandboxState, from: Date, to: Date) {
  const sums = new Map<string, Sums>();
  const sumsOf = (method: Sums['method'], currency: string) => {
    const key = `${method} ${currency}`;
    let found = sums.get(key);
    if (!found) sums.set(key, (found = { method, currency, gross: 0n, deductions: new Map(), net: 0n }));
    return found;
  };
  const within = (at: Date) => at >= from && at < to;
  const now = state.clock.now();
  for (const order of state.ledger.all()) {
    // A split share divides a payment already in the books.
    if (order.source === 'split') continue;
    for (const { record, at } of recordsOf(order, state.settings.merchant.merchantId, now, state.fees)) {
      if (!within(at) || record.code !== approvedCode || record.type === 'Capture') continue;
      const sum = sumsOf('card', record.currency);
      const amount = toMinorUnits(record.amount, record.currency);
      if (record.type !== 'Payment') {
        sum.gross -= amount;
        sum.net -= amount;
        continue;
      }
      let deducted = 0n;
      for (const field of cardDeductions) {
        const value = toMinorUnits(String(record[field]), record.currency);
        sum.deductions.set(reportName[field], (sum.deductions.get(reportName[field]) ?? 0n) + value);
        deducted += value;
      }
      sum.gross += amount;
      sum.net += amount - deducted;
    }
  }
  for (const payment of state.bank.payments.values()) {
    if (payment.direction !== 'PAYIN') continue;
    const money = (text: string) => toMinorUnits(text, payment.currency);
    if (payment.succeeded && within(payment.succeeded.at)) {
      const sum = sumsOf('sinpe_movil', payment.currency);
      sum.gross += money(payment.amount);
      sum.deductions.set('feeTotal', (sum.deductions.get('feeTotal') ?? 0n) + money(payment.succeeded.fee_total));
      sum.deductions.set('taxTotal', (sum.deductions.get('taxTotal') ?? 0n) + money(payment.succeeded.tax_total));
      sum.net += money(payment.succeeded.net_amount);
    }
    if (payment.reversed_at && within(payment.reversed_at)) {
      const sum = sumsOf('sinpe_movil', payment.currency);
      sum.gross -= money(payment.amount);
      sum.net -= money(payment.amount);
    }
  }
  return [...sums.values()].map((sum) => ({
    method: sum.method,
    currency: sum.currency,
    gross: signedFromMinorUnits(sum.gross, sum.currency),
    ...Object.fromEntries([...sum.deductions].map(([name, value]) => [name, signedFromMinorUnits(value, sum.currency)])),
    net: signedFromMinorUnits(sum.net, sum.currency),
  }));
}
