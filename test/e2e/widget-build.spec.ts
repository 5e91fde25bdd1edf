import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { firstScriptPath, withImportedChunks } from '../../bench/widget-size.ts';

const distDir = dirname(firstScriptPath);

/** The source files a built module of dist/widget was made from, with those of the chunks it imports. */
function sourcesOf(module: string): string[] {
  return withImportedChunks([module]).flatMap((file) => {
    // A file that only re-exports a chunk (method-choice.js) has no map of its own.
    const map = join(distDir, `${file}.map`);
    return existsSync(map) ? (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources.map((source) => source.replace(/^(\.\.\/)+/, '')) : [];
  });
}

// Guards the Vite 8 decorator trap (../shared/TOOLCHAIN.md): a build that "succeeds"
// but throws in the browser leaves the tag undefined.
test.describe('the built widget', () => {
  test('the IIFE included by <script src> on a plain page defines <svc-checkout>', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/plain.html');
    const defined = await page.evaluate(() => customElements.get('svc-checkout') !== undefined);
    expect(errors).toEqual([]);
    expect(defined).toBe(true);
  });

  test('the ES module build defines <svc-checkout> when imported', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/plain.html');
    const defined = await page.evaluate(async () => {
      await import('/widget/svc-checkout.js' as string);
      return typeof customElements.get('svc-checkout');
    });
    expect(errors).toEqual([]);
    expect(defined).toBe('function');
  });

  // The lazy parts run against the first script's objects, which they are handed: its events
  // (pages test them with instanceof), its BffError, its lazy-part cache, its Lit. A copy of one of
  // these in a lazy part type-checks and passes the unit tests (which load the sources once), and
  // then either breaks only in the built IIFE or, for Lit, costs a SINPE Móvil shopper 10 kB gzip.
  test('no lazy part carries a copy of the first script\'s own objects', () => {
    const identityBound = ['widget/events.ts', 'widget/bff-client.ts', 'widget/lazy-assets.ts', 'widget/i18n/locale-loader.ts', 'node_modules/lit'];
    const lazyParts = readdirSync(distDir).filter((file) => file.endsWith('.js') && !file.startsWith('svc-checkout'));
    expect(lazyParts).toEqual(expect.arrayContaining(['checkout-rules.js', 'order-watch.js', 'sinpe-panel.js', 'invoice-details.js', 'method-choice.js']));
    for (const part of lazyParts) {
      const copies = sourcesOf(part).filter((source) => identityBound.some((bound) => source.includes(bound)));
      expect(copies, part).toEqual([]);
    }
  });
});

