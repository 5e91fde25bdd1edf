// The folder rules of ARCHITECTURE.md ("may import"), read from the import statements themselves:
// a rule nobody checks is broken by the next convenient import.
import { test, expect } from '@playwright/test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

function sourceFiles(folder: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(join(root, folder))) {
    const path = join(folder, name);
    if (statSync(join(root, path)).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(ts|mts|mjs)$/.test(name)) files.push(path);
  }
  return files;
}

/** Every module a file names in `import … from`, `export … from` or `import()`, as written. */
function specifiersOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((match) => match[1]!);
}

/** The project folder a relative specifier lands in (`bff`, `scripts`, …), or undefined for a package. */
function folderOf(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  return relative(root, resolve(root, dirname(file), specifier)).split('/')[0];
}

function offending(files: string[], refuse: (file: string, specifier: string) => boolean): string[] {
  return files.flatMap((file) => specifiersOf(file).filter((specifier) => refuse(file, specifier)).map((specifier) => `${file} → ${specifier}`));
}

test('contract/ is runtime-agnostic: no node: module, and nothing outside contract/', () => {
  const files = sourceFiles('contract');
  expect(files.length).toBeGreaterThan(10);
  const bad = offending(files, (file, specifier) => specifier.startsWith('node:') || (folderOf(file, specifier) ?? 'contract') !== 'contract');
  expect(bad).toEqual([]);
  // Node's globals count too: a contract module that reaches for Buffer or process runs only on Node.
  const nodeGlobals = files.filter((file) => /\b(Buffer|process)\.\w/.test(readFileSync(join(root, file), 'utf8')));
  expect(nodeGlobals).toEqual([]);
});

test('the demo imports nothing from bff/ (it uses the BFF API through contract/)', () => {
  const bad = offending(sourceFiles('demo'), (file, specifier) => folderOf(file, specifier) === 'bff');
  expect(bad).toEqual([]);
});

test('product code imports nothing from scripts/ (the shared Node helpers live in node/)', () => {
  const files = [...sourceFiles('bff'), ...sourceFiles('sandbox'), ...sourceFiles('demo'), ...sourceFiles('node')];
  const bad = offending(files, (file, specifier) => folderOf(file, specifier) === 'scripts');
  expect(bad).toEqual([]);
});

test('bff/ imports nothing from sandbox/, and the sandbox nothing from bff/', () => {
  expect(offending(sourceFiles('bff'), (file, specifier) => folderOf(file, specifier) === 'sandbox')).toEqual([]);
  expect(offending(sourceFiles('sandbox'), (file, specifier) => folderOf(file, specifier) === 'bff')).toEqual([]);
});

test('node/ (shared by the products) imports only contract/ and itself', () => {
  const bad = offending(sourceFiles('node'), (file, specifier) => !['node', 'contract', undefined].includes(folderOf(file, specifier)));
  expect(bad).toEqual([]);
});
