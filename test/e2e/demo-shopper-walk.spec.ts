// The storefront walked in Spanish and Portuguese on a 390 px phone (and Spanish on a desktop): the products are named in the
// page's language (the list, the cart, the widget's summary), the sandbox's bank app speaks it and
// fits the phone, and a SINPE Móvil refusal is said once, by the widget (the page adds no line of its
// own, never "try another card"). A SINPE Móvil approval survives a reload like a card's. axe clean.
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, buyer, keepScreenshot, openFreshStorefront } from './demo-stack.ts';

const walks = [
  {
    tag: 'es-CR',
    product: 'Taza de cerámica chorotega',
    addToCart: 'Agregar al carrito',
    bankApp: { label: 'Qué hace el banco', send: 'Simular la transferencia desde la app de mi banco', refusal: 'Rechazada: teléfono no inscrito en SINPE Móvil (15303)' },
    refused: /Ese número no puede usarse para SINPE Móvil/,
    approved: 'Pago aprobado',
    panelHeading: 'Pague con SINPE Móvil',
  },
  {
    tag: 'pt-BR',
    product: 'Caneca de cerâmica chorotega',
    addToCart: 'Adicionar ao carrinho',
    bankApp: { label: 'O que o banco faz', send: 'Simular a transferência pelo app do meu banco', refusal: 'Recusada: telefone sem SINPE Móvil (15303)' },
    refused: /Esse número não pode ser usado no SINPE Móvil/,
    approved: 'Pagamento aprovado',
    panelHeading: 'Pague com SINPE Móvil',
  },
] as const;

const widget = (page: Page) => page.locator('svc-checkout');

/** The storefront in `tag`, a colones cart of `product` (by its name in that language), the checkout open on SINPE Móvil's transfer. */
async function openTransfer(page: Page, walk: (typeof walks)[number]): Promise<void> {
  await openFreshStorefront(page);
  await page.locator('#language').selectOption(walk.tag);
  await page.getByLabel(/₡/).check();
  await expect(page.locator('.product-name', { hasText: walk.product })).toHaveCount(1);
  await page.getByRole('button', { name: `${walk.addToCart}: ${walk.product}` }).click();
  await expect(page.locator('.cart-name')).toHaveText([walk.product]);
  await page.locator('#checkout-button').click();
  await expect(widget(page).locator('[part="summary"]')).toContainText(walk.product);
  // A Portuguese page starts on a Brazilian address, where SINPE Móvil cannot work: the buyer in
  // Costa Rica picks its country first, and the choice appears.
  if (walk.tag === 'pt-BR') {
    await expect(widget(page).getByRole('radio', { name: 'SINPE Móvil' })).toHaveCount(0);
    await widget(page).locator('#billing-country').selectOption('CR');
  }
  await widget(page).getByRole('radio', { name: 'SINPE Móvil' }).check();
  await widget(page).locator('#billing-firstName').fill(buyer.firstName);
  await widget(page).locator('#billing-lastName').fill(buyer.lastName);
  await widget(page).locator('#billing-email').fill(buyer.email);
  await widget(page).locator('#billing-telephone').fill('8312 3456');
  await widget(page).locator('[part="submit-button"]').click();
  await expect(page.getByRole('button', { name: walk.bankApp.send })).toBeVisible({ timeout: 20_000 });
  // The panel's words are a file of the language's folder (i18n/<tag>/sinpe-panel.ts), which the built part asks for.
  await expect(widget(page).locator('svc-sinpe-panel h3')).toHaveText(walk.panelHeading);
}

/** Nothing wider than the phone: the page does not scroll sideways, and the bank app stays inside it. */
async function expectFitsPhone(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.page, 'the page scrolls sideways').toBeLessThanOrEqual(widths.viewport);
  const app = (await page.locator('.sinpe-simulator').boundingBox())!;
  expect(app.x).toBeGreaterThanOrEqual(0);
  expect(app.x + app.width).toBeLessThanOrEqual(widths.viewport);
}

test.use({ viewport: { width: 390, height: 844 } });

for (const [walk, viewport] of [
  [walks[0], { width: 390, height: 844 }],
  [walks[1], { width: 390, height: 844 }],
  [walks[0], { width: 1280, height: 800 }],
] as const) {
  test.describe(`the storefront in ${walk.tag} at ${viewport.width} px`, () => {
    test.use({ viewport });
    test('names the products in the page\'s language, and the bank app speaks it and fits the phone; a refusal is said once, by the widget', async ({ page }, testInfo) => {
      await openTransfer(page, walk);
      await expect(page.getByLabel(walk.bankApp.label)).toBeVisible();
      await expectFitsPhone(page);
      expect(await axeViolations(page)).toEqual([]);
      await keepScreenshot(page, testInfo, `sinpe-bank-app-${walk.tag}-${viewport.width}`);

      await page.getByLabel(walk.bankApp.label).selectOption({ label: walk.bankApp.refusal });
      await page.getByRole('button', { name: walk.bankApp.send }).click();
      await expect(widget(page).locator('[part="status"]')).toHaveText(walk.refused, { timeout: 20_000 });
      // The page's own words say nothing of the outcome: no line of its own, no live region with it.
      await expect(page.locator('#checkout-result')).toHaveText('');
      const pageSaid = await page.evaluate(() => [...document.querySelectorAll('[role="status"], [aria-live]')].map((region) => region.textContent?.trim() ?? '').filter(Boolean));
      expect(pageSaid).toEqual([]);
      await expect(page.locator('body')).not.toContainText(/Pruebe otra tarjeta|Tente outro cartão|Try another card/);
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}

test('a SINPE Móvil approval is shown again after a reload, in the page\'s language', async ({ page }) => {
  const walk = walks[0];
  await openTransfer(page, walk);
  await page.getByRole('button', { name: walk.bankApp.send }).click();
  const result = widget(page).locator('[part="result"]');
  await expect(result.getByRole('heading')).toHaveText(walk.approved, { timeout: 20_000 });
  const order = (await result.getByText(/^Pedido /).textContent())!.trim();
  await expect(page.locator('#checkout-result')).toHaveText('');

  await page.reload();
  await expect(result.getByRole('heading')).toHaveText(walk.approved, { timeout: 20_000 });
  await expect(result.getByText(order)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
