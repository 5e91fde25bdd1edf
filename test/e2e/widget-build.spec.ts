import { expect, test } from '@playwright/test';

// Guards the Vite 8 decorator trap (../shared/TOOLCHAIN.md): a build that "succeeds"
// but throws in the browser leaves the tag undefined.
test.describe('the built widget', () => {
  test('the script-tag loader included by <script src> on a plain page defines <svc-checkout>', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/plain.html');
    // The loader imports the ES entry next to it: the tag is defined once that module has run.
    await page.waitForFunction(() => customElements.get('svc-checkout') !== undefined);
    expect(errors).toEqual([]);
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
});

