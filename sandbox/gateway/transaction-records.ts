import { fromMinorUnits, toMinorUnits } from '../../contract/money.ts';
import { gatewayDateTime } from '../clock.ts';
import type { GatewayOrder, Modification } from './ledger.ts';
import { captureWindowMs } from './modification-rules.ts';
import { withBrandKeys } from '../../contract/gateway/brand.ts';
import type { GatewayProfile } from './gateway-profile.ts';

import { deductionsOf, deductionsTotal, writtenDeductions, type FeeSchedule } from './fee-schedule.ts';

/** consult's record (gateway-api.md §2.3): `id_svc`, net_to_liquidate as a string. */
export interface TransactionRecordOut {
  id_svc: number;
  orderNumber: string;
  amount: string;
  currency: string;
  merchantId: string;
  code: string;
  response: string;
  auth: string;
  commission: number;
  iva_commission: number;
  retention_iva: number;
  retention_rent: number;
  cost: number;
  cost_iva: number;
  net_to_liquidate: string;
  capture: string;
  card: string;
  last: string;
  environment: string;
  type: string;
  date: string;
}

/** consultTransactions' item (§2.4): `id`, net_to_liquidate a number, plus taxes/discount/email. */
export type TransactionListItemOut = Omit<TransactionRecordOut, 'id_svc' | 'net_to_liquidate'> & {
  id: number;
  net_to_liquidate: number;
  taxes: string;
  discount: string;
  discount_name: string;
  email: string;
};

/** A record plus what consultTransactions filters on. */
export interface LedgerRecord {
  record: TransactionRecordOut;
  email: string;
  at: Date;
}

/**
 * Every transaction the order produced so far: its payment, then each modification. An approved
 * payment carries the fee schedule's deductions (fee-schedule.ts) and net_to_liquidate is the
 * sale less all of them; declines, cancels and modifications carry none.
 */
export function recordsOf(order: GatewayOrder, merchantId: string, now: Date, fees: FeeSchedule): LedgerRecord[] {
  if (order.status === 'created' || !order.outcome || !order.settledAt) return [];
  const approved = order.status === 'approved';
  const minor = approved ? toMinorUnits(order.amount, order.currency) : 0n;
  const deductions = deductionsOf(minor, order.currency, fees);
  const base = {
    orderNumber: order.orderNumber,
    currency: order.currency,
    merchantId,
    auth: order.outcome.auth,
    card: order.card?.bin ?? '',
    last: order.card?.last4 ?? '',
    environment: 'Test',
  };
  const payment: LedgerRecord = {
    email: order.email,
    at: order.settledAt,
    record: {
      ...base,
      id_svc: order.tpt,
      amount: order.amount,
      code: order.outcome.code,
      response: order.outcome.description,
      ...writtenDeductions(deductions, order.currency),
      net_to_liquidate: fromMinorUnits(minor - deductionsTotal(deductions), order.currency),
      capture: captureLabel(order, now),
      type: 'Payment',
      date: gatewayDateTime(order.settledAt),
    },
  };
  const zero = fromMinorUnits(0n, order.currency);
  const modifications = order.modifications.map((m: Modification): LedgerRecord => ({
    email: order.email,
    at: m.at,
    record: {
      ...base,
      id_svc: m.transactionId,
      amount: m.amount,
      code: '1',
      response: 'Approved',
      commission: 0,
      iva_commission: 0,
      retention_iva: 0,
      retention_rent: 0,
      cost: 0,
      cost_iva: 0,
      net_to_liquidate: zero,
      capture: captureLabel(order, now),
      type: modificationTypeLabel[m.kind],
      date: gatewayDateTime(m.at),
    },
  }));
  return [payment, ...modifications];
}

export function toListItem({ record, email }: LedgerRecord): TransactionListItemOut {
  const { id_svc, net_to_liquidate, ...rest } = record;
  return { ...rest, id: id_svc, net_to_liquidate: Number(net_to_liquidate), taxes: '0.00', discount: '0.00', discount_name: '', email };
}

/** Fields the real service's record is observed without (gateway-facts.md "Observed in public integrations"). */
const accountingFieldsNotWritten = ['iva_commission', 'retention_iva', 'retention_rent', 'cost_iva'] as const;

/**
 * A record as the profile's gateway writes it: under `tilopay` the order number carries the
 * merchant's prefix, `card`/`last` are empty, the IVA and retention fields are absent and
 * `commission` is a string; the brand spells `id_<brand>`.
 */
export function writtenRecord<T extends Omit<TransactionRecordOut, 'id_svc' | 'net_to_liquidate'>>(record: T, profile: GatewayProfile): Record<string, unknown> {
  const written: Record<string, unknown> = { ...record, orderNumber: profile.orderNumberPrefix + record.orderNumber };
  if (profile.cardOnRedirectOnly) Object.assign(written, { card: '', last: '' });
  if (profile.plainAccounting) {
    for (const field of accountingFieldsNotWritten) delete written[field];
    written.commission = record.commission.toFixed(2);
  }
  return withBrandKeys(written, profile.brand);
}

const modificationTypeLabel = { capture: 'Capture', refund: 'Refund', reversal: 'Reversal' } as const;

/**
 * The record's `capture` field tells the capture state now. The spec only shows `Capture`;
 * the other labels are the sandbox's: `Authorization` (authorized, not captured yet),
 * `Reversed`, `Expired` (authorization lapsed after the capture window).
 */
function captureLabel(order: GatewayOrder, now: Date): string {
  if (order.status !== 'approved') return order.captureRequested ? 'Capture' : 'Authorization';
  if (order.capturedMinor > 0n) return 'Capture';
  if (order.reversed) return 'Reversed';
  if (order.settledAt && now.getTime() - order.settledAt.getTime() > captureWindowMs) return 'Expired';
  return 'Authorization';
}
