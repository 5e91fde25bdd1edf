// The back office in Chromium against the whole stack: an authorize-only purchase captured from
// the orders table, a partial then a full refund, a split, a payment link paid in the sandbox and
// seen among the events, and each of the four bank events arriving.
import { expect, test, type Page } from '@playwright/test';
import { approvingCard, axeViolations, buy, createPaymentLink, e2eMerchantSecret, keepScreenshot, payOnHostedPage, signInBackOffice } from './demo-stack.ts';

const orderRow = (page: Page, orderNumber: string) => page.locator(`#orders-table tr[data-order-number="${orderNumber}"]`);

/** Opens an action of the order's row, optionally sets the amount, confirms, and waits for the notice. */
async function act(page: Page, orderNumber: string, action: 'Capture' | 'Refund' | 'Reverse', amount?: string): Promise<void> {
  await page.getByRole('button', { name: `${action} ${orderNumber}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (amount !== undefined) await dialog.getByLabel('Amount').fill(amount);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
}

test('the secret is asked in a form, kept out of the page source, and a wrong one is refused', async ({ page }) => {
  await page.goto('/backoffice.html');
  await page.getByLabel('Merchant secret').fill('not-the-secret-at-all');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('not right');
  await signInBackOffice(page);
  const source = await (await page.request.get('/backoffice.html')).text();
  const script = await (await page.request.get('/app/backoffice.js')).text();
  const config = await (await page.request.get('/config.json')).text();
  for (const served of [source, script, config]) expect(served).not.toContain('e2e-merchant-secret');
  // Never in the address either: the form cannot be sent by the browser itself (its button waits for the script).
  expect(page.url()).not.toContain('secret=');
});

test('before its script runs, the sign-in form cannot be sent, so a secret never travels in a URL', async ({ page }) => {
  // The page as served, without its script: what a shopper's browser has while the script still loads.
  await page.route('**/app/backoffice.js', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
  await page.goto('/backoffice.html');
  // Its only submit button is disabled, which also blocks Enter's implicit submission (HTML's rule).
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  expect(await page.locator('#signin-form button:not([disabled]), #signin-form input[type="submit"]').count()).toBe(0);
});

test('capture=0, then capture in the back office; then a partial refund and a full one', async ({ page }, testInfo) => {
  const orderNumber = await buy(page, { currency: 'CRC', product: 'Cotton hammock', authorizeOnly: true });
  await signInBackOffice(page);
  const row = orderRow(page, orderNumber);
  await expect(row).toHaveAttribute('data-status', 'approved');
  await expect(row).toContainText('authorize only');
  await expect(page.getByRole('button', { name: `Refund ${orderNumber}` })).toBeDisabled();
  await keepScreenshot(page, testInfo, 'backoffice-authorized-order');

  await act(page, orderNumber, 'Capture');
  await expect(page.locator('#notice')).toContainText(`on order ${orderNumber}: now captured`);
  await expect(row).toHaveAttribute('data-status', 'captured');
  await expect(row.locator('td[data-label="Captured"]')).toHaveText('CRC 38,500.00');
  await expect(page.getByRole('button', { name: `Capture ${orderNumber}` })).toBeDisabled();

  await act(page, orderNumber, 'Refund', '8500.00');
  // Money stays captured: the notice says how much of it is refunded, not the unchanged status.
  await expect(page.locator('#notice')).toHaveText(`Refunded CRC 8,500.00 on order ${orderNumber}; CRC 8,500.00 of CRC 38,500.00 refunded so far.`);
  await expect(row.locator('td[data-label="Refunded"]')).toHaveText('CRC 8,500.00');
  await expect(row).toHaveAttribute('data-status', 'captured');
  await keepScreenshot(page, testInfo, 'backoffice-partly-refunded');

  // The dialog offers what is left; confirming refunds the rest.
  await page.getByRole('button', { name: `Refund ${orderNumber}` }).click();
  await expect(page.getByRole('dialog').getByLabel('Amount')).toHaveValue('30000.00');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(row).toHaveAttribute('data-status', 'refunded');
  await expect(row.locator('td[data-label="Refunded"]')).toHaveText('CRC 38,500.00');
  await expect(page.getByRole('button', { name: `Refund ${orderNumber}` })).toBeDisabled();

  // Nothing is left: the API refuses another refund with a clear reason, before the gateway.
  const tooMuch = await page.request.post(`${await configBff(page)}/v1/merchant/orders/${orderNumber}/refund`, {
    headers: { Authorization: `Bearer ${e2eMerchantSecret}`, 'Idempotency-Key': `too-much-${orderNumber}` },
    data: { amount: '1.00' },
  });
  expect(tooMuch.status()).toBe(409);
  expect((await tooMuch.json()).detail).toMatch(/Nothing is left to refund/);
});

async function configBff(page: Page): Promise<string> {
  return ((await (await page.request.get('/config.json')).json()) as { bffUrl: string }).bffUrl;
}

test('a split of an approved order: the shares and the owner remainder', async ({ page }, testInfo) => {
  const orderNumber = await buy(page, { currency: 'USD', product: 'Arenal volcano day tour' });
  await signInBackOffice(page);
  await page.getByRole('button', { name: `Split ${orderNumber}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Commerce 1 e-mail').fill('guide@partners.example');
  await dialog.getByLabel('Commerce 1 amount').fill('30.00');
  await dialog.getByLabel('Commerce 2 e-mail').fill('transport@partners.example');
  await dialog.getByLabel('Commerce 2 amount').fill('19.50');
  await expect(dialog).toContainText('Remainder for you (the owner): $39.50');
  await keepScreenshot(page, testInfo, 'backoffice-split-dialog');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('#notice')).toContainText(`Order ${orderNumber} split; $39.50 stays with you.`);
  await expect(page.getByRole('button', { name: `Split ${orderNumber}` })).toBeDisabled();
  // A dollar order shows its colón amount at the BCCR rate fixed at checkout (npm start's 506.52).
  await expect(page.locator(`tr[data-order-number="${orderNumber}"] .local-amount`)).toContainText(/≈ .+ · BCCR reference sell rate .*506\.52 \(\d{4}-\d{2}-\d{2}\)/);
});

test('transactions search by order number', async ({ page }) => {
  const orderNumber = await buy(page, { currency: 'USD', product: 'Pura vida T-shirt' });
  await signInBackOffice(page);
  const form = page.locator('#transactions-form');
  await form.getByLabel('Order number').fill(orderNumber);
  await form.getByLabel('Approved only').check();
  await form.getByRole('button', { name: 'Search' }).click();
  const rows = page.locator('#transactions-table tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(orderNumber);
  await expect(rows.first()).toContainText('Approved');
});

test('a payment link: create it, copy its URL, pay it in the sandbox, and see its webhook among the events', async ({ page, context }, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInBackOffice(page);
  const linkId = await createPaymentLink(page, '12500', 'Coffee tasting for two');
  const row = page.locator(`#links-table tr[data-link-id="${linkId}"]`);
  await expect(row).toContainText('Coffee tasting for two');
  await keepScreenshot(page, testInfo, 'backoffice-link-created');

  await row.getByRole('button', { name: `Copy URL of link ${linkId}` }).click();
  await expect(page.locator('#notice')).toContainText(`Copied the URL of link ${linkId}`);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await row.locator('td[data-label="URL"]').textContent());

  const [buyerPage] = await Promise.all([context.waitForEvent('page'), row.getByRole('link', { name: `Pay in the sandbox: link ${linkId} (new tab)` }).click()]);
  await buyerPage.waitForLoadState();
  await payOnHostedPage(buyerPage, approvingCard);
  await buyerPage.waitForURL(/\/v1\/links\/return/);
  // The result names the shop and what was bought, writes the amount in the page's language, and leads back.
  await expect(buyerPage.getByRole('heading', { name: 'Payment approved' })).toBeVisible();
  await expect(buyerPage.locator('dl')).toContainText('Pura Vida Market');
  await expect(buyerPage.locator('dl')).toContainText('Coffee tasting for two');
  await expect(buyerPage.locator('dl')).toContainText('CRC 12,500.00');
  await expect(buyerPage.getByRole('link', { name: 'Back to Pura Vida Market' })).toHaveAttribute('href', new URL('/', page.url()).href);
  expect(await axeViolations(buyerPage), 'the link result page').toEqual([]);
  await keepScreenshot(buyerPage, testInfo, 'link-paid-result');

  const linkEvent = page.locator('#events-table tr[data-source="links"]', { hasText: `link ${linkId}` });
  await expect(linkEvent.first()).toBeVisible({ timeout: 20_000 });
  await keepScreenshot(page, testInfo, 'backoffice-link-event');
});

test('each sandbox bank event, triggered from the back office, arrives among the events', async ({ page }, testInfo) => {
  await signInBackOffice(page);
  for (const eventType of ['payin.posted', 'payment.succeeded', 'payment.failed', 'payment.reversed']) {
    await page.getByRole('button', { name: `Bank: ${eventType}` }).click();
    const notice = page.locator('#notice');
    await expect(notice).toContainText(`The sandbox bank sent ${eventType}`);
    // Its own row, found by its payment: other tests' events arrive meanwhile.
    const paymentId = /\(payment ([^)?]+)\)/.exec((await notice.textContent()) ?? '')?.[1];
    expect(paymentId, 'the notice names the payment').toBeTruthy();
    await expect(page.locator(`#events-table tr[data-event-type="${eventType}"]`, { hasText: `payment ${paymentId}` })).toHaveCount(1, { timeout: 20_000 });
  }
  await keepScreenshot(page, testInfo, 'backoffice-bank-events');
});

test('on a phone-sized screen the back office stacks its tables and needs no sideways scrolling', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInBackOffice(page);
  await expect(page.locator('#orders-table tbody tr').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await keepScreenshot(page, testInfo, 'backoffice-phone');
});
