// POST /v1/checkout's body as the widget and the BFF share it (contract/bff-api.ts): a card asks
// the whole billing address, SINPE Móvil only name, e-mail and phone (or the address too when the
// merchant asks it). A table per case; a refusal names the field, as the BFF's 400 does.
import { test, expect } from '../support/node-test.ts';
import { createAddressSchemas, createContactBillingSchema } from '../../contract/address.ts';
import { serverAddressChecks } from '../../contract/address-checks.server.ts';
import { createCheckoutRequestSchema } from '../../contract/bff-api.ts';
import { validationProblem } from '../../bff/http/validation.ts';
import { costaRicanBuyer } from '../fixtures/costa-rican-buyer.ts';

const schemas = { ...createAddressSchemas(serverAddressChecks), contactBillingAddress: createContactBillingSchema(serverAddressChecks) };
const byDefault = createCheckoutRequestSchema(schemas);
const askingAddress = createCheckoutRequestSchema(schemas, { sinpeAsksAddress: true });
const billing = { ...costaRicanBuyer, address2: '' };
const contact = { firstName: 'Ana', lastName: 'Mora', email: 'ana.mora@example.com', telephone: '8312 3456' };

/** The field paths the BFF's 400 would name (its union flattening included); [] when accepted. */
function refusedPaths(schema: typeof byDefault, body: unknown): string[] {
  const result = schema.safeParse(body);
  return result.success ? [] : (validationProblem(result.error.issues).problem.errors ?? []).map((error) => error.path);
}

const cases: Array<{ name: string; body: unknown; byDefault: string[]; askingAddress: string[] }> = [
  { name: 'card, whole address, same as billing', body: { billing, sameAsBilling: true }, byDefault: [], askingAddress: [] },
  { name: 'card named, whole address and shipping', body: { billing, shipping: billing, method: 'card' }, byDefault: [], askingAddress: [] },
  { name: 'card with only name, e-mail and phone', body: { billing: contact, sameAsBilling: true }, byDefault: ['billing.address', 'billing.address2', 'billing.city', 'billing.state', 'billing.zip', 'billing.country'], askingAddress: ['billing.address', 'billing.address2', 'billing.city', 'billing.state', 'billing.zip', 'billing.country'] },
  { name: 'card without city', body: { billing: { ...billing, city: '' }, sameAsBilling: true }, byDefault: ['billing.city'], askingAddress: ['billing.city'] },
  { name: 'card with neither shipping nor sameAsBilling', body: { billing }, byDefault: ['shipping'], askingAddress: ['shipping'] },
  { name: 'SINPE Móvil with only name, e-mail and phone', body: { billing: contact, method: 'sinpe_movil' }, byDefault: [], askingAddress: ['billing.address', 'billing.address2', 'billing.city', 'billing.state', 'billing.zip', 'billing.country'] },
  { name: 'SINPE Móvil with the whole address', body: { billing, sameAsBilling: true, method: 'sinpe_movil' }, byDefault: [], askingAddress: [] },
  { name: 'SINPE Móvil without a phone', body: { billing: { ...contact, telephone: ' ' }, method: 'sinpe_movil' }, byDefault: ['billing.telephone'], askingAddress: ['billing.address', 'billing.address2', 'billing.city', 'billing.state', 'billing.zip', 'billing.country', 'billing.telephone'] },
  { name: 'SINPE Móvil with a bad e-mail', body: { billing: { ...contact, email: 'ana@' }, method: 'sinpe_movil' }, byDefault: ['billing.email'], askingAddress: ['billing.address', 'billing.address2', 'billing.city', 'billing.state', 'billing.zip', 'billing.country', 'billing.email'] },
  { name: 'SINPE Móvil without a last name', body: { billing: { ...contact, lastName: undefined }, method: 'sinpe_movil' }, byDefault: ['billing.lastName'], askingAddress: ['billing.lastName', 'billing.address', 'billing.address2', 'billing.city', 'billing.state', 'billing.zip', 'billing.country'] },
  { name: 'SINPE Móvil with a given address still checks it', body: { billing: { ...contact, country: 'CR', state: 'US-CA' }, method: 'sinpe_movil' }, byDefault: ['billing.state'], askingAddress: ['billing.address', 'billing.address2', 'billing.city', 'billing.zip', 'billing.state'] },
  { name: 'an unknown method', body: { billing, sameAsBilling: true, method: 'cash' }, byDefault: ['method'], askingAddress: ['method'] },
  { name: 'an unknown field', body: { billing: contact, method: 'sinpe_movil', coupon: 'X' }, byDefault: ['coupon'], askingAddress: ['billing.address', 'billing.address2', 'billing.city', 'billing.state', 'billing.zip', 'billing.country', 'coupon'] },
];

test.describe('the checkout body per payment method', () => {
  for (const entry of cases) {
    test(`${entry.name}: refused fields by default and when the merchant asks the address`, () => {
      expect(refusedPaths(byDefault, entry.body).sort()).toEqual([...entry.byDefault].sort());
      expect(refusedPaths(askingAddress, entry.body).sort()).toEqual([...entry.askingAddress].sort());
    });
  }

  test('a SINPE Móvil body keeps only what was sent: no address is made up', () => {
    const parsed = byDefault.parse({ billing: contact, method: 'sinpe_movil' });
    expect(parsed.billing).toEqual({ ...contact, telephone: '8312 3456' });
  });
});
