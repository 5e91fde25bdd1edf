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
  // Tarjan's strongly connected components: any component of more than one file is a cycle.
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    order.set(file, index);
    low.set(file, index++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!order.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, order.get(target)!));
    }
    if (low.get(file) !== order.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  expect(cycles).toEqual([]);
});

test("the order's and the attempt's rules are pure: order-rules.ts, attempt-transitions.ts, attempt-rules.ts and change-history.ts import no writer, no store and no HTTP", () => {
  const pure = ['bff/orders/order-rules.ts', 'bff/payments/attempt-transitions.ts', 'bff/payments/attempt-rules.ts', 'bff/payments/lifecycle/joint-moves.ts', 'bff/merchant/change-history.ts', 'bff/merchant/modification-rules.ts'];
  const writers = /\/(order-machine|attempt-machine|order-changes|record-outcome)\.ts$|^bff\/(store|http|routes)\//;
  const bad = pure.flatMap((file) => runtimeImportsOf(file).filter((target) => writers.test(target)).map((target) => `${file} → ${target}`));
  expect(bad).toEqual([]);
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
  expect([...new Set(writes)]).toEqual(['bff/orders/order-machine.ts']);
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

test('the two status writers are called by the payment lifecycle only: no other bff module imports order-machine.ts or attempt-machine.ts', () => {
  const writers = new Set(['bff/orders/order-machine.ts', 'bff/payments/attempt-machine.ts']);
  const importing = sourceFiles('bff')
    .filter((file) => file.endsWith('.ts') && !file.startsWith('bff/payments/lifecycle/'))
    .flatMap((file) => runtimeImportsOf(file).filter((target) => writers.has(target)).map((target) => `${file} → ${target}`));
  expect(importing).toEqual([]);
  // The view in which the statuses may be changed is the lifecycle's and its two writers'.
  const view = 'bff/payments/lifecycle/status-writer-view.ts';
  const viewers = sourceFiles('bff')
    .filter((file) => file.endsWith('.ts') && !file.startsWith('bff/payments/lifecycle/') && !writers.has(file))
    .filter((file) => runtimeImportsOf(file).includes(view));
  expect(viewers).toEqual([]);
});

test('the outbox reads no inbox table: it records what the change hands it, and imports nothing from bff/inbox at run time', () => {
  const inboxTables = /(?:selectFrom|updateTable|deleteFrom|insertInto)\(\s*'(events|rejected_deliveries|bank_payments|link_payments|own_payment_links)'/;
  const files = sourceFiles('bff/outbox').filter((file) => file.endsWith('.ts'));
  const reading = files.filter((file) => inboxTables.test(readFileSync(join(root, file), 'utf8')));
  const importing = files.flatMap((file) => runtimeImportsOf(file).filter((target) => target.startsWith('bff/inbox/')).map((target) => `${file} → ${target}`));
  expect([...reading, ...importing]).toEqual([]);
});

test("the order row no longer carries its attempt's state: no bff source names payment_state outside the migrations", () => {
  const naming = sourceFiles('bff').filter((name) => !name.includes('/migrations/') && /\bpayment_state\b/.test(readFileSync(join(root, name), 'utf8')));
  expect(naming).toEqual([]);
});

test('store/ (the query layer) imports no domain module: only contract/, lib/ and itself', () => {
  const bad = offending(sourceFiles('bff/store'), (file, specifier) => {
    if (!specifier.startsWith('.')) return false;
    const target = relative(root, resolve(root, dirname(file), specifier));
    return !(target.startsWith('bff/store/') || target.startsWith('bff/lib/') || target.startsWith('contract/'));
  });
  expect(bad).toEqual([]);
});

test('the domain throws domain errors and knows nothing of HTTP: orders, payments, SINPE Móvil and the merchant operations import nothing from bff/http', () => {
  // Routes, middleware and the mapping of gateway failures to answers are the HTTP side of these folders.
  const httpSide = /-routes\.ts$|\/(idempotency|gateway-problems)\.ts$/;
  const folders = ['bff/orders', 'bff/payments', 'bff/sinpe', 'bff/merchant'];
  const domain = folders.flatMap((folder) => sourceFiles(folder)).filter((file) => !httpSide.test(file));
  const bad = domain.flatMap((file) => runtimeImportsOf(file).filter((target) => target.startsWith('bff/http/')).map((target) => `${file} → ${target}`));
  expect(bad).toEqual([]);
});
