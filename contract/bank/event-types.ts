import { z } from 'zod';

/**
 * The four public event types (banking-webhooks.md §1, §4.3). `payment.status_changed` is
 * internal-only and deliberately absent: asking for its contract is a 404.
 */
export const bankEventTypes = ['payin.posted', 'payment.succeeded', 'payment.failed', 'payment.reversed'] as const;
export const bankEventType = z.enum(bankEventTypes);
export type BankEventType = z.infer<typeof bankEventType>;

export function isBankEventType(value: string): value is BankEventType {
  return (bankEventTypes as readonly string[]).includes(value);
}

export const paymentMethodCodes = ['PIN', 'SINPE_MOVIL'] as const;
export const paymentMethodCode = z.enum(paymentMethodCodes);
export type PaymentMethodCode = z.infer<typeof paymentMethodCode>;
