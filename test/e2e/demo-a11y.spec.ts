// axe-core scans of both demo pages in their key states: zero violations. axe is injected through
// the DevTools protocol, so the pages keep their strict CSP while being scanned.
import { expect, test } from '@playwright/test';
import { addToCart, axeViolations, buy, keepScreenshot, signInBackOffice } from './demo-stack.ts';

test('storefront: catalog, cart and the open checkout in each theme have no axe violations', async ({ page }, testInfo) => {
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await page.goto('/');
  await expect(page.locator('body[data-ready]')).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
  await addToCart(page, 'Tarrazú coffee, 500 g');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.locator('svc-checkout').getByRole('button', { name: /^Pay\b/ })).toBeVisible();
  for (const theme of ['ocean', 'rainforest', 'volcano']) {
    await page.getByLabel('Checkout theme').selectOption(theme);
    expect(await axeViolations(page), `theme ${theme}`).toEqual([]);
  }
  await keepScreenshot(page, testInfo, 'a11y-storefront-checkout');
  expect(cspViolations).toEqual([]);
});

test('back office: sign-in, the signed-in page and an open action dialog have no axe violations', async ({ page }, testInfo) => {
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  const orderNumber = await buy(page, { currency: 'USD', product: 'Surf lesson, 2 hours' });
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/backoffice.html');
  await expect(page.locator('body[data-ready]')).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
  await signInBackOffice(page);
  await expect(page.locator('#events-table')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: `Split ${orderNumber}` }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await axeViolations(page), 'with the split dialog open').toEqual([]);
  await keepScreenshot(page, testInfo, 'a11y-backoffice-dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  expect(cspViolations).toEqual([]);
});
