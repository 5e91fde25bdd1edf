// The back office's Webhooks section in Chromium against the whole stack: an endpoint added from
// the page (its secret shown once), a purchase in the storefront delivered to it, signed, and a
// replay from the deliveries table that sends the same webhook-id again.
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { startWebhookReceiver } from '../bff/fixtures/webhook-receiver.ts';
import { buy, keepScreenshot, signInBackOffice } from './demo-stack.ts';

test('add an endpoint, see a purchase delivered to it, replay the delivery', async ({ page }, testInfo) => {
  const hooks = await startWebhookReceiver();
  try {
    await signInBackOffice(page);
    await page.getByLabel('Endpoint URL').fill(hooks.url);
    await page.getByLabel(/Event types/).fill('order.approved');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.locator('#webhook-secret')).toContainText('whsec_');
    const secret = /(whsec_\S+)/.exec((await page.locator('#webhook-secret').textContent()) ?? '')![1]!;
    const endpointId = await page.locator('#webhook-endpoints-table tr[data-endpoint-id^="ep_"]').getAttribute('data-endpoint-id');
    // The secret is shown once: the list never carries it.
    await expect(page.locator('#webhook-endpoints-table')).not.toContainText('whsec_');

    const orderNumber = await buy(page, { currency: 'CRC', product: 'Cotton hammock' });
    await hooks.waitFor((received) => received.some((request) => request.json?.data?.orderNumber === orderNumber), 'the order.approved delivery');
    const delivered = hooks.received.find((request) => request.json?.data?.orderNumber === orderNumber)!;
    expect(delivered.json.type).toBe('order.approved');
    new Webhook(secret).verify(delivered.body, delivered.headers as Record<string, string>);

    await signInBackOffice(page);
    // This purchase's delivery: the other tests' purchases, running beside this one, reach the endpoint too.
    const webhookId = String(delivered.headers['webhook-id']);
    const row = page.locator(`#webhook-deliveries-table tr[data-webhook-id="${webhookId}"]`);
    await expect(row).toContainText(endpointId!);
    await expect(row).toHaveAttribute('data-state', 'delivered');
    await expect(row).toContainText('204');
    await keepScreenshot(page, testInfo, 'backoffice-webhooks');
    await row.getByRole('button', { name: 'Replay' }).click();
    await expect(page.locator('#notice')).toContainText('queued again');
    await hooks.waitFor((received) => received.filter((request) => request.headers['webhook-id'] === webhookId).length === 2, 'the replay');
  } finally {
    await hooks.close();
  }
});
