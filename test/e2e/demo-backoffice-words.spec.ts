// The back office speaks Spanish and Portuguese everywhere a person reads or a screen reader speaks:
// with an order, a payment link, a bank event and an unmatched bank payment on screen, no text,
// aria-label, title or placeholder holds an English word (the list below: the words of the back
// office's English), amounts are formatted, and axe finds nothing. What is shown as written (ids,
// URLs, product names, a link's description, wire names) is marked translate="no" and skipped.
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, buy, createPaymentLink, keepScreenshot, signInBackOffice } from './demo-stack.ts';

/** English words of the back office that are not also Spanish or Portuguese words ("link", "status", "via" and "capture" are). */
const englishWords = new Set(
  `the of and for to with from at is was by up only not yet all any new this that it order orders payment payments delete copy
  approve void refund refunded captured reverse reversed split already nothing amount created received processed approved
  declined pending cancelled expired review tried answer page previous next sign out search filter bank shown once transactions
  events attach replay endpoint endpoints deliveries delivery remainder owner shares secret merchant tab pay paid open left live
  newest first action actions description reference failure updated source state type types date outcome card single use
  customer create active language cancel confirm authorize electronic invoice rate sell commerce add details attempts retrying
  delivered dead currency number environment production queued again lapsed days`.split(/\s+/),
);

/** Every English word the page says, with where: text, aria-label, title, placeholder (skipping translate="no" and the language menu). */
async function englishOnPage(page: Page, words: Set<string>): Promise<string[]> {
  const said = await page.evaluate(() => {
    const shownAsWritten = (node: Node) => {
      const element = node instanceof Element ? node : node.parentElement;
      return !element || element.closest('[translate="no"], #language, script, style, noscript') !== null;
    };
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (shownAsWritten(node)) continue;
      if (node instanceof Text) found.push(node.data);
      else for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = (node as Element).getAttribute(name);
        if (value) found.push(value);
      }
    }
    return found;
  });
  const english: string[] = [];
  for (const text of said) {
    for (const token of text.split(/\s+/)) {
      // Wire names and ids (payin.posted, webhook-id, MERCHANT_WEBHOOK_URL) are not words.
      const word = token.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
      if (!word || /[._\-/@\d]/.test(word)) continue;
      if (words.has(word.toLowerCase())) english.push(`${word} in "${text.trim()}"`);
    }
  }
  return english;
}

const languages = [
  {
    tag: 'es-CR',
    alsoOurs: [] as string[],
    refundRefusal: 'No hay nada capturado que reembolsar; este pedido está aprobado.',
    captureTitle: 'Capturar',
    upTo: /Hasta ₡\s?6\s?500,00/,
  },
  {
    tag: 'pt-BR',
    // "O que não for capturado": a Portuguese word too.
    alsoOurs: ['for'],
    refundRefusal: 'Nada foi capturado para reembolsar; este pedido está aprovado.',
    captureTitle: 'Capturar',
    upTo: /Até CRC\s6\.500,00/,
  },
];

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`at ${size.name} size, with an order, a link, an event and a bank payment, the back office says no English word in es-CR and pt-BR`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const orderNumber = await buy(page, { currency: 'CRC', product: 'Tarrazú coffee, 500 g', authorizeOnly: true });
    // A transfer whose words and amount name no order: it stays an unmatched bank payment.
    const stray = `sin-pedido-${Date.now()}`;
    expect(
      await page.evaluate(
        async (reference) => (await fetch('/api/sinpe-transfers', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ reference, amount: '777.00', outcome: 'posted' }) })).ok,
        stray,
      ),
    ).toBe(true);

    await signInBackOffice(page);
    await createPaymentLink(page, '4300', 'Words check');
    await page.getByRole('button', { name: 'Bank: payin.posted' }).click();
    await expect(page.locator('#notice')).toContainText('The sandbox bank sent payin.posted');
    await expect(page.locator(`#orders-table tr[data-order-number="${orderNumber}"]`)).toHaveCount(1);
    await expect(page.locator('#bank-payments-table tr', { hasText: stray })).toHaveCount(1, { timeout: 20_000 });
    await expect(page.locator('#events-table tr[data-event-type="payin.posted"]').first()).toBeAttached({ timeout: 20_000 });
    await expect(page.locator('#links-table tbody tr').first()).toBeAttached();

    for (const language of languages) {
      const english = new Set([...englishWords].filter((word) => !language.alsoOurs.includes(word)));
      await page.locator('#language').selectOption(language.tag);
      await expect(page.locator('html')).toHaveAttribute('lang', language.tag);
      const row = page.locator(`#orders-table tr[data-order-number="${orderNumber}"]`);
      await expect(row).toHaveCount(1);
      await expect(page.locator('#links-table tbody tr').first()).toBeAttached();
      await expect(page.locator('#events-table tbody tr').first()).toBeAttached();
      // A disabled action says why in the page's language, with the order's own status.
      const refund = row.getByRole('button', { name: new RegExp(`^\\S+ ${orderNumber}$`) }).nth(1);
      await expect(refund).toBeDisabled();
      await expect(refund).toHaveAttribute('title', language.refundRefusal);
      expect(await englishOnPage(page, english), `English on the page in ${language.tag}`).toEqual([]);
      expect(await axeViolations(page), `axe in ${language.tag}`).toEqual([]);
      await keepScreenshot(page, testInfo, `backoffice-words-${language.tag}-${size.name}`);

      // The capture dialog: its words and the most it allows, formatted.
      await row.getByRole('button', { name: `${language.captureTitle} ${orderNumber}` }).click();
      const dialog = page.locator('#action-dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.locator('#action-description')).toHaveText(language.upTo);
      expect(await englishOnPage(page, english), `English in the dialog in ${language.tag}`).toEqual([]);
      expect(await axeViolations(page), `axe with the dialog open in ${language.tag}`).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });
}
