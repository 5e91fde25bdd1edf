// The deployable BFF's own package: dist/bff/package.json lists the packages the bundle imports at
// run time (and only those: no widget, build or test package), each pinned to the version the root
// package-lock.json holds, and dist/bff/package-lock.json is the root lock cut down to what they
// need, so `cd dist/bff && npm ci --omit=dev` installs exactly what the tests ran against.
import { builtinModules } from 'node:module';

/** `hono/cors` → `hono`, `@hono/node-server/conninfo` → `@hono/node-server`; null for Node's own modules. */
export function packageNameOf(specifier) {
  if (specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0])) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The packages an esbuild metafile's outputs import (bundled with `packages: 'external'`), sorted. */
export function runtimePackagesOf(metafiles) {
  const names = new Set();
  for (const metafile of metafiles) {
    for (const output of Object.values(metafile.outputs)) {
      for (const imported of output.imports) {
        const name = imported.external ? packageNameOf(imported.path) : null;
        if (name) names.add(name);
      }
    }
  }
  return [...names].sort();
}

/** Where `name` resolves from the package installed at `from` ('' is the root), as Node looks it up. */
function resolvedPath(packages, from, name) {
  const segments = from === '' ? [] : from.split('/node_modules/').map((part, index) => (index === 0 ? part.replace(/^node_modules\//, '') : part));
  for (let depth = segments.length; depth >= 0; depth--) {
    const base = segments.slice(0, depth).map((segment) => `node_modules/${segment}`).join('/');
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
  }
  return undefined;
}

/**
 * The manifest and lock of the production package. Every name must be a root dependency (a
 * devDependency imported at run time would be a build mistake, and is refused here).
 */
export function productionPackage(names, rootManifest, rootLock) {
  const packages = rootLock.packages;
  const dependencies = {};
  for (const name of names) {
    if (!rootManifest.dependencies?.[name]) {
      throw new Error(`the BFF bundle imports "${name}" at run time, but package.json does not list it in dependencies`);
    }
    const locked = packages[`node_modules/${name}`];
    if (!locked) throw new Error(`package-lock.json has no node_modules/${name}: run npm install`);
    dependencies[name] = locked.version;
  }
  const manifest = {
    name: `${rootManifest.name}-bff`,
    version: rootManifest.version,
    private: true,
    description: 'The svc-checkout BFF, built: `npm ci --omit=dev`, then `node server.js` (BFF_HOST, BFF_PORT).',
    license: rootManifest.license,
    type: 'module',
    engines: rootManifest.engines,
    scripts: { start: `node ${startFlags(rootManifest).join(' ')} server.js`.replace(/\s+/g, ' '), worker: `node ${startFlags(rootManifest).join(' ')} worker.js`.replace(/\s+/g, ' ') },
    dependencies,
    // npm 11 runs only install scripts it was told to: better-sqlite3 builds its native module.
    allowScripts: Object.fromEntries(Object.entries(rootManifest.allowScripts ?? {}).filter(([name]) => name in dependencies)),
  };

  // Walk the root lock from these dependencies: each package at the path Node would load it from.
  // `required`: reached by at least one chain of non-optional dependencies.
  const kept = new Map();
  const queue = Object.keys(dependencies).map((name) => ({ path: `node_modules/${name}`, required: true }));
  while (queue.length > 0) {
    const { path, required } = queue.shift();
    const seen = kept.get(path);
    if (seen !== undefined && (seen || !required)) continue;
    kept.set(path, required || seen === true);
    const entry = packages[path];
    const edges = [
      ...Object.keys(entry.dependencies ?? {}).map((name) => [name, true]),
      ...Object.keys(entry.optionalDependencies ?? {}).map((name) => [name, false]),
      ...Object.keys(entry.peerDependencies ?? {}).map((name) => [name, !entry.peerDependenciesMeta?.[name]?.optional]),
    ];
    for (const [name, edgeRequired] of edges) {
      const target = resolvedPath(packages, path, name);
      if (target) queue.push({ path: target, required: required && edgeRequired });
      else if (edgeRequired) throw new Error(`package-lock.json: ${path} needs ${name}, which it does not hold`);
    }
  }
  const lockPackages = { '': { name: manifest.name, version: manifest.version, license: manifest.license, dependencies, engines: manifest.engines } };
  for (const path of [...kept.keys()].sort()) {
    const { dev: _dev, devOptional: _devOptional, optional: _optional, peer: _peer, ...entry } = packages[path];
    lockPackages[path] = kept.get(path) ? entry : { ...entry, optional: true };
  }
  const lock = { name: manifest.name, version: manifest.version, lockfileVersion: 3, requires: true, packages: lockPackages };
  return { manifest, lock };
}

/** The node flags of `npm run start:bff` (root package.json): the production package runs with them too. */
export function startFlags(rootManifest) {
  return (rootManifest.scripts?.['start:bff'] ?? '').split(/\s+/).filter((word) => word.startsWith('--'));
}
