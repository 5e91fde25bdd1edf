// The invoice details' rules as plain functions, without zod: the widget checks the invoice fields
// with invoiceIssues (so zod's code rides in no widget file), and the BFF's zod schema (invoice.ts)
// is built from the same limits and checks. test/contract/invoice-rules.spec.ts holds the two to
// the same issues, in the same order, on generated input. Pure and DOM-free.
import { emailPattern } from './address-rules.ts';
import { isInvoiceIdType, isValidInvoiceIdNumber, type InvoiceIssueCode } from './invoice-id-types.ts';

/** Hacienda's limits: Nombre 100 characters, CorreoElectronico 160. */
export const invoiceFieldLimits = { name: 100, email: 160 } as const;

export type InvoiceFieldName = 'idType' | 'idNumber' | 'name' | 'email';

/** One problem of the invoice details; `field` is absent when the value is no object or names a field there is not. */
export interface InvoiceIssue {
  field?: InvoiceFieldName;
  code: InvoiceIssueCode;
}

/** As printed on the card (1-0234-0567, 3-101-123456, 1 0234 0567): the separators go, the digits stay. */
export function invoiceIdNumberDigits(idNumber: string): string {
  return idNumber.replace(/[\s.-]/g, '');
}

const knownFields: ReadonlySet<string> = new Set<InvoiceFieldName>(['idType', 'idNumber', 'name', 'email']);

/** A text field's own problems, in order, on its trimmed value. */
function textProblems(field: 'name' | 'email', value: unknown): InvoiceIssueCode[] {
  if (typeof value !== 'string') return ['required'];
  const trimmed = value.trim();
  const problems: InvoiceIssueCode[] = [];
  if (trimmed.length < 1) problems.push('required');
  if (trimmed.length > invoiceFieldLimits[field]) problems.push('too_long');
  if (field === 'email' && !emailPattern.test(trimmed)) problems.push('invalid_email');
  return problems;
}

/**
 * Every issue of the invoice details, in the order the BFF's schema reports them: each field's own,
 * a field there is not, then the ID number against its type (only once both are given).
 */
export function invoiceIssues(input: unknown): InvoiceIssue[] {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return [{ code: 'required' }];
  const given = input as Record<string, unknown>;
  const issues: InvoiceIssue[] = [];
  const { idType, idNumber } = given;
  if (!isInvoiceIdType(idType)) issues.push({ field: 'idType', code: idType === undefined ? 'required' : 'invalid_id_type' });
  const digits = typeof idNumber === 'string' ? invoiceIdNumberDigits(idNumber) : undefined;
  if (digits === undefined || digits.length < 1) issues.push({ field: 'idNumber', code: 'required' });
  for (const field of ['name', 'email'] as const) for (const code of textProblems(field, given[field])) issues.push({ field, code });
  if (Object.keys(given).some((key) => !knownFields.has(key))) issues.push({ code: 'required' });
  if (isInvoiceIdType(idType) && digits && !isValidInvoiceIdNumber(idType, digits)) issues.push({ field: 'idNumber', code: 'invalid_id_number' });
  return issues;
}
