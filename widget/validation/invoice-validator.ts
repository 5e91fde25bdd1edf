import { invoiceIssues, type InvoiceFieldName } from '../../contract/invoice-rules.ts';
import type { InvoiceIssueCode } from '../../contract/invoice-id-types.ts';

export type { InvoiceFieldName };
export type InvoiceErrors = Partial<Record<InvoiceFieldName, InvoiceIssueCode>>;

export interface InvoiceValidation {
  isValid: boolean;
  /** The first problem of each field, as the contract's stable code. */
  errors: InvoiceErrors;
}

/**
 * Checks the invoice details with the very rules the BFF applies on POST /v1/checkout
 * (contract/invoice-rules.ts, which its zod schema is built from; the widget need not carry zod).
 */
export class InvoiceValidator {
  validate(value: unknown): InvoiceValidation {
    const issues = invoiceIssues(value);
    if (issues.length === 0) return { isValid: true, errors: {} };
    const errors: InvoiceErrors = {};
    for (const issue of issues) {
      if (issue.field !== undefined && errors[issue.field] === undefined) errors[issue.field] = issue.code;
    }
    return { isValid: false, errors };
  }
}
