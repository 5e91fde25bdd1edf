import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { expect, test } from '@playwright/test';
import { builtFileOf, withImportedChunks } from '../../bench/widget-size.ts';

// The widget as merchants install it: `npm run pack:widget` makes a tarball whose exports resolve,
// which a server can import (server-side rendering) without gaining DOM globals, whose types compile
// on their own, and whose integrity.json pins every file; the README shows the pinned <script> tag.
// test/packaging/ installs the same tarball into real bundlers' apps.
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

  test('exports the ES module with its types, the script-tag loader and custom-elements.json; ships README and LICENSE', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { exports: Record<string, unknown>; license: string; dependencies?: unknown };
    const root = manifest.exports['.'] as Record<string, string>;
    // types first: TypeScript takes the first condition that matches.
    expect(Object.keys(root)).toEqual(['types', 'node', 'default']);
    for (const target of [...Object.values(root), ...Object.values(manifest.exports).filter((value): value is string => typeof value === 'string')]) {
      expect(existsSync(join(installed, target)), target).toBe(true);
    }
    // Everything the ES entry imports, however deep, is in the tarball (Lit included: no dependencies).
    expect(manifest.dependencies).toBeUndefined();
    for (const file of withImportedChunks(['svc-checkout.js', builtFileOf('widget/lazy/checkout-rules.ts')], installed)) {
      expect(existsSync(join(installed, file)), file).toBe(true);
    }
    expect(existsSync(join(installed, 'countries/CR.js'))).toBe(true);
    expect(manifest.license).toBe('Apache-2.0');
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toContain('Apache License');
    expect(readFileSync(join(installed, 'README.md'), 'utf8')).toContain('# `<svc-checkout>`');
    const elements = JSON.parse(readFileSync(join(installed, 'custom-elements.json'), 'utf8')) as { modules: unknown[] };
    expect(JSON.stringify(elements)).toContain('"tagName":"svc-checkout"');
  });

  test('imports in Node (server-side rendering) by its package name, and the server keeps its globals', () => {
    writeFileSync(
      join(project, 'ssr.mjs'),
      [
        'const before = [typeof customElements, typeof HTMLElement, typeof document, typeof window].join();',
        "const widget = await import('@svc-checkout/widget');",
        'const after = [typeof customElements, typeof HTMLElement, typeof document, typeof window].join();',
        'console.log(`${before === after} ${after} ${Object.keys(widget).length}`);',
        "console.log(String(import.meta.resolve('@svc-checkout/widget/iife').endsWith('/svc-checkout.iife.js')));",
      ].join('\n'),
    );
    const printed = execFileSync(process.execPath, ['ssr.mjs'], { cwd: project, encoding: 'utf8' }).trim().split('\n');
    expect(printed).toEqual(['true undefined,undefined,undefined,undefined 0', 'true']);
  });

  test('its types compile in a project of their own with skipLibCheck off: SvcCheckout is an HTMLElement', () => {
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, skipLibCheck: false, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', lib: ['es2022', 'dom'], types: [] }, files: ['shop.ts'] }),
    );
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'shop', private: true, type: 'module' }));
    writeFileSync(
      join(project, 'shop.ts'),
      [
        "import { SvcCheckout, SvcApprovedEvent, type SvcErrorCode } from '@svc-checkout/widget';",
        "const element = document.querySelector('svc-checkout');",
        "element?.addEventListener('svc-approved', (event) => console.log(event.orderNumber, event.amount));",
        "element?.addEventListener('svc-error', (event) => { const code: SvcErrorCode = event.code; console.log(code); });",
        'const asElement: HTMLElement | null = element;',
        "const made: SvcCheckout = document.createElement('svc-checkout');",
        "made.items = [{ sku: 'CR-COFFEE-500', quantity: 2 }];",
        'console.log(asElement, made.state, SvcApprovedEvent.eventName);',
      ].join('\n'),
    );
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: project, encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  test('integrity.json pins every file, and the browser accepts the IIFE with its hash', async ({ page }) => {
    const integrity = JSON.parse(readFileSync(join(installed, 'integrity.json'), 'utf8')) as Record<string, string>;
    const files = filesUnder(installed)
      .map((path) => relative(installed, path).split(sep).join('/'))
      .filter((file) => !['integrity.json', 'package.json', 'README.md', 'LICENSE'].includes(file) && !file.startsWith('.vite/'));
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
