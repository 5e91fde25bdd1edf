import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { expect, test } from '@playwright/test';

// The widget as merchants install it: `npm run pack:widget` makes a tarball whose exports resolve,
// whose ES module a server can import (server-side rendering), and whose integrity.json pins every
// file; the README shows the pinned <script> tag.
const root = join(import.meta.dirname, '../..');

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

test.describe('the widget package', () => {
  let project: string;
  let installed: string;

  test.beforeAll(() => {
    const output = execFileSync('npm', ['run', '--silent', 'pack:widget'], { cwd: root, encoding: 'utf8' });
    const tarball = join(root, /dist\/(\S+\.tgz)/.exec(output)![0]);
    project = mkdtempSync(join(tmpdir(), 'svc-widget-install-'));
    installed = join(project, 'node_modules/@svc-checkout/widget');
    mkdirSync(installed, { recursive: true });
    execFileSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1']);
  });
  test.afterAll(() => rmSync(project, { recursive: true, force: true }));

  test('exports the ES module with its types, the IIFE, the lazy parts and custom-elements.json', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    const root = manifest.exports['.'] as Record<string, string>;
    for (const target of [root.import!, root.types!, ...Object.values(manifest.exports).filter((value): value is string => typeof value === 'string')]) {
      if (target.includes('*')) continue;
      expect(existsSync(join(installed, target)), target).toBe(true);
    }
    for (const lazy of ['checkout-rules.js', 'phone-validator.js', 'locale-es.js', 'subdivisions/CR.json', 'phone-metadata/CR.json', 'postcodes/CR.json', 'types']) {
      expect(existsSync(join(installed, lazy)), lazy).toBe(true);
    }
    const elements = JSON.parse(readFileSync(join(installed, 'custom-elements.json'), 'utf8')) as { modules: unknown[] };
    expect(JSON.stringify(elements)).toContain('"tagName":"svc-checkout"');
  });

  test('imports in Node (server-side rendering) without throwing, by its package name', () => {
    writeFileSync(
      join(project, 'ssr.mjs'),
      [
        "const widget = await import('@svc-checkout/widget');",
        "console.log(typeof widget.SvcCheckout, typeof widget.SvcErrorEvent, typeof globalThis.document);",
        "console.log(String(import.meta.resolve('@svc-checkout/widget/iife').endsWith('/svc-checkout.iife.js')));",
      ].join('\n'),
    );
    const printed = execFileSync(process.execPath, ['ssr.mjs'], { cwd: project, encoding: 'utf8' }).trim().split('\n');
    // The element's class and events are there; no global document was made up on the server.
    expect(printed).toEqual(['function function undefined', 'true']);
  });

  test('integrity.json pins every file, and the browser accepts the IIFE with its hash', async ({ page }) => {
    const integrity = JSON.parse(readFileSync(join(installed, 'integrity.json'), 'utf8')) as Record<string, string>;
    const files = filesUnder(installed)
      .map((path) => relative(installed, path).split(sep).join('/'))
      .filter((file) => file !== 'integrity.json' && file !== 'package.json');
    expect(Object.keys(integrity).sort()).toEqual(files.sort());
    for (const file of files) {
      expect(integrity[file], file).toBe(`sha384-${createHash('sha384').update(readFileSync(join(installed, file))).digest('base64')}`);
    }

    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/plain.html');
    const defined = await page.evaluate(async (hash) => {
      const script = document.createElement('script');
      script.src = '/widget/svc-checkout.iife.js?pinned';
      script.integrity = hash;
      script.crossOrigin = 'anonymous';
      const loaded = new Promise((resolve) => {
        script.onload = () => resolve('loaded');
        script.onerror = () => resolve('refused');
      });
      document.head.append(script);
      return loaded;
    }, integrity['svc-checkout.iife.js']!);
    expect(defined).toBe('loaded');
    expect(errors).toEqual([]);
  });

  test('the README shows the pinned <script> tag', () => {
    const readme = readFileSync(join(root, 'widget/README.md'), 'utf8');
    expect(readme).toMatch(/<script src="[^"]+\/svc-checkout\.iife\.js" integrity="sha384-[^"]+" crossorigin="anonymous"><\/script>/);
  });
});
