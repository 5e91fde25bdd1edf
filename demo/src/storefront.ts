// The storefront: a catalog in CRC or USD, a cart, and <svc-checkout> (loaded by a plain
// <script src>) in catalog mode, or, for "authorize only", with a session this demo's server
// made with capture false. Themes are only --svc-* custom properties (demo.css).
import type { CatalogItem } from '../../contract/catalog.ts';
import { catalogItemName } from '../../contract/catalog-names.ts';
import { fromMinorUnits, toMinorUnits } from '../../contract/money.ts';
import { formatMoney } from '../../contract/money-format.ts';
import { applyTexts, loadDemoConfig, type DemoConfig } from './demo-config.ts';
import { storefrontTexts, type StorefrontTextKey } from './storefront-text.ts';
import { attachSinpeSimulator } from './sinpe-simulator.ts';


interface Cart {
  currency: string;
  lines: Array<{ sku: string; quantity: number }>;
  authorizeOnly: boolean;
}

const cartKey = 'svc-demo-cart';
/** What the demo shows off, chosen beside the cart: the electronic invoice and popup mode. */
const showcaseKey = 'svc-demo:showcase';
const localeKey = 'svc-demo-locale';
const themeKey = 'svc-demo-theme';
const themes = ['ocean', 'rainforest', 'volcano'];

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

let config: DemoConfig;
let catalog: CatalogItem[] = [];
let cart: Cart = readCart();
let locale = localStorage.getItem(localeKey) ?? 'en';

function readCart(): Cart {
  try {
    const stored = JSON.parse(sessionStorage.getItem(cartKey) ?? 'null') as Cart | null;
    if (stored && Array.isArray(stored.lines)) return stored;
  } catch {
    // a damaged cart is an empty cart
  }
  return { currency: 'CRC', lines: [], authorizeOnly: false };
}

// The checkout stays open across the hosted page's Back and a reload (this tab only): the widget
// keeps what the shopper typed, the page keeps the widget on screen.
const openCheckoutKey = 'svc-demo:checkout-open';

/**
 * The order whose approval the checkout shows: a reload (or Back/Forward onto the page) puts the
 * checkout back, and the widget shows its kept result again; a fresh visit or "Continue shopping"
 * is the shop. Its cart was settled when the approval first came.
 */
const shownApprovalKey = 'svc-demo:shown-approval';

function reachedByReload(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}

function rememberCheckoutOpen(open: boolean): void {
  if (open) sessionStorage.setItem(openCheckoutKey, '1');
  else sessionStorage.removeItem(openCheckoutKey);
}

interface Showcase {
  invoice: boolean;
  popup: boolean;
}

function readShowcase(): Showcase {
  try {
    const stored = JSON.parse(sessionStorage.getItem(showcaseKey) ?? 'null') as Partial<Showcase> | null;
    return { invoice: stored?.invoice === true, popup: stored?.popup === true };
  } catch {
    return { invoice: false, popup: false };
  }
}

let showcase = readShowcase();

/** The switches beside the cart: the invoice applies to the next checkout opened; popup mode also to the open one. */
function wireShowcase(): void {
  for (const [id, key] of [['offer-invoice', 'invoice'], ['popup-mode', 'popup']] as const) {
    const box = byId<HTMLInputElement>(id);
    box.checked = showcase[key];
    box.addEventListener('change', () => {
      showcase = { ...showcase, [key]: box.checked };
      sessionStorage.setItem(showcaseKey, JSON.stringify(showcase));
      if (key === 'popup') openCheckout?.setAttribute('mode', showcase.popup ? 'popup' : 'redirect');
    });
  }
}

function saveCart(): void {
  sessionStorage.setItem(cartKey, JSON.stringify(cart));
}

function text(key: StorefrontTextKey, order = ''): string {
  return storefrontTexts(locale)[key].replace('{order}', order);
}

const money = (amount: string, currency: string) => formatMoney(locale, amount, currency);

function itemOf(sku: string): CatalogItem | undefined {
  return catalog.find((item) => item.sku === sku);
}

// ----- rendering ---------------------------------------------------------------------------------

function renderProducts(): void {
  const list = byId<HTMLUListElement>('products');
  list.replaceChildren(
    ...catalog
      .filter((item) => item.currency === cart.currency)
      .map((item) => {
        const li = document.createElement('li');
        li.className = 'product';
        const name = document.createElement('h2');
        name.className = 'product-name';
        name.textContent = catalogItemName(item, locale);
        const price = document.createElement('p');
        price.className = 'price';
        price.textContent = money(item.unitAmount, item.currency);
        const add = document.createElement('button');
        add.type = 'button';
        add.className = 'secondary';
        add.textContent = text('addToCart');
        add.setAttribute('aria-label', `${text('addToCart')}: ${catalogItemName(item, locale)}`);
        add.dataset.sku = item.sku;
        add.addEventListener('click', () => changeQuantity(item.sku, 1));
        li.append(name, price, add);
        return li;
      }),
  );
  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="currency"]')) radio.checked = radio.value === cart.currency;
}

function renderCart(): void {
  const lines = byId<HTMLUListElement>('cart-lines');
  let total = 0n;
  lines.replaceChildren(
    ...cart.lines.flatMap((line) => {
      const item = itemOf(line.sku);
      if (!item) return [];
      const itemName = catalogItemName(item, locale);
      const lineMinor = toMinorUnits(item.unitAmount, item.currency) * BigInt(line.quantity);
      total += lineMinor;
      const li = document.createElement('li');
      li.className = 'cart-line';
      const name = document.createElement('span');
      name.className = 'cart-name';
      name.textContent = itemName;
      const quantity = document.createElement('span');
      quantity.className = 'quantity';
      const minus = quantityButton('−', `${text('quantity')} −1: ${itemName}`, () => changeQuantity(line.sku, -1));
      const count = document.createElement('output');
      count.textContent = String(line.quantity);
      count.setAttribute('aria-label', `${text('quantity')}: ${itemName}`);
      const plus = quantityButton('+', `${text('quantity')} +1: ${itemName}`, () => changeQuantity(line.sku, 1));
      quantity.append(minus, count, plus);
      const amount = document.createElement('span');
      amount.className = 'cart-amount';
      amount.textContent = money(fromMinorUnits(lineMinor, item.currency), item.currency);
      const remove = quantityButton('×', `${text('remove')}: ${itemName}`, () => changeQuantity(line.sku, -line.quantity));
      li.append(name, quantity, amount, remove);
      return [li];
    }),
  );
  const empty = cart.lines.length === 0;
  byId('cart-empty').hidden = !empty;
  byId('cart-total-row').hidden = empty;
  byId('cart-total').textContent = empty ? '' : money(fromMinorUnits(total, cart.currency), cart.currency);
  byId<HTMLButtonElement>('checkout-button').disabled = empty;
  byId<HTMLInputElement>('authorize-only').checked = cart.authorizeOnly;
}

function quantityButton(label: string, accessibleName: string, onClick: () => void): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'icon-button';
  button.textContent = label;
  button.setAttribute('aria-label', accessibleName);
  button.addEventListener('click', onClick);
  return button;
}

function renderTexts(): void {
  document.documentElement.lang = locale;
  applyTexts(document, (key) => storefrontTexts(locale)[key as StorefrontTextKey]);
  byId<HTMLSelectElement>('language').value = locale;
  renderProducts();
  renderCart();
}

// ----- cart --------------------------------------------------------------------------------------

function changeQuantity(sku: string, delta: number): void {
  const line = cart.lines.find((entry) => entry.sku === sku);
  if (line) line.quantity = Math.min(99, line.quantity + delta);
  else if (delta > 0) cart.lines.push({ sku, quantity: Math.min(99, delta) });
  cart.lines = cart.lines.filter((entry) => entry.quantity > 0);
  saveCart();
  renderCart();
  void followCart();
}

function switchCurrency(currency: string): void {
  if (currency === cart.currency) return;
  cart = { currency, lines: [], authorizeOnly: cart.authorizeOnly };
  saveCart();
  renderProducts();
  renderCart();
  void followCart();
}

/** The lines an order was made for, by order number: an approval removes just those from the cart. */
const orderedLinesPrefix = 'svc-demo:ordered-lines:';

function rememberOrderedLines(orderNumber: string, lines: Cart['lines']): void {
  sessionStorage.setItem(orderedLinesPrefix + orderNumber, JSON.stringify(lines));
}

/** The cart less what the order contained; the whole cart when the order's lines are not known. */
function cartAfterPaying(orderNumber: string): Cart['lines'] {
  const stored = sessionStorage.getItem(orderedLinesPrefix + orderNumber);
  sessionStorage.removeItem(orderedLinesPrefix + orderNumber);
  if (!stored) return [];
  const paid = JSON.parse(stored) as Cart['lines'];
  return cart.lines
    .map((line) => ({ sku: line.sku, quantity: line.quantity - (paid.find((entry) => entry.sku === line.sku)?.quantity ?? 0) }))
    .filter((line) => line.quantity > 0);
}

// ----- checkout ----------------------------------------------------------------------------------

function setTheme(theme: string): void {
  const chosen = themes.includes(theme) ? theme : 'ocean';
  localStorage.setItem(themeKey, chosen);
  byId<HTMLSelectElement>('theme').value = chosen;
  const host = byId('checkout-host');
  host.className = `theme-${chosen}`;
}

/** The open checkout while its order can still change: a cart change updates it (the shopper adds one more thing). */
let openCheckout: HTMLElement | undefined;

/** Puts a fresh <svc-checkout> on the page; `session` for authorize-only, else catalog `items`. */
function mountCheckout(options: { session?: string }): HTMLElement {
  const host = byId('checkout-host');
  const element = document.createElement('svc-checkout');
  element.setAttribute('bff', config.bffUrl);
  // Catalog items also after a return: the widget's "try again" starts a new order for them.
  if (cart.lines.length > 0) element.setAttribute('items', JSON.stringify(cart.lines));
  if (options.session) element.setAttribute('session', options.session);
  if (showcase.invoice) element.setAttribute('invoice', '');
  if (showcase.popup) element.setAttribute('mode', 'popup');
  element.addEventListener('svc-submit', (event) => {
    rememberOrderedLines((event as Event & { orderNumber: string }).orderNumber, JSON.parse(element.getAttribute('items') ?? '[]') as Cart['lines']);
  });
  // The outcome is the widget's to say, once (its live region and result panel): the page listens
  // only to settle the cart, and adds what the shop knows beyond it (an authorized order's capture).
  element.addEventListener('svc-approved', (event) => {
    const { orderNumber } = event as Event & { orderNumber: string };
    showResult(cart.authorizeOnly ? text('authorized', orderNumber) : '');
    rememberCheckoutOpen(false);
    openCheckout = undefined;
    byId('continue-shopping').hidden = false;
    // The kept result shown again after a reload: its order left the cart the first time.
    if (sessionStorage.getItem(shownApprovalKey) === orderNumber) return;
    sessionStorage.setItem(shownApprovalKey, orderNumber);
    cart = { currency: cart.currency, lines: cartAfterPaying(orderNumber), authorizeOnly: cart.authorizeOnly };
    saveCart();
    renderCart();
  });
  attachSinpeSimulator(element, byId('sinpe-simulator'), config);
  openCheckout = element;
  host.replaceChildren(element);
  byId('checkout-section').hidden = false;
  return element;
}

/** What the shop adds to the widget's outcome (not announced: the widget says the outcome). */
function showResult(message: string): void {
  byId('checkout-result').textContent = message;
}

/** The storefront's own failures (the catalog did not load, the authorize-only session was refused): announced. */
function showNotice(message: string): void {
  byId('storefront-notice').textContent = message;
}

/** A capture=false session from this demo's server for the cart; undefined (the reason shown) when refused. */
async function authorizeOnlySession(): Promise<string | undefined> {
  const response = await fetch('/api/authorize-only-session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ items: cart.lines, locale }),
  });
  const body = (await response.json().catch(() => ({}))) as { sessionToken?: string };
  if (response.ok && body.sessionToken) return body.sessionToken;
  // The BFF's problem `detail` is English: the shopper reads the page's language.
  showNotice(storefrontTexts(locale).sessionRefused.replace('{status}', String(response.status)));
  return undefined;
}

/**
 * The cart changed while the checkout is open: the widget gets the new items (catalog mode) or a new
 * session (authorize only) and keeps what the shopper typed; an emptied cart closes the checkout.
 * A payment under way (a popup open, a transfer awaited) keeps its order in the widget, which takes
 * the new cart at its next try (widget/README.md); an approval removes only what that order held.
 */
async function followCart(): Promise<void> {
  const element = openCheckout;
  if (!element) return;
  const paying = ['submitting', 'redirecting', 'returned', 'polling'].includes((element as HTMLElement & { state?: string }).state ?? '');
  // Emptied while paying: the payment's own window or transfer decides; the checkout stays.
  if (cart.lines.length === 0) return paying ? undefined : closeCheckout();
  const items = JSON.stringify(cart.lines);
  if (element.hasAttribute('session')) {
    const session = await authorizeOnlySession();
    if (!session || element !== openCheckout) return;
    element.setAttribute('session', session);
  }
  element.setAttribute('items', items);
}

async function startCheckout(): Promise<void> {
  sessionStorage.removeItem(shownApprovalKey);
  showResult('');
  showNotice('');
  byId('continue-shopping').hidden = true;
  let session: string | undefined;
  if (cart.authorizeOnly) {
    session = await authorizeOnlySession();
    if (!session) return;
  }
  mountCheckout(session ? { session } : {});
  // An authorize-only session lives in this page only; a catalog checkout can be opened again.
  rememberCheckoutOpen(!session);
  byId('checkout-title').focus();
}

function closeCheckout(): void {
  rememberCheckoutOpen(false);
  sessionStorage.removeItem(shownApprovalKey);
  openCheckout = undefined;
  byId('checkout-host').replaceChildren();
  byId('checkout-section').hidden = true;
  showResult('');
  byId<HTMLButtonElement>('checkout-button').focus();
}

// ----- start -------------------------------------------------------------------------------------

async function main(): Promise<void> {
  byId('checkout-title').tabIndex = -1;
  setTheme(localStorage.getItem(themeKey) ?? 'ocean');
  // Back from the gateway: the widget reads #svc-result itself and shows the outcome. It needs only
  // where the BFF is, so it is put on the page as soon as that is known, not after the catalog too
  // (on a slow phone each of these fetches is a round trip the shopper waits for their result).
  const returning = new URLSearchParams(location.hash.slice(1)).has('svc-result');
  const catalogLoad = fetch('/catalog.json').then((response) => response.json() as Promise<{ items: CatalogItem[] }>);
  catalogLoad.catch(() => undefined);
  try {
    config = await loadDemoConfig();
    if (returning) {
      // The page's language first: the element speaks it (the rest of the words follow the catalog).
      document.documentElement.lang = locale;
      mountCheckout({});
    }
    catalog = (await catalogLoad).items;
  } catch {
    renderTexts();
    showNotice(text('loadFailed'));
    byId('checkout-section').hidden = false;
    return;
  }
  renderTexts();

  byId<HTMLSelectElement>('language').addEventListener('change', (event) => {
    locale = (event.target as HTMLSelectElement).value;
    localStorage.setItem(localeKey, locale);
    renderTexts();
  });
  byId<HTMLSelectElement>('theme').addEventListener('change', (event) => setTheme((event.target as HTMLSelectElement).value));
  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="currency"]')) {
    radio.addEventListener('change', () => radio.checked && switchCurrency(radio.value));
  }
  byId<HTMLInputElement>('authorize-only').addEventListener('change', (event) => {
    cart.authorizeOnly = (event.target as HTMLInputElement).checked;
    saveCart();
  });
  wireShowcase();
  byId('checkout-button').addEventListener('click', () => void startCheckout());
  byId('continue-shopping').addEventListener('click', closeCheckout);

  const reloaded = reachedByReload();
  if (!reloaded) sessionStorage.removeItem(shownApprovalKey);
  if (!returning && sessionStorage.getItem(shownApprovalKey)) mountCheckout({});
  else if (!returning && sessionStorage.getItem(openCheckoutKey) && cart.lines.length > 0) mountCheckout({});
  document.body.dataset.ready = 'true';
}

void main();
