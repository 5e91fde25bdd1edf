import assert from 'node:assert/strict';
import { expect, test } from '../support/node-test.ts';
import fc from 'fast-check';
import { createAddressSchemas } from '../../contract/address.ts';
import { addressIssues, type AddressIssue } from '../../contract/address-rules.ts';
import { serverAddressChecks } from '../../contract/address-checks.server.ts';

// The widget checks an address with address-rules.ts's plain functions and the BFF with zod schemas
// built from them: on any input both report the same issues, in the same order (the widget shows
// each field's first one), so a form the widget lets through is one the BFF takes. The checks
// inside the draws are node:assert's: Playwright's expect records a step for each call, and each
// new step looks back through the test's earlier ones (3,000 draws: 17 CPU-s against 3).
const { address, billingAddress } = createAddressSchemas(serverAddressChecks);

function zodIssues(schema: typeof address | typeof billingAddress, input: unknown): AddressIssue[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => (issue.path.length === 0 ? { code: 'required' } : { field: issue.path[0], code: issue.message }) as AddressIssue);
}

const text = (...values: string[]) => fc.oneof(fc.constantFrom(...values), fc.string({ maxLength: 8 }), fc.constantFrom('', '   ', 'x'.repeat(61), ' a '));
const notText = fc.constantFrom(undefined, null, 7, true, ['CR']);
const maybe = (values: fc.Arbitrary<string>) => fc.oneof({ weight: 6, arbitrary: values }, { weight: 1, arbitrary: notText });

const addressInput = fc.record(
  {
    firstName: maybe(text('Ana', 'José María')),
    lastName: maybe(text('Solís')),
    address: maybe(text('Avenida Central')),
    address2: maybe(text('Apto 4')),
    city: maybe(text('San José', 'x'.repeat(51))),
    state: maybe(text('CR-SJ', 'CR-H', 'US-CA', ' CR-SJ ', 'CR-SJX', 'XX-1')),
    zip: maybe(text('10101', '1010', '90210', 'K1A 0B1', '1000-001', ' 10101 ', '-1', '12345678901')),
    country: maybe(text('CR', 'US', 'CA', 'PT', 'XX', 'cr', ' CR ', 'CRR', 'GB')),
    telephone: maybe(text('+506 8888 8888', '8888 8888', '+1 415 555 0100', '123', '+506 8888 88888888888888')),
    email: maybe(text('ana@example.cr', 'ana@example', 'a b@c.d', '@x.y', ` ${'a'.repeat(250)}@x.cr`)),
  },
  { requiredKeys: [] },
);

test('the widget\'s plain address rules report what the BFF\'s zod schemas report, in order', () => {
  fc.assert(
    fc.property(addressInput, (input) => {
      assert.deepEqual(addressIssues(input, serverAddressChecks, false), zodIssues(address, input));
      assert.deepEqual(addressIssues(input, serverAddressChecks, true), zodIssues(billingAddress, input));
    }),
    { numRuns: 3000 },
  );
});

test('a value that is no address object is refused as a whole', () => {
  for (const input of [null, 'CR', 3, undefined, []]) {
    expect(addressIssues(input, serverAddressChecks, true)).toEqual([{ code: 'required' }]);
    expect(zodIssues(billingAddress, input)).toEqual([{ code: 'required' }]);
  }
});
