// The buyer's details for a Costa Rican electronic invoice (factura electrónica v4.4): who the
// invoice is addressed to. The BFF's zod/mini schema on POST /v1/checkout, built from the plain
// rules the widget checks the fields with beside them (invoice-rules.ts), so both say the same thing
// about the same input.
import * as z from 'zod/mini';
import { emailPattern } from './address-rules.ts';
import { invoiceIdTypes, isInvoiceIdType, isValidInvoiceIdNumber, type InvoiceIssueCode } from './invoice-id-types.ts';
import { invoiceFieldLimits, invoiceIdNumberDigits } from './invoice-rules.ts';

export * from './invoice-id-types.ts';
export { invoiceFieldLimits } from './invoice-rules.ts';

/** English text for the invoice issue codes (problem+json `errors[].message`). */
export const invoiceMessagesEn: Record<InvoiceIssueCode, string> = {
  required: 'This field is required.',
  too_long: 'This value is too long.',
  invalid_id_type: 'Choose an ID type: 01, 02, 03 or 04.',
  invalid_id_number: 'Enter the ID number with the digits its type has (01: 9, 02: 10, 03: 11 or 12, 04: 10).',
  invalid_email: 'Enter a valid e-mail address.',
};

const code = (issue: InvoiceIssueCode): InvoiceIssueCode => issue;

const text = (max: number) =>
  z.string({ error: code('required') }).check(z.trim(), z.minLength(1, code('required')), z.maxLength(max, code('too_long')));

export const invoiceDetails = z
  .strictObject({
    idType: z.enum(invoiceIdTypes, { error: (issue) => code(issue.input === undefined ? 'required' : 'invalid_id_type') }),
    idNumber: z.string({ error: code('required') }).check(z.overwrite(invoiceIdNumberDigits), z.minLength(1, code('required'))),
    name: text(invoiceFieldLimits.name),
    email: text(invoiceFieldLimits.email).check(z.regex(emailPattern, code('invalid_email'))),
  })
  .check(
    z.refine((value) => isValidInvoiceIdNumber(value.idType, value.idNumber), {
      path: ['idNumber'],
      message: code('invalid_id_number'),
      // Only when both parsed: a missing number is `required`, an unknown type is the type's issue.
      when: (payload) => {
        const value = payload.value as Record<string, unknown> | null;
        return typeof value === 'object' && value !== null && isInvoiceIdType(value['idType']) && typeof value['idNumber'] === 'string' && value['idNumber'] !== '';
      },
    }),
  );
export type InvoiceDetails = z.infer<typeof invoiceDetails>;
