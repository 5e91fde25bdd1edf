// The list of bff suites that run on one engine only (test/engine-independent-suites.ts) names files
// that exist, and none of them opens a store itself: a suite that does is about the store and runs
// on both engines.
import { expect, test } from '../support/node-test.ts';
import { existsSync, readFileSync } from 'node:fs';
import { engineIndependentSuites } from '../engine-independent-suites.ts';

const suite = (name: string) => new URL(`../bff/${name}`, import.meta.url);

test('every suite on the engine-independent list exists and opens no store of its own', () => {
  for (const name of engineIndependentSuites) {
    expect(existsSync(suite(name)), name).toBe(true);
    expect(readFileSync(suite(name), 'utf8'), name).not.toMatch(/storePerFile|openStore\(|createTestDatabase\(/);
  }
});
