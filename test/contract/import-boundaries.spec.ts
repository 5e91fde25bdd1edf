// What the linter cannot say about the BFF's imports and writes, read from the source itself: no
// import cycle, and the status columns written in one place each. Who may import whom (the rooms of
// ARCHITECTURE.md, "may import", and the BFF's layers) is eslint.config.js's, a room's globals its
// tsconfig.json's; test/contract/doors.spec.ts shows each of those rules failing on a planted file.
import { test, expect } from '../support/node-test.ts';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importRings, sourceFiles as sourceFilesUnder } from './import-rings.ts';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

const sourceFiles = (folder: string) => sourceFilesUnder(root, folder);

/** The bff/ modules a bff/ file imports at run time (`import type` is erased and cannot make a cycle). */
function runtimeImportsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s*['"](\.[^'"]+)['"]/gms)]
    .map((match) => relative(root, resolve(root, dirname(file), match[1]!)))
    .filter((target) => target.startsWith('bff/'));
}

test('bff/ has no import cycle: pure rules sit apart from the writers that use them', () => {
  const files = sourceFiles('bff').filter((file) => file.endsWith('.ts'));
  const graph = new Map(files.map((file) => [file, runtimeImportsOf(file)]));
  // Any ring of files (a strongly connected component of more than one) is a cycle.
  expect(importRings(graph)).toEqual([]);
});

test('orders.status is written in one place: the order state machine', () => {
  // Every `updateTable('orders')…set({…})` and `insertInto('orders')` outside order-machine.ts (and the
  // insert of a new order) must leave `status` alone.
  const writes: string[] = [];
  for (const file of sourceFiles('bff').filter((name) => !name.includes('/migrations/'))) {
    const text = readFileSync(join(root, file), 'utf8');
    // Comments may stand between the table and its .set(…).
    for (const match of text.matchAll(/updateTable\(\s*'orders'\s*\)(?:\s|\/\/[^\n]*\n)*\.set\(\s*\{([^}]*)\}/g)) {
      if (/(^|[\s,{])status\s*:/.test(match[1]!)) writes.push(file);
    }
  }
  expect([...new Set(writes)]).toEqual(['bff/payments/orders/order-machine.ts']);
});

test("an attempt's status is written in one place: the attempt machine (with the outcome it keeps in step)", () => {
  // Every set(…), values(…) or transition `fields: {…}` that names the attempt's outcome, and every
  // write of payment_attempts that names its status, outside attempt-machine.ts.
  const writes: string[] = [];
  for (const file of sourceFiles('bff').filter((name) => !name.includes('/migrations/'))) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const match of text.matchAll(/(?:\.set\(|\.values\(|\bfields:|doUpdateSet\()\s*\{([^}]*)\}/g)) {
      if (/(^|[\s,{])outcome\s*:/.test(match[1]!)) writes.push(file);
    }
    for (const match of text.matchAll(/(?:updateTable|insertInto)\(\s*'payment_attempts'\s*\)(?:\s|\/\/[^\n]*\n)*\.(?:set|values)\(\s*\{([^}]*)\}/g)) {
      if (/(^|[\s,{])status\s*:/.test(match[1]!)) writes.push(file);
    }
  }
  expect([...new Set(writes)]).toEqual(['bff/payments/attempt-machine.ts']);
});

test('the outbox reads no inbox table: it records what the change hands it, and imports nothing from bff/intake/inbox at run time', () => {
  const inboxTables = /(?:selectFrom|updateTable|deleteFrom|insertInto)\(\s*'(events|rejected_deliveries|bank_payments|link_payments|own_payment_links)'/;
  const files = sourceFiles('bff/outbox').filter((file) => file.endsWith('.ts'));
  const reading = files.filter((file) => inboxTables.test(readFileSync(join(root, file), 'utf8')));
  const importing = files.flatMap((file) => runtimeImportsOf(file).filter((target) => target.startsWith('bff/intake/inbox/')).map((target) => `${file} → ${target}`));
  expect([...reading, ...importing]).toEqual([]);
});

test("the order row no longer carries its attempt's state: no bff source names payment_state outside the migrations", () => {
  const naming = sourceFiles('bff').filter((name) => !name.includes('/migrations/') && /\bpayment_state\b/.test(readFileSync(join(root, name), 'utf8')));
  expect(naming).toEqual([]);
});
