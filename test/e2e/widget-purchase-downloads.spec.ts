// What a Costa Rican card purchase really downloads, in Chromium against the whole stack: every file
// of the widget the page asks for, from the empty form to "Pago aprobado" back from the hosted page,
// is one the size budget counts (bench/widget-size.ts costaRicanPurchaseFiles), and they stay within
// it. So the budget measures the purchase a shopper makes, not a list of our own. The number is
// typed as Costa Ricans write it, which Costa Rica's phone plan judges without libphonenumber's code.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { builtFileOf, compressedSize, costaRicanPurchaseFiles, firstScriptPath, purchaseGzipBudgetBytes } from '../../bench/widget-size.ts';
import { fillCheckout, spanishLabels } from './apps/shop-page.ts';
import { approvingCard, payOnHostedPage } from './demo-stack.ts';

const distDir = dirname(firstScriptPath);

/** The plain page (demo/public/plain.html) with the element a merchant's script sets up: Spanish, one coffee. */
async function mountOnPlainPage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const config = (await (await fetch('/config.json')).json()) as { bffUrl: string };
    const element = document.querySelector('svc-checkout')!;
    element.setAttribute('locale', 'es-CR');
    element.setAttribute('items', '[{"sku":"CR-COFFEE-500","quantity":1}]');
    element.setAttribute('bff', config.bffUrl);
  });
}

test('a Costa Rican card purchase downloads only files the size budget counts, within it', async ({ page }) => {
  const widgetFiles = new Set<string>();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    const match = /\/widget\/(.+\.js)$/.exec(path);
    if (match) widgetFiles.add(match[1]!);
  });
  await page.goto('/plain.html');
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/plain.html');
  await mountOnPlainPage(page);
  await fillCheckout(page, spanishLabels);
  await page.locator('svc-checkout').getByRole('button', { name: /^Pagar\b/ }).click();
  await page.waitForURL(/\/hosted\//);
  await payOnHostedPage(page, approvingCard);
  await page.waitForURL(/\/plain\.html/);
  await mountOnPlainPage(page);
  await expect(page.locator('svc-checkout').getByRole('heading', { name: 'Pago aprobado' })).toBeVisible();

  const counted = costaRicanPurchaseFiles();
  expect([...widgetFiles].filter((file) => !counted.includes(file)), 'downloaded but not counted').toEqual([]);
  expect(widgetFiles).not.toContain(builtFileOf('widget/lazy/phone-validator.ts'));
  const gzip = [...widgetFiles].reduce((sum, file) => sum + compressedSize(readFileSync(join(distDir, file))).gzip, 0);
  expect(gzip).toBeLessThanOrEqual(purchaseGzipBudgetBytes);
});
