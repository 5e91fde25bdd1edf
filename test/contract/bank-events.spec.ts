import { test, expect } from '../support/node-test.ts';
import {
  bankEvent,
  isEventOfType,
  paymentFailedEvent,
  payinPostedEvent,
  paymentReversedEvent,
  paymentSucceededEvent,
} from '../../contract/bank/events.ts';
import { isBankTimestamp, toBankTimestamp } from '../../contract/bank/timestamps.ts';
import { netAmountFor } from '../../contract/bank/net-amount.ts';
import { eventContract, eventContractParams } from '../../contract/bank/event-contracts.ts';
import { readBankEvent } from '../../contract/bank/delivery.ts';

const noProvider = {
  correlation_id: null,
  occurred_at: null,
  provider_status_code: null,
  provider_status_desc: null,
  provider_status_semantic: null,
};

type Sample = {
  event: Record<string, unknown>;
  payment: Record<string, unknown>;
  provider: Record<string, unknown>;
  [field: string]: unknown;
};

function envelope(eventType: string, payment: Record<string, unknown>, extra: Record<string, unknown> = {}): Sample {
  return {
    schema_version: '1.0.0',
    event: {
      event_id: '3f1c9a2e-8b7d-4c1e-9f00-2a6b5c4d3e21',
      event_type: eventType,
      occurred_at: '2026-11-21T14:05:09Z',
      correlation_id: 'req-81d2',
    },
    context: { country_code: 'CR', payment_method_code: 'SINPE_MOVIL' },
    payment: {
      payment_id: '7c2e0b5a-1d3f-4e6a-8b9c-0d1e2f3a4b5c',
      public_id: 100234,
      status: 'posted',
      amount: { amount: '15000.00', currency: 'CRC' },
      ...payment,
    },
    provider: noProvider,
    ...extra,
  };
}

const payinPosted = envelope('payin.posted', {
  posted_at: '2026-11-21T14:05:09Z',
  account: { type: 'IBAN', value: 'CR05015202001026284066' },
  reference: { client_reference: 'ORD-1001', external_reference: 'SINPE-778899' },
  destination_phone_number: '88888888',
  local_payment: true,
  origin_client_name: 'Ana Solís',
});
const succeeded = envelope('payment.succeeded', {
  status: 'confirmed',
  client_reference: 'ORD-1001',
  external_reference: 'SINPE-778899',
  fee_total: '150.00',
  tax_total: '19.50',
  net_amount: '14830.50',
  succeeded_at: '2026-11-21T14:05:10Z',
});
const failedRejected = envelope(
  'payment.failed',
  { status: 'failed', error: { domain: 'sinpe_rejection', platform: { code: 'PROVIDER_REJECTED' } } },
  {
    rejection: { code: 'SINPE_REJECTED', reason_code: '21', message: 'insufficient funds' },
    provider: {
      correlation_id: 'prov-1',
      occurred_at: '2026-11-21T14:05:08Z',
      provider_status_code: '21',
      provider_status_desc: 'insufficient funds',
      provider_status_semantic: 'SINPE_REJECTED',
    },
  },
);
const reversed = envelope('payment.reversed', {
  result: 'reversed',
  has_reversal: true,
  reversed_at: '2026-11-22T09:00:00Z',
  reason: { code: 'CUSTOMER_CLAIM', message: 'Reversed after a claim' },
});

test.describe('bank events', () => {
  test('all four events parse, and bankEvent tells them apart', () => {
    expect(payinPostedEvent.safeParse(payinPosted).success).toBe(true);
    expect(paymentSucceededEvent.safeParse(succeeded).success).toBe(true);
    expect(paymentFailedEvent.safeParse(failedRejected).success).toBe(true);
    expect(paymentReversedEvent.safeParse(reversed).success).toBe(true);
    const types = [payinPosted, succeeded, failedRejected, reversed].map((sample) => bankEvent.parse(sample).event.event_type);
    expect(types).toEqual(['payin.posted', 'payment.succeeded', 'payment.failed', 'payment.reversed']);
    const parsed = bankEvent.parse(failedRejected);
    expect(isEventOfType(parsed, 'payment.failed') && parsed.rejection?.code).toBe('SINPE_REJECTED');
  });

  test('payment.status_changed and unknown types are not events', () => {
    expect(bankEvent.safeParse({ ...reversed, event: { ...reversed.event, event_type: 'payment.status_changed' } }).success).toBe(false);
    expect(bankEvent.safeParse({ ...payinPosted, event: { ...payinPosted.event, event_type: 'payout.posted' } }).success).toBe(false);
    expect(eventContractParams.safeParse({ event_type: 'payment.status_changed' }).success).toBe(false);
    expect(eventContractParams.safeParse({ event_type: 'payin.posted' }).success).toBe(true);
  });

  test('the provider object needs every field, null allowed', () => {
    const { provider_status_desc: _d, ...missing } = noProvider;
    expect(bankEvent.safeParse({ ...payinPosted, provider: missing }).success).toBe(false);
    expect(bankEvent.safeParse({ ...payinPosted, provider: undefined }).success).toBe(false);
  });

  test('payment.failed: domain enum, required platform, optional or null rejection with the bank\'s code as written', () => {
    const bare = envelope('payment.failed', { status: 'failed', error: { domain: 'platform_posting', platform: { code: 'LEDGER_DOWN' } } });
    expect(paymentFailedEvent.safeParse(bare).success).toBe(true);
    expect(paymentFailedEvent.safeParse({ ...bare, rejection: null }).success).toBe(true);
    const badDomain = envelope('payment.failed', { status: 'failed', error: { domain: 'network', platform: {} } });
    expect(paymentFailedEvent.safeParse(badDomain).success).toBe(false);
    const noPlatform = envelope('payment.failed', { status: 'failed', error: { domain: 'platform_infra' } });
    expect(paymentFailedEvent.safeParse(noPlatform).success).toBe(false);
    // gateway-facts.md: the bank's rejection.code is its word, a code §6.5 does not list included.
    const newCode = { ...failedRejected, rejection: { ...failedRejected['rejection'] as object, code: 'INSUFFICIENT_FUNDS' } };
    expect(paymentFailedEvent.parse(newCode).rejection?.code).toBe('INSUFFICIENT_FUNDS');
  });

  test('a delivery reads "" where a field may be absent as absent, and null or "" amounts of a success as unknown', () => {
    const read = (sample: unknown) => {
      const reading = readBankEvent(sample);
      if (!reading.ok) throw new Error(reading.error.message);
      return reading.event as any;
    };
    expect(read({ ...payinPosted, payment: { ...payinPosted.payment, amount: { amount: '', currency: 'CRC' } } }).payment.amount).toEqual({ currency: 'CRC' });
    const success = read({ ...succeeded, payment: { ...succeeded.payment, fee_total: null, tax_total: '', net_amount: '', succeeded_at: '' } }).payment;
    expect(success).toMatchObject({ fee_total: null, tax_total: null, net_amount: null });
    expect(success).not.toHaveProperty('succeeded_at');
    const rejection = read({ ...failedRejected, rejection: { code: 'SOME_NEW_CODE', reason_code: '', message: '' } }).rejection;
    expect(rejection).toEqual({ code: 'SOME_NEW_CODE', reason_code: '', message: '' });
    // What no tolerance reads: an id that is no int64.
    expect(readBankEvent({ ...payinPosted, payment: { ...payinPosted.payment, public_id: 'abc' } }).ok).toBe(false);
  });

  test('payment.failed: the rejection is read whatever the provider fields say, null included (§6.2 "null when unknown")', () => {
    const unknownProvider = { ...failedRejected, provider: { correlation_id: null, occurred_at: null, provider_status_code: null, provider_status_desc: null, provider_status_semantic: null } };
    expect(paymentFailedEvent.parse(unknownProvider).rejection).toMatchObject({ reason_code: '21' });
    const saysLess = { ...failedRejected, provider: { ...(failedRejected['provider'] as object), provider_status_code: '22' } };
    expect(paymentFailedEvent.safeParse(saysLess).success).toBe(true);
  });

  test('payment.reversed carries its constants', () => {
    expect(paymentReversedEvent.safeParse({ ...reversed, payment: { ...reversed.payment, result: 'failed' } }).success).toBe(false);
    expect(paymentReversedEvent.safeParse({ ...reversed, payment: { ...reversed.payment, has_reversal: false } }).success).toBe(false);
    const { reversed_at: _r, ...noTime } = reversed.payment;
    expect(paymentReversedEvent.safeParse({ ...reversed, payment: noTime }).success).toBe(false);
  });

  test('payin.posted needs account and reference; status and method are enums', () => {
    const { account: _a, ...noAccount } = payinPosted.payment;
    expect(payinPostedEvent.safeParse({ ...payinPosted, payment: noAccount }).success).toBe(false);
    expect(bankEvent.safeParse({ ...payinPosted, payment: { ...payinPosted.payment, status: 'POSTED' } }).success).toBe(false);
    // The status the payment has when the event is written (§6.2): a late payin.posted may still say confirmed.
    expect(bankEvent.safeParse({ ...payinPosted, payment: { ...payinPosted.payment, status: 'confirmed' } }).success).toBe(true);
    expect(bankEvent.safeParse({ ...failedRejected, payment: { ...failedRejected.payment, status: 'processing' } }).success).toBe(false);
    expect(bankEvent.safeParse({ ...reversed, payment: { ...reversed.payment, status: 'confirmed' } }).success).toBe(true);
    expect(bankEvent.safeParse({ ...payinPosted, context: { country_code: 'CR', payment_method_code: 'CARD' } }).success).toBe(false);
    expect(bankEvent.safeParse({ ...payinPosted, event: { ...payinPosted.event, event_id: 'not-a-uuid' } }).success).toBe(false);
  });

  test('timestamps are RFC 3339 UTC with Z; a fraction of a second is read and dropped', () => {
    expect(isBankTimestamp('2026-11-21T14:05:09Z')).toBe(true);
    expect(isBankTimestamp('2026-11-21T14:05:09.123Z')).toBe(true);
    for (const bad of ['2026-11-21T14:05:09+00:00', '2026-11-21T14:05:09', '2026-11-21 14:05:09Z', '2026-02-30T00:00:00Z', '2026-11-21T24:00:00Z', '2026-11-21T14:05:09.Z']) {
      expect(isBankTimestamp(bad), bad).toBe(false);
    }
    expect(toBankTimestamp(new Date(Date.UTC(2026, 10, 21, 14, 5, 9, 999)))).toBe('2026-11-21T14:05:09Z');
    const fractional = { ...payinPosted, event: { ...payinPosted.event, occurred_at: '2026-11-21T14:05:09.5Z' } };
    expect(bankEvent.parse(fractional).event.occurred_at).toBe('2026-11-21T14:05:09Z');
  });

  test('net_amount follows the direction rule', () => {
    const amounts = { amount: '15000.00', fee_total: '150.00', tax_total: '19.50' };
    expect(netAmountFor('PAYIN', amounts, 'CRC')).toBe('14830.50');
    expect(netAmountFor('PAYOUT', amounts, 'CRC')).toBe('15169.50');
    expect(netAmountFor('PAYIN', { amount: '1.00', fee_total: '2.00', tax_total: '0' }, 'USD')).toBeNull();
  });

  test('an event contract needs all four fields', () => {
    expect(eventContract.safeParse({ event_type: 'payin.posted', schema_version: '1.0.0', description: 'x', example: payinPosted }).success).toBe(true);
    expect(eventContract.safeParse({ event_type: 'payin.posted', schema_version: '1.0.0', description: 'x' }).success).toBe(false);
  });
});
