// The link result page alone, no servers: the amount as each language writes it, the shop named
// from MERCHANT_NAME or else its site's host, and no way back when no site is configured.
import { expect, test } from '../support/node-test.ts';
import { linkPageAmount, renderLinkResultPage } from '../../bff/intake/links/link-result-page.ts';

test('the amount is written as the page language writes it, and as stored for a currency Intl does not know', () => {
  const table: Array<[Parameters<typeof linkPageAmount>, string]> = [
    [['es', '15000.00', 'CRC'], '15.000,00\u00a0CRC'],
    [['en', '15000.00', 'CRC'], 'CRC\u00a015,000.00'],
    [['pt-BR', '1234.50', 'USD'], 'US$\u00a01.234,50'],
    [['en', '12.00', 'X1'], '12.00 X1'],
  ];
  for (const [args, expected] of table) expect(linkPageAmount(...args), args.join(' ')).toBe(expected);
});

test('the shop is MERCHANT_NAME, else its site’s host; the page links back only to a configured site', () => {
  const facts = { orderNumber: 'LNK7-1', amount: '7500.00', currency: 'CRC', description: 'Sunset kayak tour' };
  const named = renderLinkResultPage('es', 'paid', facts, { name: 'Pura Vida Market', siteUrl: 'https://shop.example/' });
  expect(named).toContain('<dt>Comercio</dt><dd>Pura Vida Market</dd>');
  expect(named).toContain('<dt>Descripción</dt><dd>Sunset kayak tour</dd>');
  expect(named).toContain('<a href="https://shop.example/">Volver a Pura Vida Market</a>');

  const hostOnly = renderLinkResultPage('en', 'declined', facts, { name: undefined, siteUrl: 'https://shop.example/' });
  expect(hostOnly).toContain('<dt>Merchant</dt><dd>shop.example</dd>');
  expect(hostOnly).toContain('Back to shop.example');

  const nothingConfigured = renderLinkResultPage('pt-BR', 'invalid', undefined, { name: undefined, siteUrl: undefined });
  expect(nothingConfigured).not.toContain('<a ');
  expect(nothingConfigured).not.toContain('<dl>');
});
