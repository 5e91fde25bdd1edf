// The storefront's product list rendered by the demo server into index.html, in the page's
// first-visit state (CRC, English). Filled only after /catalog.json arrived, the list pushed the
// cart down after the first paint on a phone (Lighthouse CLS 0.2); storefront.ts re-renders it
// with its handlers, in the buyer's own currency and language. The buttons are disabled until then,
// so a click before the script runs is not silently lost.
import type { CatalogItem } from '../contract/catalog.ts';
import { formatMoney } from '../contract/money-format.ts';
import { storefrontTexts } from './src/storefront-text.ts';
import { escapeHtml } from './escape-html.ts';

const firstVisit = { currency: 'CRC', locale: 'en' };


/** The `<li class="product">` items storefront.ts would render for a first visit. */
export function productListHtml(items: readonly CatalogItem[]): string {
  const addToCart = storefrontTexts(firstVisit.locale).addToCart;
  return items
    .filter((item) => item.currency === firstVisit.currency)
    .map((item) => {
      const name = escapeHtml(item.name);
      const price = escapeHtml(formatMoney(firstVisit.locale, item.unitAmount, item.currency));
      return (
        `<li class="product"><h2 class="product-name">${name}</h2><p class="price">${price}</p>` +
        `<button type="button" class="secondary" disabled aria-label="${escapeHtml(addToCart)}: ${name}">${escapeHtml(addToCart)}</button></li>`
      );
    })
    .join('');
}

/** index.html with its empty product list filled. */
export function withProductList(page: string, items: readonly CatalogItem[]): string {
  return page.replace('<ul id="products" class="products"></ul>', () => `<ul id="products" class="products">${productListHtml(items)}</ul>`);
}
