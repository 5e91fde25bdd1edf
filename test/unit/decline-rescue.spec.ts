// Decline rescue: when the status answer offers SINPE Móvil for the same order after a card decline.
import { expect, test } from '../support/node-test.ts';
import { alternativesAfterDecline, type RescueFacts } from '../../contract/decline-rescue.ts';

const rescuable: RescueFacts = { declined: true, cardAttempt: true, reason: 'insufficient_funds', canRetry: true, sinpeOffered: true };

const cases: Array<{ what: string; facts: RescueFacts; offered: string[] }> = [
  { what: 'insufficient funds (a limit reached reads as it)', facts: rescuable, offered: ['sinpe_movil'] },
  { what: 'a card the bank blocked', facts: { ...rescuable, reason: 'card_blocked' }, offered: ['sinpe_movil'] },
  { what: 'mistyped card details: typing again fixes it', facts: { ...rescuable, reason: 'card_details' }, offered: [] },
  { what: 'a generic decline says too little', facts: { ...rescuable, reason: 'generic' }, offered: [] },
  { what: 'a cancel is the buyer\'s choice, not a decline', facts: { ...rescuable, declined: false, reason: 'cancelled' }, offered: [] },
  { what: 'no reason known', facts: { ...rescuable, reason: undefined }, offered: [] },
  { what: 'the shop does not offer SINPE Móvil for this order', facts: { ...rescuable, sinpeOffered: false }, offered: [] },
  { what: 'no attempt left', facts: { ...rescuable, canRetry: false }, offered: [] },
  { what: 'the refused attempt was a transfer itself', facts: { ...rescuable, cardAttempt: false }, offered: [] },
  { what: 'not declined (approved, pending)', facts: { ...rescuable, declined: false }, offered: [] },
];

for (const c of cases) {
  test(c.what, () => {
    expect(alternativesAfterDecline(c.facts)).toEqual(c.offered);
  });
}
