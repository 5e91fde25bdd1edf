// One convention for route factories: every exported `*Routes` / `*App` factory in bff/ takes one
// parameter, the services it uses named as `Pick<Services, …>` (or a type alias of one, declared in
// its own file: `type OrdersRouteDeps = Pick<Services, 'store' | 'clock'>`), so that each says what it
// reads and a test can hand it just that. A factory that needs nothing takes nothing. createApp is
// the assembler, not a factory: it takes the config and what tests inject, builds the services and
// mounts every factory (app.ts), the one place that lists every resource.
import { test, expect } from '../support/node-test.ts';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { sourceFiles } from './import-rings.ts';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const factoryName = /(Routes|App)$/;
/** The assembler, and the factories mounted on a listener of their own (server.ts, worker.ts: OPS_PORT). */
const notFactories = new Set(['createApp']);
const mountedElsewhere = new Set(['opsListenerRoutes']);

interface Factory {
  name: string;
  /** What is wrong with its parameters, or undefined when it keeps the convention. */
  breach: string | undefined;
}

const isPickOfServices = (node: ts.TypeNode | undefined): boolean =>
  node !== undefined &&
  ts.isTypeReferenceNode(node) &&
  node.typeName.getText() === 'Pick' &&
  node.typeArguments?.length === 2 &&
  node.typeArguments[0]!.getText() === 'Services';

/** The exported route factories of one source text, each with its breach of the convention if any. */
export function routeFactoriesOf(fileName: string, text: string): Factory[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const aliases = new Map<string, ts.TypeNode>();
  const factories: Array<{ name: string; parameters: readonly ts.ParameterDeclaration[] }> = [];
  const exported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of source.statements) {
    if (ts.isTypeAliasDeclaration(statement)) aliases.set(statement.name.text, statement.type);
    if (!exported(statement)) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name) factories.push({ name: statement.name.text, parameters: statement.parameters });
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const value = declaration.initializer;
        if (ts.isIdentifier(declaration.name) && value && (ts.isArrowFunction(value) || ts.isFunctionExpression(value))) factories.push({ name: declaration.name.text, parameters: value.parameters });
      }
    }
  }
  return factories
    .filter(({ name }) => factoryName.test(name) && !notFactories.has(name))
    .map(({ name, parameters }) => {
      if (parameters.length === 0) return { name, breach: undefined };
      if (parameters.length > 1) return { name, breach: `takes ${parameters.length} parameters: hand it one Pick<Services, …>` };
      const type = parameters[0]!.type;
      const named = type && ts.isTypeReferenceNode(type) && !type.typeArguments ? aliases.get(type.typeName.getText()) : undefined;
      if (isPickOfServices(type) || isPickOfServices(named)) return { name, breach: undefined };
      return { name, breach: `takes ${type?.getText() ?? 'an untyped parameter'}, not Pick<Services, …> or an alias of one in its file` };
    });
}

function bffFactories(): Array<Factory & { file: string }> {
  return sourceFiles(root, 'bff')
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) => routeFactoriesOf(file, readFileSync(resolve(root, file), 'utf8')).map((factory) => ({ ...factory, file })));
}

test('every route factory in bff/ takes Pick<Services, …> (or an alias of one)', () => {
  const factories = bffFactories();
  // A reader that found nothing would pass by checking nothing.
  expect(factories.length).toBeGreaterThan(20);
  expect(factories.filter((factory) => factory.breach).map(({ file, name, breach }) => `${file} ${name}: ${breach}`)).toEqual([]);
});

test('app.ts mounts every route factory: it is the one assembler, listing every resource', () => {
  const app = readFileSync(resolve(root, 'bff/app.ts'), 'utf8');
  const missing = bffFactories()
    .map((factory) => factory.name)
    .filter((name) => !mountedElsewhere.has(name) && !new RegExp(`\\b${name}\\b`).test(app));
  expect(missing).toEqual([]);
});

test('a planted factory breaks the convention: the whole bag, a second parameter, a narrow object of its own', () => {
  const planted = `
    import type { MiddlewareHandler } from 'hono';
    import type { Services } from '../services.ts';
    export type OrdersRouteDeps = Pick<Services, 'store' | 'clock'>;
    type NotServices = Pick<Omit<Services, 'bank'>, 'store'>;
    export function keptRoutes(deps: OrdersRouteDeps) { return deps; }
    export function inlineRoutes(deps: Pick<Services, 'store'>) { return deps; }
    export function noNeedsRoutes() { return undefined; }
    export function wholeBagRoutes(services: Services) { return services; }
    export function twoPartsRoutes(deps: Pick<Services, 'store'>, idempotent: MiddlewareHandler) { return [deps, idempotent]; }
    export const narrowApp = (deps: { store: Services['store'] }) => deps;
    export function lookAlikeRoutes(deps: NotServices) { return deps; }
    export function helperOf(services: Services) { return services; }
  `;
  const breaches = Object.fromEntries(routeFactoriesOf('planted.ts', planted).map(({ name, breach }) => [name, breach !== undefined]));
  expect(breaches).toEqual({
    keptRoutes: false,
    inlineRoutes: false,
    noNeedsRoutes: false,
    wholeBagRoutes: true,
    twoPartsRoutes: true,
    narrowApp: true,
    lookAlikeRoutes: true,
  });
});
