// bff/ by capability: at most twelve folders, and no two of them import each other (types
// included: a type that crosses both ways ties two folders together as much as code does). The
// files at bff/'s top are the composition root (app, services, config, server, worker, jobs): they
// import every folder, and a folder may import only the root's config.ts and services.ts (the
// settings and the services a factory is handed). bff/README.md, "Rooms", draws the graph.
import { test, expect } from '../support/node-test.ts';
import { readFileSync } from 'node:fs';
import { sourceFiles } from './import-rings.ts';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const rootFilesAFolderMayImport = ['config.ts', 'services.ts'];


/** Every relative import of a file (static, `import type`, re-exports and `import()`), as bff/-relative paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)['"](\.[^'"]+)['"]/gm)].map((match) => match[1]!);
  return specifiers.map((specifier) => relative(join(root, 'bff'), resolve(root, dirname(file), specifier))).filter((target) => !target.startsWith('..'));
}

/** The folder a bff/-relative path is in ('' for the root's own files). */
const folderOf = (path: string) => (path.includes('/') ? path.split('/')[0]! : '');

interface FolderGraph {
  folders: string[];
  /** "a → b" for each folder a that imports something in folder b. */
  edges: Set<string>;
  /** Root files a folder imports, as "folder → file". */
  rootImports: string[];
}

/** The folder graph of a set of files and their imports (bff/-relative paths). */
function folderGraph(imports: ReadonlyMap<string, readonly string[]>): FolderGraph {
  const folders = new Set<string>();
  const edges = new Set<string>();
  const rootImports: string[] = [];
  for (const [file, targets] of imports) {
    const from = folderOf(file);
    if (from) folders.add(from);
    for (const target of targets) {
      const to = folderOf(target);
      if (!from || to === from) continue;
      if (!to) {
        if (!rootFilesAFolderMayImport.includes(target)) rootImports.push(`${from} → ${target}`);
        continue;
      }
      edges.add(`${from} → ${to}`);
    }
  }
  return { folders: [...folders].sort(), edges, rootImports };
}

/** The folder pairs that import each other, each once ("a ↔ b", a before b). */
function twoWayPairs(graph: FolderGraph): string[] {
  return [...graph.edges]
    .map((edge) => edge.split(' → ') as [string, string])
    .filter(([from, to]) => from < to && graph.edges.has(`${to} → ${from}`))
    .map(([from, to]) => `${from} ↔ ${to}`);
}

function bffGraph(): FolderGraph {
  const files = sourceFiles(root, 'bff');
  return folderGraph(new Map(files.map((file) => [relative('bff', file), importsOf(file)])));
}

test('bff/ has at most twelve folders, and no two import each other', () => {
  const graph = bffGraph();
  expect(graph.folders.length, graph.folders.join(', ')).toBeLessThanOrEqual(12);
  expect(twoWayPairs(graph)).toEqual([]);
  expect(graph.rootImports).toEqual([]);
});

test('a planted pair fails the rule: a type import back is a pair too, and so is a folder importing the root app', () => {
  const planted = new Map<string, string[]>([
    ['payments/attempt.ts', ['sinpe/matcher.ts', 'lib/clock.ts']],
    ['sinpe/matcher.ts', ['payments/attempt.ts']],
    ['lib/clock.ts', []],
    ['routes/checkout.ts', ['app.ts', 'services.ts']],
    ['app.ts', ['routes/checkout.ts']],
  ]);
  const graph = folderGraph(planted);
  expect(twoWayPairs(graph)).toEqual(['payments ↔ sinpe']);
  expect(graph.rootImports).toEqual(['routes → app.ts']);
  // …and the reader sees a type import and a dynamic import as the imports they are.
  expect(importsOf('test/contract/doors/folders/type-and-dynamic.ts')).toEqual(['payments/lifecycle/joint-moves.ts', 'sinpe/matcher.ts']);
});
