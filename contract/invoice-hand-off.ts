// The v4.4 invoice hand-off (ARCHITECTURE.md "The invoice hand-off"): what the merchant's invoicing
// provider needs to issue the factura electrónica of a paid order. We hand it over; signing and
// filing with Hacienda stay with that provider.
import { z } from 'zod';
import { decimalAmountString, orderLine } from './bff-api.ts';
import { invoiceIdTypes } from './invoice.ts';

/** Hacienda's medio de pago codes (v4.4 MedioPago): 02 tarjeta, 06 SINPE Móvil. */
export const paymentMeansCodes = { card: '02', sinpeMovil: '06' } as const;

/** The receptor's ubicación, in Hacienda's codes: provincia 1 digit, cantón 2, distrito 2 (the 5-digit postal code is the three together). */
export const invoiceLocation = z.object({
  provincia: z.string(),
  canton: z.string(),
  distrito: z.string(),
  /** Otras señas: the address lines as the buyer wrote them. */
  otrasSenas: z.string().optional(),
});
export type InvoiceLocation = z.infer<typeof invoiceLocation>;

export const invoiceReceptor = z.object({
  /** 01 cédula física, 02 cédula jurídica, 03 DIMEX, 04 NITE. */
  idType: z.enum(invoiceIdTypes),
  idNumber: z.string(),
  name: z.string(),
  email: z.string(),
  /** From the billing address when it names a Costa Rican district (its 5-digit postal code). */
  location: invoiceLocation.optional(),
});

export const invoicePaymentMeans = z.object({
  code: z.enum([paymentMeansCodes.card, paymentMeansCodes.sinpeMovil]),
  /** What this means brought, in the currency the money moved in. */
  amount: decimalAmountString,
  currency: z.string(),
});

export const invoiceHandOff = z.object({
  /** Null when the buyer asked for no invoice (the merchant issues a tiquete electrónico). */
  receptor: invoiceReceptor.nullable(),
  /** Totals per medio de pago; empty until the order is paid. */
  paymentMeans: z.array(invoicePaymentMeans),
  /** The order's currency (the invoice's CodigoMoneda). */
  currency: z.string(),
  /** Colones per dollar, when a dollar order was paid in colones (the invoice's TipoCambio). */
  exchangeRate: z.string().optional(),
  /** The gateway's authorisation of a card payment, or the bank's rail reference of a transfer; null until paid. */
  reference: z.string().nullable(),
  /** What was sold, as the order's lines. */
  lines: z.array(orderLine),
  /** A SINPE Móvil transfer lowered to be unique: how much less the buyer paid (the invoice's discount). */
  discount: z.optional(decimalAmountString),
  /** How much of the order was refunded (a nota de crédito is the merchant's to issue). */
  refundedAmount: z.optional(decimalAmountString),
});
export type InvoiceHandOff = z.infer<typeof invoiceHandOff>;

/** ISO 3166-2:CR provincia codes by Hacienda's provincia digit (the postal code's first). */
const provinciaSubdivisions: Record<string, string> = { '1': 'CR-SJ', '2': 'CR-A', '3': 'CR-C', '4': 'CR-H', '5': 'CR-G', '6': 'CR-P', '7': 'CR-L' };

/**
 * Pure: the ubicación of a Costa Rican address whose postal code is a district code and agrees
 * with its provincia; undefined otherwise (a foreign address, no code, or a doubt).
 */
export function invoiceLocationOf(address: {
  country?: string | undefined;
  state?: string | undefined;
  zip?: string | undefined;
  address?: string | undefined;
  address2?: string | undefined;
}): InvoiceLocation | undefined {
  // A SINPE Móvil billing without the address (the merchant did not ask for it) has no ubicación.
  const zip = (address.zip ?? '').trim();
  if (address.country !== 'CR' || !/^[1-7]\d{4}$/.test(zip) || provinciaSubdivisions[zip[0]!] !== address.state) return undefined;
  const otrasSenas = [address.address ?? '', address.address2 ?? ''].map((line) => line.trim()).filter(Boolean).join(', ');
  return { provincia: zip.slice(0, 1), canton: zip.slice(1, 3), distrito: zip.slice(3, 5), ...(otrasSenas && { otrasSenas }) };
}
