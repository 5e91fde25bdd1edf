// SINPE Móvil settings, spread into bff/config.ts's schema like the webhook and reconciler ones.
import { z } from 'zod';
import { sinpePhonePattern } from '../../contract/sinpe-movil.ts';
import { envFlag } from '../lib/env-flag.ts';

export const sinpeConfigShape = {
  /** The merchant's SINPE Móvil number (8 digits); without it the method is not offered. */
  SINPE_MOVIL_PHONE: z.string().trim().regex(sinpePhonePattern, 'must be 8 digits').optional(),
  /** How long a buyer has to make the transfer before the attempt lapses, in minutes (a fraction is allowed). */
  SINPE_TRANSFER_MINUTES: z.coerce.number().positive().max(24 * 60).default(30),
  /**
   * How many whole colones below the order's amount a transfer may ask, so that its amount is
   * unique among awaited transfers (0: amounts are never lowered, so only one transfer per amount).
   */
  SINPE_MAX_DISCOUNT_COLONES: z.coerce.number().int().min(0).max(999).default(99),
  /**
   * 1: a SINPE Móvil checkout asks the whole billing address, as a card does (the merchant needs it,
   * e.g. to ship). Default: only name, e-mail and phone, what a transfer needs.
   */
  SINPE_MOVIL_ASK_ADDRESS: envFlag(),
};

/** The settings a SINPE Móvil attempt needs, from the BFF's config. */
export function sinpeSettingsOf(config: { SINPE_MOVIL_PHONE?: string | undefined; SINPE_TRANSFER_MINUTES: number; SINPE_MAX_DISCOUNT_COLONES: number; MAX_PAYMENT_ATTEMPTS: number }) {
  return {
    phone: config.SINPE_MOVIL_PHONE,
    transferMinutes: config.SINPE_TRANSFER_MINUTES,
    maxDiscountColones: config.SINPE_MAX_DISCOUNT_COLONES,
    maxAttempts: config.MAX_PAYMENT_ATTEMPTS,
  };
}
