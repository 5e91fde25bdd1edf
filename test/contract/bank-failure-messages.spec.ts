// The shopper's words for a refused SINPE Móvil transfer: every reason code of the bank's catalog
// lands in a category with a message in es, en and pt-BR that says what to do next and never
// repeats why the bank refused (account state, compliance, identity).
// Checks in the loops over every reason code and message are node:assert's: Playwright's expect records a step
// (its stack captured and source-mapped) for each call.
import assert from 'node:assert/strict';
import { expect, test } from '../support/node-test.ts';
import { bankFailureCategoryOf, bankFailureMessage, bankFailureMessages } from '../../contract/bank-failure-messages.ts';
import { reasonCodeCatalog, rejectionCodes, rejectionFor } from '../../contract/bank/reason-codes.ts';

const locales = ['es', 'en', 'pt-BR'] as const;

test('every catalog reason code gets a message in es, en and pt-BR, and none repeats the bank\'s reason', () => {
  for (const [reasonCode, meaning] of Object.entries(reasonCodeCatalog)) {
    const category = bankFailureCategoryOf(rejectionFor(reasonCode).code);
    for (const locale of locales) {
      const message = bankFailureMessage(category, locale);
      assert.ok(message.length > 20, `${reasonCode} in ${locale}: ${message}`);
      assert.ok(!message.toLowerCase().includes(meaning.toLowerCase()), `${reasonCode} in ${locale} repeats "${meaning}": ${message}`);
    }
  }
});

test('every rejection.code has its category; a code the bank adds later is a plain refusal, a failure with none is the platform\'s', () => {
  for (const code of rejectionCodes) assert.notEqual(bankFailureCategoryOf(code), 'platform', code);
  expect(bankFailureCategoryOf('SOME_NEW_CODE')).toBe('declined');
  expect(bankFailureCategoryOf(null)).toBe('platform');
  expect(bankFailureCategoryOf('WALLET_PHONE_NOT_REGISTERED_BCCR')).toBe('phone_not_usable');
  expect(bankFailureCategoryOf('RETRY_LATER')).toBe('bank_unreachable');
});

test('each message says that no money was taken, or what happens to a transfer already sent', () => {
  for (const locale of locales) {
    for (const [category, message] of Object.entries(bankFailureMessages[locale])) {
      if (category === 'expired') assert.match(message, /no la repita|do not send it again|não a repita/);
      else assert.match(message, /No se cobró nada|No money was taken|Nada foi cobrado/);
    }
  }
  expect(bankFailureMessage('declined', 'es-CR')).toBe(bankFailureMessages.es.declined);
  expect(bankFailureMessage('declined', 'pt')).toBe(bankFailureMessages['pt-BR'].declined);
});
