// A Costa Rican address as the widget's provincia → cantón → distrito selects send it reaches the
// gateway as its ISO subdivision (state), its cantón (city) and its district's 5-digit postal code
// (zip); without the code it is still accepted (it is optional for CR).
import { expect, test } from '../support/node-test.ts';
import { gatewayOrderNumberOf } from '../../contract/gateway-facts.ts';
import { checkout, costaRicaBilling, createMerchantSession } from './fixtures/buyer.ts';
import { startSystem, type System } from '../support/system.ts';

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem();
});
test.afterAll(async () => {
  await stack?.close();
});

async function billToSeenByGateway(billing: Record<string, string>) {
  const { sessionToken, orderNumber } = await createMerchantSession(stack.bffUrl);
  await checkout(stack.bffUrl, sessionToken, { billing: { ...costaRicaBilling, ...billing }, sameAsBilling: true });
  const truth = await stack.sandbox.truth(gatewayOrderNumberOf(orderNumber, 1));
  return truth?.attempts.at(-1)?.billTo;
}

test('Escazú, San Rafael: the gateway gets CR-SJ, the cantón as city and 10203 as postal code', async () => {
  const billTo = await billToSeenByGateway({ state: 'CR-SJ', city: 'Escazú', zip: '10203', address: 'De la iglesia 200 m al norte, casa verde' });
  expect(billTo).toEqual({ city: 'Escazú', state: 'CR-SJ', country: 'CR', zipPostCode: '10203' });
});

test('a Costa Rican address without a postal code goes through with an empty one', async () => {
  const billTo = await billToSeenByGateway({ state: 'CR-P', city: 'Monteverde', zip: '' });
  expect(billTo).toEqual({ city: 'Monteverde', state: 'CR-P', country: 'CR', zipPostCode: '' });
});
