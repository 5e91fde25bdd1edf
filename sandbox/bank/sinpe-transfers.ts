import { Hono } from 'hono';
import { z } from 'zod';
import { decimalPattern } from '../../contract/money.ts';
import type { SandboxState } from '../state.ts';
import { emit, type DeliveryResult } from './emitter.ts';
import { buildBankEvent, type BankTrigger } from './event-builder.ts';

/**
 * The buyer's bank app, simulated (sandbox only): a SINPE Móvil transfer to the merchant's phone,
 * with the reference the buyer wrote. The bank then emits what it would for a transfer in: a
 * posted one confirms (payment.succeeded) and reaches the ledger (payin.posted); a failed one emits
 * payment.failed with the rail's reason code. Delivered to the destinations whose feature is
 * SINPE_MOVIL, like every bank event.
 */
export const sinpeTransferRequest = z.object({
  /** What the buyer wrote in the description; left out (or empty): a transfer without one. */
  reference: z.string().trim().max(64).optional(),
  /**
   * `app`: from the bank app, with the description as written. `sms`: the buyer texted
   * `PASE <monto> <teléfono>` to their bank's short code, with `reference` after the number when
   * given (`PASE <monto> <teléfono> <detalle>`), which the bank carries as the description; the
   * answer echoes the text message.
   */
  channel: z.enum(['app', 'sms']).default('app'),
  /**
   * The description as some banks' feeds write it, packed with the sender's data:
   * `01-2345-6789 | SANDBOX_PAYER | 0 | <reference>`.
   */
  packed: z.boolean().default(false),
  amount: z.string().regex(decimalPattern),
  currency: z.enum(['CRC', 'USD']),
  /** The merchant's number the buyer sent to (8 digits). */
  phone: z.string().regex(/^\d{8}$/).optional(),
  outcome: z.enum(['posted', 'failed']).default('posted'),
  /** The sender's name the bank reports (origin_client_name); default `Sandbox Payer`. */
  payerName: z.string().trim().min(1).max(140).optional(),
  /** payment.failed: the rail's raw reason code (banking-webhooks.md §7), default 21. */
  reasonCode: z.string().min(1).max(10).optional(),
});
export type SinpeTransferRequest = z.input<typeof sinpeTransferRequest>;

export function sinpeTransferRoutes(state: SandboxState) {
  return new Hono().post('/sinpe-transfers', async (c) => {
    const parsed = sinpeTransferRequest.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ error: 'invalid transfer', issues: parsed.error.issues }, 400);
    const transfer = parsed.data;
    const base = {
      payment_method_code: 'SINPE_MOVIL',
      direction: 'PAYIN',
      amount: transfer.amount,
      currency: transfer.currency,
      // The bank's client_reference is a required string (banking-webhooks.md §6.3): empty when nothing was written.
      client_reference: descriptionOf(transfer),
      reason_code: transfer.reasonCode ?? '21',
      ...(transfer.payerName && { origin_client_name: transfer.payerName }),
      wait: true,
    } satisfies Omit<BankTrigger, 'event_type'>;
    const types = transfer.outcome === 'posted' ? (['payment.succeeded', 'payin.posted'] as const) : (['payment.failed'] as const);
    let paymentId: string | undefined;
    const eventIds: string[] = [];
    const deliveries: DeliveryResult[] = [];
    for (const event_type of types) {
      const event = buildBankEvent(state.bank, { ...base, event_type, ...(paymentId && { payment_id: paymentId }) });
      const payment = event.payment as { payment_id: string; destination_phone_number?: string; account?: { value: string } };
      if (transfer.phone && event_type === 'payin.posted') {
        payment.destination_phone_number = `+506${transfer.phone}`;
        if (payment.account) payment.account.value = `+506${transfer.phone}`;
      }
      paymentId = payment.payment_id;
      eventIds.push(event.event.event_id);
      deliveries.push(...(await emit(state.bank, { event_type, payment_method_code: 'SINPE_MOVIL' }, event)));
    }
    const sms = transfer.channel === 'sms' ? { sms: smsTextOf(transfer.amount, transfer.phone ?? '88887777', transfer.reference) } : {};
    return c.json({ payment_id: paymentId, event_ids: eventIds, deliveries, ...sms });
  });
}

/** The text message a buyer sends to pay by SMS: whole colones, no separators (what the banks' short codes take), then the detail if any. */
export function smsTextOf(amount: string, phone: string, detail?: string): string {
  return `PASE ${amount.split('.')[0]} ${phone}${detail ? ` ${detail}` : ''}`;
}

/** What the bank carries as the transfer's description (a required string, §6.3: empty when nothing was written). */
function descriptionOf(transfer: z.output<typeof sinpeTransferRequest>): string {
  const written = transfer.reference ?? '';
  return transfer.packed ? `01-2345-6789 | SANDBOX_PAYER | 0 | ${written}` : written;
}
