// The back office speaks the merchant's language (es, en, pt-BR), chosen as the widget chooses:
// the demo's language choice, else the browser's language; a menu changes it, `lang` follows.
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, createPaymentLink, keepScreenshot, signInBackOffice } from './demo-stack.ts';

/** The first link row's buttons and link, by the names a screen reader speaks. */
async function expectLinkRowNames(page: Page, names: { copy: string; pay: string; remove: string }): Promise<void> {
  const row = page.locator('#links-table tbody tr').first();
  const id = await row.getAttribute('data-link-id');
  expect(id).toMatch(/^\d+$/);
  const named = (text: string) => text.replace('{id}', id!);
  await expect(row.getByRole('button', { name: named(names.copy), exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: named(names.pay), exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: named(names.remove), exact: true })).toBeVisible();
}

for (const size of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`at ${size.name} size, the language menu turns the back office Spanish and Portuguese, and the choice stays`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signInBackOffice(page);
    await expect(page.locator('html')).toHaveAttribute('lang', /^en/);
    // A link of its own, so the links table has rows (their buttons carry names too).
    await createPaymentLink(page, '4200', 'Language check');

    await page.getByLabel('Language').selectOption('es-CR');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-CR');
    await expect(page.getByRole('heading', { name: 'Pedidos' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Monto' }).first()).toBeAttached();
    await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Crear enlace' })).toBeVisible();
    // The SINPE Móvil and webhook panels too.
    await expect(page.getByRole('heading', { name: 'Pagos bancarios sin pedido' })).toBeAttached();
    await expect(page.getByRole('button', { name: 'Agregar destino' })).toBeAttached();
    await expect(page.getByLabel('Entregas en estado')).toBeAttached();
    // Which page: the one holding the new link, past the first once the stack has more than a page of links.
    await expect(page.locator('#links-page')).toContainText(/^Página \d+ de \d+ \(\d+ enlaces?\)$/);
    await expectLinkRowNames(page, { copy: 'Copiar URL del enlace {id}', pay: 'Pagar en el sandbox: enlace {id} (pestaña nueva)', remove: 'Eliminar el enlace {id}' });
    expect(await axeViolations(page), 'in Spanish').toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await keepScreenshot(page, testInfo, `backoffice-es-${size.name}`);

    await page.reload();
    await expect(page.locator('body[data-signed-in]')).toHaveCount(1);
    await expect(page.getByLabel('Idioma')).toHaveValue('es-CR');
    await expect(page.getByRole('heading', { name: 'Pedidos' })).toBeVisible();

    await page.getByLabel('Idioma').selectOption('pt-BR');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('heading', { name: 'Links de pagamento' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pagamentos bancários sem pedido' })).toBeAttached();
    await expectLinkRowNames(page, { copy: 'Copiar URL do link {id}', pay: 'Pagar no sandbox: link {id} (nova aba)', remove: 'Excluir o link {id}' });
    expect(await axeViolations(page), 'in Portuguese').toEqual([]);
  });
}

test('the storefront’s language choice, and else the browser’s language, is the back office’s', async ({ browser }) => {
  const spanishBrowser = await browser.newContext({ locale: 'es-CR' });
  const page = await spanishBrowser.newPage();
  await page.goto('/backoffice.html');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-CR');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByLabel('Secreto del comercio')).toBeVisible();

  await page.goto('/');
  // The storefront listens to its language choice once its catalog is in (data-ready): a choice
  // made before is not kept, so the test chooses when a shopper could, and sees it taken.
  await expect(page.locator('body[data-ready]')).toHaveCount(1);
  await page.getByLabel('Language').selectOption('pt-BR');
  await expect(page.getByRole('heading', { name: 'Compre a Costa Rica' })).toBeVisible();
  await page.goto('/backoffice.html');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
  await spanishBrowser.close();
});
