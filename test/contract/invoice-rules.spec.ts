import assert from 'node:assert/strict';
import { expect, test } from '../support/node-test.ts';
import fc from 'fast-check';
import { invoiceDetails } from '../../contract/invoice.ts';
import { invoiceIssues, type InvoiceIssue } from '../../contract/invoice-rules.ts';

// The widget checks the invoice fields with invoice-rules.ts's plain functions and the BFF with the
// zod schema built from them: on any input both report the same issues, in the same order (the
// widget shows each field's first one). The check inside the draws is node:assert's: Playwright's
// expect records a step for each call, bookkeeping that 3,000 draws pay for again and again.
function zodIssues(input: unknown): InvoiceIssue[] {
  const result = invoiceDetails.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => (issue.path.length === 0 ? { code: 'required' } : { field: issue.path[0], code: issue.message }) as InvoiceIssue);
}

const text = (...values: string[]) => fc.oneof(fc.constantFrom(...values), fc.string({ maxLength: 8 }), fc.constantFrom('', '   ', ' a '));
const notText = fc.constantFrom(undefined, null, 7, true, ['01']);
const maybe = (values: fc.Arbitrary<string>) => fc.oneof({ weight: 6, arbitrary: values }, { weight: 1, arbitrary: notText });

const invoiceInput = fc.record(
  {
    idType: maybe(text('01', '02', '03', '04', '05', '1', ' 01')),
    idNumber: maybe(text('102340567', '1-0234-0567', '3-101-123456', '3101123456', '1 0234 0567', '12345678901', '123456789012', '1234567890123', '12a456789', '---', '. -')),
    name: maybe(text('Ana María Solís', 'x'.repeat(101), ` ${'x'.repeat(100)} `)),
    email: maybe(text('ana@example.cr', 'ana@example', 'a b@c.d', `${'a'.repeat(150)}@example.cr`)),
    extra: fc.constantFrom('x'),
  },
  { requiredKeys: [] },
);

test('the widget\'s plain invoice rules report what the BFF\'s zod schema reports, in order', () => {
  fc.assert(
    fc.property(invoiceInput, (input) => {
      assert.deepEqual(invoiceIssues(input), zodIssues(input));
    }),
    { numRuns: 3000 },
  );
});

test('a value that is no object is refused as a whole', () => {
  for (const input of [null, '01', 3, undefined, []]) {
    expect(invoiceIssues(input)).toEqual([{ code: 'required' }]);
    expect(zodIssues(input)).toEqual([{ code: 'required' }]);
  }
});
