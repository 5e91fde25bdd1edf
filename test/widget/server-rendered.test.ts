// A server-rendered page (Next.js, Remix, Astro): the HTML arrives with <svc-checkout> and its
// attributes before the element is defined; the framework then hydrates and compares the tag with
// what it rendered. The element must not add, change or remove an attribute of its own tag when it
// upgrades, or the framework warns of a hydration mismatch. Its theme still applies.
import { expect } from '@open-wc/testing';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { waitForState } from './support/element-parts.ts';
import { FakeBff } from './support/fake-bff.ts';

const attributesOf = (element: Element) => Object.fromEntries([...element.attributes].map((attribute) => [attribute.name, attribute.value]));

/** Puts server-rendered HTML in the page, then defines the element (its first load) and waits for it to be ready. */
async function hydrate(markup: string): Promise<{ element: SvcCheckout; before: Record<string, string>; mutations: string[] }> {
  const container = document.createElement('div');
  container.innerHTML = markup;
  document.body.append(container);
  const element = container.querySelector('svc-checkout') as SvcCheckout;
  expect(customElements.get('svc-checkout'), 'not defined yet: the page is as the server sent it').to.equal(undefined);
  const before = attributesOf(element);
  const mutations: string[] = [];
  const observer = new MutationObserver((records) => mutations.push(...records.map((record) => `${record.attributeName}`)));
  observer.observe(element, { attributes: true });
  await import('../../widget/svc-checkout.ts');
  await customElements.whenDefined('svc-checkout');
  await waitForState(element, 'idle');
  await element.updateComplete;
  // Records still queued are delivered here.
  mutations.push(...observer.takeRecords().map((record) => `${record.attributeName}`));
  observer.disconnect();
  return { element, before, mutations };
}

describe('<svc-checkout> on a server-rendered page', () => {
  it('adds no attribute to its tag when it upgrades (no theme="auto"), and changes none; a theme set as a property writes none either', async () => {
    const bff = new FakeBff();
    const { sessionToken } = bff.session();
    const { element, before, mutations } = await hydrate(`<svc-checkout bff="${bff.url}" session="${sessionToken}" locale="en" no-shipping></svc-checkout>`);
    expect(mutations).to.deep.equal([]);
    expect(attributesOf(element)).to.deep.equal(before);
    expect(element.hasAttribute('theme')).to.equal(false);
    expect(element.theme).to.equal('auto');

    // Set from script after hydration: the theme applies, and the tag keeps its attributes.
    element.theme = 'dark';
    await element.updateComplete;
    expect(getComputedStyle(element).backgroundColor).to.equal('rgb(13, 17, 23)');
    element.theme = 'light';
    await element.updateComplete;
    expect(getComputedStyle(element).backgroundColor).to.equal('rgb(255, 255, 255)');
    expect(attributesOf(element)).to.deep.equal(before);
    element.parentElement!.remove();
  });
});
