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
   * How long, in hours, an amount asked for a transfer that lapsed unpaid stays reserved: money
   * without a reference at that amount may still come from its buyer (an SMS sent late), so no
   * other buyer is asked it meanwhile, and such money pays the lapsed order it was asked for.
   */
  SINPE_AMOUNT_RESERVE_HOURS: z.coerce.number().min(0).max(24 * 30).default(24),
  /**
   * How many amounts one client address may hold at once (open transfers, and lapsed ones still
   * reserved): past it, its transfers ask for the reference only, so no client can take a price's
   * amounts from every other buyer.
   */
  SINPE_AMOUNTS_PER_CLIENT: z.coerce.number().int().min(0).max(100_000).default(5),
  /**
   * 1: a SINPE Móvil checkout asks the whole billing address, as a card does (the merchant needs it,
   * e.g. to ship). Default: only name, e-mail and phone, what a transfer needs.
   */
  SINPE_MOVIL_ASK_ADDRESS: envFlag(),
};

/** The settings a SINPE Móvil attempt needs, from the BFF's config. */
export function sinpeSettingsOf(config: {
  SINPE_MOVIL_PHONE?: string | undefined;
  SINPE_TRANSFER_MINUTES: number;
  SINPE_MAX_DISCOUNT_COLONES: number;
  SINPE_AMOUNT_RESERVE_HOURS: number;
  SINPE_AMOUNTS_PER_CLIENT: number;
  MAX_PAYMENT_ATTEMPTS: number;
}) {
  return {
    phone: config.SINPE_MOVIL_PHONE,
    transferMinutes: config.SINPE_TRANSFER_MINUTES,
    maxDiscountColones: config.SINPE_MAX_DISCOUNT_COLONES,
    amountReserveMs: Math.round(config.SINPE_AMOUNT_RESERVE_HOURS * 3_600_000),
    amountsPerClient: config.SINPE_AMOUNTS_PER_CLIENT,
    maxAttempts: config.MAX_PAYMENT_ATTEMPTS,
  };
}

/** What the bank events' matcher needs of the settings (bff/sinpe/matcher.ts). */
export function matcherSettingsOf(config: Parameters<typeof sinpeSettingsOf>[0]) {
  const settings = sinpeSettingsOf(config);
  return { phone: settings.phone, amountReserveMs: settings.amountReserveMs };
}
