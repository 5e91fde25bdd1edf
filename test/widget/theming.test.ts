// Theming from the page: --svc-* custom properties, ::part, the inherited font, dark mode.
import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { field, root, submitButton, waitForState } from './support/element-parts.ts';
import { FakeBff } from './support/fake-bff.ts';

async function mountIn(wrapperStyle: string, theme?: SvcCheckout['theme']) {
  const bff = new FakeBff();
  const { sessionToken } = bff.session();
  const wrapper = await fixture<HTMLDivElement>(html`<div style=${wrapperStyle}>
    <svc-checkout bff=${bff.url} session=${sessionToken} locale="en" theme=${theme ?? 'auto'}></svc-checkout>
  </div>`);
  const element = wrapper.querySelector('svc-checkout')!;
  await waitForState(element, 'idle');
  return element;
}

describe('theming', () => {
  afterEach(() => emulateMedia({ colorScheme: 'light' }));

  describe('when the page sets --svc-* properties and ::part rules', () => {
    it('uses them for the pay button and inherits the page font', async () => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('svc-checkout::part(submit-button) { text-transform: uppercase; }');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      try {
        const element = await mountIn('font-family: Georgia, serif; --svc-color-primary: rgb(122, 62, 0); --svc-radius: 0px');
        const button = getComputedStyle(submitButton(element));
        expect(button.backgroundColor).to.equal('rgb(122, 62, 0)');
        expect(button.borderTopLeftRadius).to.equal('0px');
        expect(button.textTransform).to.equal('uppercase');
        expect(getComputedStyle(field(element, 'billing', 'City')).fontFamily).to.equal('Georgia, serif');
      } finally {
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
      }
    });
  });

  describe('when dark mode is asked for', () => {
    it('turns dark with theme="dark", and stays light with theme="light" even in a dark system', async () => {
      const element = await mountIn('', 'dark');
      expect(getComputedStyle(element).backgroundColor).to.equal('rgb(13, 17, 23)');
      await expectAccessible(element);
      await emulateMedia({ colorScheme: 'dark' });
      element.theme = 'light';
      await element.updateComplete;
      expect(getComputedStyle(element).backgroundColor).to.equal('rgb(255, 255, 255)');
    });

    it('follows prefers-color-scheme by default, and passes axe in dark', async () => {
      const element = await mountIn('');
      expect(getComputedStyle(element).backgroundColor).to.equal('rgb(255, 255, 255)');
      await emulateMedia({ colorScheme: 'dark' });
      expect(getComputedStyle(element).backgroundColor).to.equal('rgb(13, 17, 23)');
      expect(getComputedStyle(root(element).querySelector('[part="summary"]')!).backgroundColor).to.equal('rgb(22, 27, 34)');
      await expectAccessible(element);
    });
  });
});
