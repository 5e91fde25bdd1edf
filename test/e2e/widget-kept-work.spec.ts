// The shopper's work survives, at phone and desktop sizes, with axe in each new state:
// - a decline, then "Intentar de nuevo", brings back the address and the electronic invoice request;
// - a reload after "Pago aprobado" shows the result and the order number again, and a fresh visit
//   of the page is the form (the shopper left);
// - with a merchant session (the storefront's "Authorize only"), "Try again" on the page the shopper
//   returns to (which carries no session) pays the same order.
// The plain page (demo/public/plain.html) carries an empty <svc-checkout>; the test sets its
// attributes after each load, as a merchant's script would.
import { expect, test, type Page } from '@playwright/test';
import { fillCheckout, spanishLabels } from './apps/shop-page.ts';
import { addToCart, axeViolations, decliningCard, approvingCard, fillAndPay, payOnHostedPage } from './demo-stack.ts';

/**
 * The merchant's script: the plain page gets a shop's landmarks (a main region, a heading), and the
 * element its BFF, the cart and the invoice offer.
 */
async function mountOnPlainPage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const config = (await (await fetch('/config.json')).json()) as { bffUrl: string };
    const element = document.querySelector('svc-checkout')!;
    if (!element.closest('main')) {
      const main = document.createElement('main');
      const heading = document.createElement('h1');
      heading.textContent = 'Café de Tarrazú';
      main.append(heading, element);
      document.body.append(main);
    }
    element.setAttribute('locale', 'es-CR');
    element.setAttribute('invoice', '');
    element.setAttribute('items', '[{"sku":"CR-COFFEE-500","quantity":1}]');
    element.setAttribute('bff', config.bffUrl);
  });
}

async function openPlainPage(page: Page): Promise<void> {
  await page.goto('/plain.html');
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/plain.html');
  await mountOnPlainPage(page);
}

async function payOnPlainPage(page: Page, card: string): Promise<void> {
  await page.locator('svc-checkout').getByRole('button', { name: /^Pagar\b/ }).click();
  await page.waitForURL(/\/hosted\//);
  await payOnHostedPage(page, card);
  await page.waitForURL(/\/plain\.html/);
  await mountOnPlainPage(page);
}

const widget = (page: Page) => page.locator('svc-checkout');
const invoiceBox = (page: Page) => widget(page).getByRole('checkbox', { name: 'Necesito factura electrónica' });

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test.describe(`kept work (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a decline, then "Intentar de nuevo", brings back the address and the invoice request', async ({ page }) => {
      await openPlainPage(page);
      await fillCheckout(page, spanishLabels);
      await invoiceBox(page).check();
      await widget(page).getByLabel('Tipo de identificación').selectOption('01');
      await widget(page).getByLabel('Número de identificación').fill('1-0234-0567');
      // Prefilled from billing until the shopper types their own.
      await expect(widget(page).getByLabel('Nombre o razón social')).toHaveValue('Ana Mora');
      await payOnPlainPage(page, decliningCard);

      const result = widget(page).locator('[part="result"]');
      await expect(result.getByRole('heading')).toHaveText('Pago rechazado', { timeout: 20_000 });
      expect(await axeViolations(page)).toEqual([]);
      await widget(page).getByRole('button', { name: 'Intentar de nuevo' }).click();

      await expect(invoiceBox(page)).toBeChecked();
      await expect(widget(page).getByLabel('Tipo de identificación')).toHaveValue('01');
      await expect(widget(page).getByLabel('Número de identificación')).toHaveValue('1-0234-0567');
      await expect(widget(page).getByLabel('Nombre o razón social')).toHaveValue('Ana Mora');
      await expect(widget(page).getByLabel('Correo para la factura')).toHaveValue('ana.mora@example.com');
      await expect(widget(page).getByLabel(spanishLabels.firstName, { exact: true })).toHaveValue('Ana');
      await expect(widget(page).getByLabel(spanishLabels.state, { exact: true })).toHaveValue('CR-SJ');
      expect(await axeViolations(page)).toEqual([]);
    });

    test('a reload after "Pago aprobado" shows the result and the order number again; a fresh visit shows the form', async ({ page }) => {
      await openPlainPage(page);
      await fillCheckout(page, spanishLabels);
      await payOnPlainPage(page, approvingCard);
      const result = widget(page).locator('[part="result"]');
      await expect(result.getByRole('heading')).toHaveText('Pago aprobado', { timeout: 20_000 });
      const orderLine = (await result.getByText(/^Pedido /).textContent())!.trim();
      expect(page.url()).not.toContain('svc-result');

      await page.reload();
      await mountOnPlainPage(page);
      await expect(result.getByRole('heading')).toHaveText('Pago aprobado', { timeout: 20_000 });
      await expect(result.getByText(orderLine)).toBeVisible();
      await expect(result).toBeFocused();
      expect(await axeViolations(page)).toEqual([]);

      // The shopper goes on shopping on this document: the shop puts a fresh checkout on it.
      await page.evaluate(() => document.querySelector('svc-checkout')!.replaceWith(document.createElement('svc-checkout')));
      await mountOnPlainPage(page);
      await expect(widget(page).getByRole('button', { name: /^Pagar\b/ })).toBeVisible();
      await expect(result).toHaveCount(0);

      await page.goto('/plain.html');
      await mountOnPlainPage(page);
      await expect(widget(page).getByRole('button', { name: /^Pagar\b/ })).toBeVisible();
      await expect(result).toHaveCount(0);
    });

    test('a reload of the kept result asks the order\'s status at once, beside the lazy parts, not after them', async ({ page }) => {
      await openPlainPage(page);
      await fillCheckout(page, spanishLabels);
      await payOnPlainPage(page, approvingCard);
      const result = widget(page).locator('[part="result"]');
      await expect(result.getByRole('heading')).toHaveText('Pago aprobado', { timeout: 20_000 });

      // The rules' part is held on the reload: the status request must not wait for it.
      let releaseRules!: () => void;
      const rulesHeld = new Promise<void>((resolve) => (releaseRules = resolve));
      await page.route(/\/chunks\/checkout-rules-[\w-]+\.js$/, async (route) => {
        await rulesHeld;
        await route.continue();
      });
      const statusAsked = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/v1/orders/'), { timeout: 15_000 });
      // The page's own scripts have run (its element is there); the rules' part, imported later, is still held.
      await page.reload({ waitUntil: 'domcontentloaded' });
      await mountOnPlainPage(page);
      await statusAsked;
      releaseRules();
      await expect(result.getByRole('heading')).toHaveText('Pago aprobado', { timeout: 20_000 });
      await page.unroute(/\/chunks\/checkout-rules-[\w-]+\.js$/);
    });

    test('with a merchant session, "Try again" on the page the shopper returns to pays the same order', async ({ page }) => {
      await page.goto('/');
      await page.evaluate(() => sessionStorage.clear());
      await page.goto('/');
      await expect(page.locator('body[data-ready]')).toHaveCount(1);
      await addToCart(page, 'Tarrazú coffee, 500 g');
      await page.getByLabel(/Authorize only/).check();
      await page.getByRole('button', { name: 'Checkout' }).click();
      await fillAndPay(page);
      await page.waitForURL(/\/hosted\//);
      await payOnHostedPage(page, decliningCard);

      const result = widget(page).locator('[part="result"]');
      await expect(result.getByRole('heading')).toHaveText('Payment declined', { timeout: 20_000 });
      const declinedOrder = (await result.getByText(/^Order /).textContent())!.trim();
      await widget(page).getByRole('button', { name: 'Try again' }).click();
      await expect(widget(page).getByLabel('First name')).toHaveValue('Ana');
      expect(await axeViolations(page)).toEqual([]);

      await widget(page).getByRole('button', { name: /^Pay\b/ }).click();
      await page.waitForURL(/\/hosted\//);
      await payOnHostedPage(page, approvingCard);
      // The same order, authorized only (the merchant session's capture: false), not a new catalog order.
      await expect(page.locator('#checkout-result')).toHaveText(`Thank you! ${declinedOrder} is authorized; the shop captures it when it ships.`, { timeout: 20_000 });
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
