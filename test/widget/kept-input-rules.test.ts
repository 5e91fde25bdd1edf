// Pure, DOM-free decisions of the kept work and the forgiving input: which e-mail typos get a
// "did you mean", and when a kept result is shown again. Table tests, no element.
import { expect } from '@open-wc/testing';
import { suggestEmail } from '../../widget/address/email-suggestion.ts';
import { showsKeptResult, type NavigationKind } from '../../widget/kept/kept-result.ts';

describe('suggestEmail', () => {
  const cases: ReadonlyArray<[typed: string, suggested: string | undefined]> = [
    ['ana@example.con', 'ana@example.com'],
    ['ana@example.cmo', 'ana@example.com'],
    ['ana@example.comm', 'ana@example.com'],
    ['ana@gmial.com', 'ana@gmail.com'],
    ['ana@gmial.con', 'ana@gmail.com'],
    ['Ana.Mora@GMAI.COM', 'Ana.Mora@gmail.com'],
    ['ana@hotmial.com', 'ana@hotmail.com'],
    ['ana@yaho.com', 'ana@yahoo.com'],
    ['ana@outlok.com', 'ana@outlook.com'],
    [' ana@gamil.com ', 'ana@gmail.com'],
    // As intended: nothing to say.
    ['ana@example.com', undefined],
    ['ana@gmail.com', undefined],
    ['ana@empresa.co.cr', undefined],
    ['ana@empresa.co', undefined],
    ['ana@gmx.com', undefined],
    ['ana@yahoo.co.uk', undefined],
    // Not an address yet: the field's own check speaks.
    ['ana', undefined],
    ['ana@', undefined],
    ['@gmial.com', undefined],
    ['', undefined],
  ];
  for (const [typed, suggested] of cases) {
    it(`"${typed}" → ${suggested ?? 'no hint'}`, () => {
      expect(suggestEmail(typed)).to.equal(suggested);
    });
  }
});

describe('showsKeptResult', () => {
  const cases: ReadonlyArray<[keptPath: string, path: string, navigation: NavigationKind, startsWithDocument: boolean, shown: boolean]> = [
    ['/gracias', '/gracias', 'reload', true, true],
    ['/gracias', '/gracias', 'back_forward', true, true],
    // A fresh visit (a link, the address bar) is a shopper who left and came back: the form.
    ['/gracias', '/gracias', 'navigate', true, false],
    ['/gracias', '/gracias', 'prerender', true, false],
    // Another page of the same tab never shows the order the shopper came back to elsewhere.
    ['/gracias', '/tienda', 'reload', true, false],
    ['/gracias', '/tienda', 'back_forward', true, false],
    // A checkout started later on the reloaded document (shopping on after the result) is a new one.
    ['/gracias', '/gracias', 'reload', false, false],
  ];
  for (const [keptPath, path, navigation, startsWithDocument, shown] of cases) {
    const when = startsWithDocument ? 'the first checkout' : 'a later checkout';
    it(`kept on ${keptPath}, ${navigation} of ${path}, ${when} → ${shown ? 'the result' : 'the form'}`, () => {
      expect(showsKeptResult(keptPath, path, navigation, startsWithDocument)).to.equal(shown);
    });
  }
});
