// Types of bff-package.mjs for TypeScript callers (the production install test).
export interface PackageLock {
  name: string;
  version: string;
  lockfileVersion: 3;
  requires: true;
  packages: Record<string, { name?: string; version?: string; hasInstallScript?: boolean; optional?: boolean; dependencies?: Record<string, string> }>;
}
/** `hono/cors` → `hono`; null for Node's own modules. */
export function packageNameOf(specifier: string): string | null;
/** The packages esbuild metafiles' outputs import at run time, sorted. */
export function runtimePackagesOf(metafiles: ReadonlyArray<{ outputs: Record<string, { imports: Array<{ path: string; external?: boolean }> }> }>): string[];
/** dist/bff's package.json and package-lock.json for these run-time packages, from the root ones. */
export function productionPackage(names: readonly string[], rootManifest: unknown, rootLock: unknown): { manifest: { dependencies: Record<string, string> } & Record<string, unknown>; lock: PackageLock };
/** The node flags of the root package.json's `start:bff`. */
export function startFlags(rootManifest: unknown): string[];
