// Property-based fuzzing of one BFF endpoint in-process (fast-check): random and half-valid
// bodies, query strings, path parameters and headers. The property: never a 5xx, and every error
// is application/problem+json matching contract/bff-api.ts's `problem` (status equal to the HTTP
// status). Buyer-facing pages (/v1/return, /v1/links/return) may answer HTML instead, never a 5xx.
import fc from 'fast-check';
import { problem } from '../../../contract/bff-api.ts';
import type { BffApp } from '../../../bff/app.ts';

/** Cases per endpoint: ≥ 1,000 in CI; FUZZ_RUNS raises it locally. */
export const fuzzRuns = Math.max(1000, Number(process.env.FUZZ_RUNS ?? 0) || 0);

/** Header values must be printable ASCII or fetch refuses to build the request at all. */
export const headerText = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 80 });
/**
 * An arbitrary built at its first draw and used as it is from then on: the same values for the same
 * seed. For one whose construction is costly and whose module is also loaded where nothing is
 * drawn (Playwright's runner imports every spec file to list its tests).
 */
class BuiltAtFirstDraw<T> extends fc.Arbitrary<T> {
  #built: fc.Arbitrary<T> | undefined;
  constructor(private readonly build: () => fc.Arbitrary<T>) {
    super();
  }
  get #arbitrary(): fc.Arbitrary<T> {
    return (this.#built ??= this.build());
  }
  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    return this.#arbitrary.generate(mrng, biasFactor);
  }
  canShrinkWithoutContext(value: unknown): value is T {
    return this.#arbitrary.canShrinkWithoutContext(value);
  }
  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.#arbitrary.shrink(value, context);
  }
}

/**
 * Any text, astral planes and lone surrogates included. Building it maps every code point for its
 * "dangerous" slices (about 1 CPU-s): built at the first draw, so the runner's listing of the fuzz
 * files does not pay for it.
 */
export const anyText: fc.Arbitrary<string> = new BuiltAtFirstDraw(() => fc.string({ unit: 'binary', maxLength: 200 }));

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | undefined;
}

export interface EndpointFuzz {
  name: string;
  request: fc.Arbitrary<FuzzRequest>;
  /** Buyer-facing page: an HTML answer (with a CSP) is allowed. */
  htmlAllowed?: boolean;
  /** Turns a generated request into the one sent (e.g. a fresh session in place of a marker). */
  prepare?: (request: FuzzRequest) => Promise<FuzzRequest>;
}

/** A valid template with any field kept, dropped or replaced by any JSON (recursively). */
export function mutated(template: unknown): fc.Arbitrary<unknown> {
  if (Array.isArray(template)) {
    return fc.oneof(fc.array(fc.oneof(...template.map((item) => mutated(item))), { maxLength: 4 }), fc.jsonValue({ maxDepth: 2 }));
  }
  if (template !== null && typeof template === 'object') {
    const fields = Object.fromEntries(Object.entries(template).map(([key, value]) => [key, mutated(value)]));
    const extra = fc.dictionary(anyText.filter((k) => k.length < 20), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 });
    return fc.oneof(
      { weight: 4, arbitrary: fc.tuple(fc.record(fields, { requiredKeys: [] }), extra).map(([known, more]) => ({ ...more, ...known })) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    );
  }
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(template) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
    { weight: 1, arbitrary: anyText },
    { weight: 1, arbitrary: fc.oneof(fc.double(), fc.integer(), fc.constantFrom('', '-1', '1e309', 'NaN', '0.001', '99999999999999999999.99', '٣.٠٠')) },
  );
}

/** Every leaf path of a JSON template (where one change is worth trying). */
function leafPaths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((item, i) => [i, item] as const) : Object.entries(value);
    return [prefix, ...entries.flatMap(([key, item]) => leafPaths(item, [...prefix, key]))];
  }
  return [prefix];
}

/** The template with exactly one thing wrong: one field removed or replaced. Gets past most checks but one. */
export function oneFieldChanged(template: unknown): fc.Arbitrary<unknown> {
  const paths = leafPaths(template).filter((path) => path.length > 0);
  if (paths.length === 0) return fc.constant(template);
  const replacement = fc.oneof(
    fc.constant(undefined),
    fc.jsonValue({ maxDepth: 1 }),
    anyText,
    fc.constantFrom('', ' ', '0', '-0.00', '1e3', '00', 'XX', 'cr-sj', '+506', 'a'.repeat(1000), '<script>', '../', '\u0000'),
  );
  return fc.tuple(fc.constantFrom(...paths), replacement).map(([path, value]) => {
    const copy = structuredClone(template) as Record<string | number, unknown>;
    let parent: Record<string | number, unknown> = copy;
    for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
    const last = path.at(-1)!;
    if (value === undefined) delete parent[last];
    else parent[last] = value;
    return copy;
  });
}

/** A request body: valid, one thing wrong, half-valid JSON, any JSON, broken JSON, or nothing. */
export function bodyFor(template: unknown): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(JSON.stringify(template)) },
    { weight: 5, arbitrary: oneFieldChanged(template).map((value) => JSON.stringify(value)) },
    { weight: 4, arbitrary: mutated(template).map((value) => JSON.stringify(value)) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: anyText },
    { weight: 1, arbitrary: mutated(template).map((value) => JSON.stringify(value).slice(0, -1)) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/**
 * Headers a caller may send. Authorization and Origin are usually the right ones (so most cases
 * get past them and into validation), sometimes absent or garbage; the others come and go.
 */
export function headersFor(options: { bearer: string[]; origins: string[] }): fc.Arbitrary<Record<string, string>> {
  const absent = fc.constant(undefined);
  const required = fc.record({
    Authorization: fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(...options.bearer).map((token) => `Bearer ${token}`) },
      { weight: 1, arbitrary: absent },
      { weight: 1, arbitrary: headerText.map((text) => `Bearer ${text}`) },
      { weight: 1, arbitrary: headerText },
    ),
    Origin: fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...options.origins) }, { weight: 1, arbitrary: absent }, { weight: 1, arbitrary: headerText }),
    'Content-Type': fc.oneof(
      { weight: 6, arbitrary: fc.constant('application/json') },
      { weight: 1, arbitrary: absent },
      { weight: 2, arbitrary: fc.constantFrom('application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x') },
    ),
  });
  const optional = fc.record(
    {
      'Idempotency-Key': headerText,
      'X-Forwarded-For': headerText,
      Accept: fc.constantFrom('application/json', 'text/html', '*/*'),
      'Accept-Language': headerText,
      Cookie: headerText,
    },
    { requiredKeys: [] },
  );
  return fc.tuple(required, optional).map(([main, more]) => {
    const headers: Record<string, string> = { ...more };
    for (const [name, value] of Object.entries(main)) if (value !== undefined) headers[name] = value;
    return headers;
  });
}

/** A query string from known keys (with any values) and unknown ones. */
export function queryFor(keys: string[], values: Record<string, fc.Arbitrary<string>> = {}): fc.Arbitrary<string> {
  const known = Object.fromEntries(keys.map((key) => [key, fc.oneof(values[key] ?? headerText, anyText)]));
  return fc
    .tuple(fc.record(known, { requiredKeys: [] }), fc.dictionary(headerText.filter((k) => k.length > 0 && k.length < 12), anyText, { maxKeys: 2 }))
    .map(([a, b]) => {
      const query = new URLSearchParams({ ...b, ...a } as Record<string, string>).toString();
      return query ? `?${query}` : '';
    });
}

/** A path segment: a known good value most of the time, else anything (encoded). */
export function segment(...good: string[]): fc.Arbitrary<string> {
  return fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...good) }, { weight: 1, arbitrary: anyText.map(encodeURIComponent) }, { weight: 1, arbitrary: fc.constantFrom('..', '%2e%2e', '%00', 'a'.repeat(300)) });
}

/**
 * Plain throws, not Playwright's expect: the runner records every expect as a step, and tens of
 * thousands of them slow each later case down (measured: 2 ms → 70 ms per case).
 */
function fail(message: string): never {
  throw new Error(message);
}

export interface FuzzStats {
  cases: number;
  elapsedMs: number;
  byStatus: Record<string, number>;
}

/** `lastErrors` names what the app logged at error level, to explain a 5xx in the failure. */
export async function fuzzEndpoint(app: BffApp, endpoint: EndpointFuzz, seed: number, lastErrors: () => string = () => ''): Promise<FuzzStats> {
  const byStatus: Record<string, number> = {};
  let cases = 0;
  const started = Date.now();
  await fc.assert(
    fc.asyncProperty(endpoint.request, async (generated) => {
      const request = endpoint.prepare ? await endpoint.prepare(generated) : generated;
      const response = await app.request(request.path, {
        method: request.method,
        headers: request.headers,
        ...(request.body !== undefined && request.method !== 'GET' && request.method !== 'HEAD' ? { body: request.body } : {}),
      });
      cases++;
      byStatus[response.status] = (byStatus[response.status] ?? 0) + 1;
      const where = `${endpoint.name}: ${request.method} ${request.path} → ${response.status}`;
      if (response.status >= 500) fail(`${where}\n${await response.text()}\n${lastErrors()}`);
      // Every answer, whatever built it (handler, error path, preflight).
      if (response.headers.get('X-Content-Type-Options') !== 'nosniff') fail(`${where}: no X-Content-Type-Options`);
      if (response.status < 400) return;
      const contentType = response.headers.get('Content-Type') ?? '';
      if (endpoint.htmlAllowed && contentType.startsWith('text/html')) {
        if (!(response.headers.get('Content-Security-Policy') ?? '').includes("default-src 'none'")) fail(`${where}: HTML page without its CSP`);
        return;
      }
      if (!contentType.includes('application/problem+json')) fail(`${where}: Content-Type ${contentType}`);
      if (request.method === 'HEAD') return;
      const body = problem.safeParse(await response.json());
      if (!body.success) fail(`${where}: not a problem document (${body.error.issues.map((issue) => issue.path.join('.')).join(', ')})`);
      if (body.data.status !== response.status) fail(`${where}: problem status ${body.data.status}`);
    }),
    { numRuns: fuzzRuns, seed, endOnFailure: true },
  );
  return { cases, elapsedMs: Date.now() - started, byStatus };
}
