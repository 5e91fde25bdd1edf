import { invoiceDetails, type InvoiceIssueCode } from '../../contract/invoice.ts';

export type InvoiceFieldName = 'idType' | 'idNumber' | 'name' | 'email';
export type InvoiceErrors = Partial<Record<InvoiceFieldName, InvoiceIssueCode>>;

export interface InvoiceValidation {
  isValid: boolean;
  /** The first problem of each field, as the contract's stable code. */
  errors: InvoiceErrors;
}

/** Checks the invoice details with the very schema the BFF applies on POST /v1/checkout (contract/invoice.ts). */
export class InvoiceValidator {
  validate(value: unknown): InvoiceValidation {
    const result = invoiceDetails.safeParse(value);
    if (result.success) return { isValid: true, errors: {} };
    const errors: InvoiceErrors = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] as InvoiceFieldName | undefined;
      if (field !== undefined && errors[field] === undefined) errors[field] = issue.message as InvoiceIssueCode;
    }
    return { isValid: false, errors };
  }
}
