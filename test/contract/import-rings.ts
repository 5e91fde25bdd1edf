// The rings of an import graph: Tarjan's strongly connected components. A component of more than one
// file, or a file importing itself, is a ring (an import cycle). Shared by the room checks
// (import-boundaries.spec.ts) and the widget's graph (widget-import-cycles.spec.ts); with the walk of a
// folder's source files those checks and bff-folders.spec.ts read.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The source files under `folder` (relative to `root`), as paths relative to `root`. */
export function sourceFiles(root: string, folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(root, path);
    return /\.(ts|mts|mjs)$/.test(name) ? [path] : [];
  });
}

/** Every ring of `graph` (file → the files it imports), each as its files; targets outside the graph are left out. */
export function importRings(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const rings: string[][] = [];
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
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) rings.push(component.sort());
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return rings;
}
