// Hacienda's receiver ID types and their number lengths, without zod: the widget's first bundle
// reads them to render the ID type list and the length hint; contract/invoice.ts builds the schema.

/** Hacienda's receiver ID types (Receptor/Identificacion/Tipo). */
export const invoiceIdTypes = ['01', '02', '03', '04'] as const;
export type InvoiceIdType = (typeof invoiceIdTypes)[number];

/**
 * Digits per ID type, as Hacienda's v4.4 schema accepts them: 01 cédula física 9, 02 cédula
 * jurídica 10, 03 DIMEX 11 or 12, 04 NITE 10.
 */
export const invoiceIdNumberLengths: Record<InvoiceIdType, { min: number; max: number }> = {
  '01': { min: 9, max: 9 },
  '02': { min: 10, max: 10 },
  '03': { min: 11, max: 12 },
  '04': { min: 10, max: 10 },
};

export type InvoiceIssueCode = 'required' | 'too_long' | 'invalid_id_type' | 'invalid_id_number' | 'invalid_email';

export function isInvoiceIdType(value: unknown): value is InvoiceIdType {
  return typeof value === 'string' && (invoiceIdTypes as readonly string[]).includes(value);
}

/** Pure: whether `idNumber` has the digits `idType` asks for. */
export function isValidInvoiceIdNumber(idType: InvoiceIdType, idNumber: string): boolean {
  const { min, max } = invoiceIdNumberLengths[idType];
  return /^\d+$/.test(idNumber) && idNumber.length >= min && idNumber.length <= max;
}
