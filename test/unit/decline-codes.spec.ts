// Each decline code the real service is observed to send (contract/gateway-facts.ts
// observedDeclineCodes) reads as the category whose words tell the shopper what to do next.
import { expect, test } from '../support/node-test.ts';
import { declineCategoryOfGatewayCode, declineMessage } from '../../contract/decline-messages.ts';
import { observedDeclineCodes } from '../../contract/gateway-facts.ts';

test('the observed codes and what the shopper is told to do', () => {
  const table: [code: string, category: string][] = [
    ['2', 'generic'],
    ['3', 'insufficient_funds'],
    ['4', 'card_details'],
    ['7', 'try_again'],
    ['8', 'cancelled'],
    ['43', 'card_blocked'],
    ['51', 'insufficient_funds'],
    ['82', 'card_details'],
    ['98', 'try_again'],
  ];
  for (const [code, category] of table) expect(declineCategoryOfGatewayCode(code), `code ${code}`).toBe(category);
  // Every observed code is in the table above: a code added to the facts needs its row here.
  expect(Object.keys(observedDeclineCodes).sort()).toEqual(table.map(([code]) => code).sort());
});

test('a 3-D Secure failure and an unreachable issuer say "try again", never "another card"', () => {
  for (const code of ['7', '98']) {
    for (const [locale, again, another] of [
      ['es-CR', 'Inténtelo de nuevo', 'otra tarjeta'],
      ['en', 'Try again', 'another card'],
      ['pt-BR', 'Tente novamente', 'outro cartão'],
    ] as const) {
      const words = declineMessage(declineCategoryOfGatewayCode(code), locale);
      expect(words, `${code} ${locale}`).toContain(again);
      expect(words, `${code} ${locale}`).not.toContain(another);
    }
  }
});

test('codes of neither list: the ISO 8583 reading, else generic; whitespace is not a code of its own', () => {
  expect(declineCategoryOfGatewayCode('05')).toBe('card_blocked');
  expect(declineCategoryOfGatewayCode('N7')).toBe('card_details');
  expect(declineCategoryOfGatewayCode(' 98 ')).toBe('try_again');
  expect(declineCategoryOfGatewayCode('999')).toBe('generic');
  expect(declineCategoryOfGatewayCode(null)).toBe('generic');
  expect(declineCategoryOfGatewayCode('constructor')).toBe('generic');
});
