// The widget's module graph has no ring: no module reaches itself again through static imports,
// `import()` or type imports. A lazy part that imported the list of every part back (for its retry
// helper) closed an 11-file ring through `import()`; a part that named its controller's type closed
// one through `import type`. Each planted folder in doors/cycles/ holds a ring of one kind, which the
// check must find.
import { test, expect } from '../support/node-test.ts';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { importRings } from './import-rings.ts';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

type ImportKind = 'static' | 'dynamic' | 'type';
interface Edge {
  to: string;
  kind: ImportKind;
}

/** The relative imports of one file, each with its kind; a computed `import()` (the data tables') names no file and is left out. */
function importsOf(file: string): Array<{ specifier: string; kind: ImportKind }> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: Array<{ specifier: string; kind: ImportKind }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name && !!clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      found.push({ specifier: node.moduleSpecifier.text, kind: typeOnly ? 'type' : 'static' });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, kind: node.isTypeOnly ? 'type' : 'static' });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push({ specifier: argument.text, kind: 'dynamic' });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, kind: 'type' });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The file a relative specifier names (a `.js` specifier may name its `.ts` source). */
function resolveImport(from: string, specifier: string): string {
  const path = resolve(dirname(from), specifier);
  if (existsSync(path)) return path;
  const source = path.replace(/\.js$/, '.ts');
  if (existsSync(source)) return source;
  throw new Error(`${relative(root, from)} imports ${specifier}, which is no file`);
}

/** The graph reached from `files` through relative imports (a package's own graph is not ours). */
function importGraph(files: readonly string[]): Map<string, Edge[]> {
  const graph = new Map<string, Edge[]>();
  const pending = [...files];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (graph.has(file)) continue;
    const edges = importsOf(file)
      .filter(({ specifier }) => specifier.startsWith('.'))
      .map(({ specifier, kind }) => ({ to: resolveImport(file, specifier), kind }));
    graph.set(file, edges);
    pending.push(...edges.map((edge) => edge.to));
  }
  return graph;
}

/** Every ring of the graph, each as one way around it with the kinds of its edges. */
function ringsOf(graph: Map<string, Edge[]>): string[] {
  const targets = new Map([...graph].map(([file, edges]) => [file, edges.map((edge) => edge.to)]));
  return importRings(targets).map((ring) => describeRing(graph, new Set(ring)));
}

/** One way around a ring, from its first file (by name) back to it: `a.ts -static-> b.ts -type-> a.ts`. */
function describeRing(graph: Map<string, Edge[]>, members: Set<string>): string {
  const start = [...members].sort()[0]!;
  // Breadth-first inside the ring, from the start to a file with an edge back to it.
  const cameFrom = new Map<string, { from: string; kind: ImportKind }>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const edge of graph.get(file) ?? []) {
      if (!members.has(edge.to)) continue;
      if (edge.to === start) {
        const steps = [`-${edge.kind}-> ${relative(root, start)}`];
        for (let at = file; at !== start; ) {
          const back = cameFrom.get(at)!;
          steps.unshift(`-${back.kind}-> ${relative(root, at)}`);
          at = back.from;
        }
        return [relative(root, start), ...steps].join(' ');
      }
      if (!cameFrom.has(edge.to)) {
        cameFrom.set(edge.to, { from: file, kind: edge.kind });
        queue.push(edge.to);
      }
    }
  }
  return relative(root, start);
}

function sourcesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|js)$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => join(root, folder, name));
}

test('the widget imports no module back: no ring through static imports, import() or type imports', () => {
  const graph = importGraph(sourcesUnder('widget'));
  // The graph is the widget's, lazy parts and generated data modules included.
  expect(graph.has(join(root, 'widget/lazy/checkout-rules.ts'))).toBe(true);
  expect([...graph.values()].flat().some((edge) => edge.kind === 'dynamic')).toBe(true);
  expect([...graph.values()].flat().some((edge) => edge.kind === 'type')).toBe(true);
  expect(ringsOf(graph)).toEqual([]);
});

test('the retry loader is a leaf, and nothing in the widget imports the list of parts (the parts import their facades)', () => {
  const graph = importGraph(sourcesUnder('widget'));
  expect(graph.get(join(root, 'widget/parts/loader.ts'))).toEqual([]);
  const list = join(root, 'widget/parts/lazy-assets.ts');
  const importers = [...graph].filter(([, edges]) => edges.some((edge) => edge.to === list)).map(([file]) => relative(root, file));
  expect(importers).toEqual([]);
});

for (const [folder, ring] of [
  ['static', 'test/contract/doors/cycles/static/a.ts -static-> test/contract/doors/cycles/static/b.ts -static-> test/contract/doors/cycles/static/a.ts'],
  ['dynamic', 'test/contract/doors/cycles/dynamic/list.ts -dynamic-> test/contract/doors/cycles/dynamic/part.ts -static-> test/contract/doors/cycles/dynamic/list.ts'],
  ['type-only', 'test/contract/doors/cycles/type-only/flow.ts -dynamic-> test/contract/doors/cycles/type-only/step.ts -type-> test/contract/doors/cycles/type-only/flow.ts'],
] as const) {
  test(`a planted ring through ${folder} imports is found`, () => {
    expect(ringsOf(importGraph(sourcesUnder(`test/contract/doors/cycles/${folder}`)))).toEqual([ring]);
  });
}
