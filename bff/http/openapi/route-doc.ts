// A route's documentation is handed to the route itself: `describeRoute(doc)` is the first handler
// of its registration, so its method and path are the ones Hono serves, and /v1/openapi.json is
// read from the app's own routes (documentedOperations). A route registered without one is missing
// from the document, which test/bff/openapi-document.spec.ts refuses.
import type { MiddlewareHandler } from 'hono';
import { validatedBy } from '../validation.ts';
import type { OperationDoc } from './document.ts';

/** Everything of an operation but where it is served: that comes from the route. */
export type RouteDoc = Omit<OperationDoc, 'method' | 'path'>;

type DescribedHandler = MiddlewareHandler & { readonly routeDoc: RouteDoc };

/** A pass-through middleware that carries the route's documentation (it adds no await of its own). */
export function describeRoute(doc: RouteDoc): MiddlewareHandler {
  const handler: MiddlewareHandler = (_c, next) => next();
  return Object.assign(handler, { routeDoc: doc });
}

export interface ServedRoute {
  method: string;
  path: string;
  handler: unknown;
}

const isDescribed = (handler: unknown): handler is DescribedHandler => typeof handler === 'function' && 'routeDoc' in handler;

/** `/v1/orders/:orderNumber` → `/v1/orders/{orderNumber}`. */
export const openApiPath = (honoPath: string) => honoPath.replace(/:(\w+)/g, '{$1}');

/**
 * The operations of every described route the app serves, in registration order. The body and the
 * query are the ones the route's own validate() middleware checks; a doc names them only for a
 * route that parses inside its handler.
 */
export function documentedOperations(routes: readonly ServedRoute[]): OperationDoc[] {
  return routes.flatMap((route) => {
    if (!isDescribed(route.handler)) return [];
    const handlers = routes.filter((other) => other.method === route.method && other.path === route.path).map((other) => other.handler);
    const validated = (target: 'json' | 'query') =>
      handlers.flatMap((handler) => {
        const entry = typeof handler === 'function' ? validatedBy.get(handler) : undefined;
        return entry?.target === target ? [entry.schema] : [];
      })[0];
    const doc = route.handler.routeDoc;
    const requestBody = validated('json') ?? doc.requestBody;
    const query = (validated('query') as OperationDoc['query']) ?? doc.query;
    return [
      {
        ...doc,
        ...(requestBody ? { requestBody } : {}),
        ...(query ? { query } : {}),
        method: route.method.toLowerCase() as OperationDoc['method'],
        path: openApiPath(route.path),
      },
    ];
  });
}
