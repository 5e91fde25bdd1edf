// Last step of `npm run build` for the widget: dist/widget/integrity.json, the Subresource
// Integrity hash (sha384) of every file the build wrote there, by path. A merchant pins the
// first script with it (`<script src integrity crossorigin>`, widget/README.md).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const widgetDir = fileURLToPath(new URL('../dist/widget/', import.meta.url));
const output = 'integrity.json';

function filesUnder(directory) {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const hashes = {};
for (const path of filesUnder(widgetDir).sort()) {
  const file = relative(widgetDir, path).split(sep).join('/');
  // Neither the list itself, the build's manifest nor what `npm run pack:widget` adds is served to a page.
  if (file === output || file === 'package.json' || file === 'README.md' || file === 'LICENSE' || file.startsWith('.vite/')) continue;
  hashes[file] = `sha384-${createHash('sha384').update(readFileSync(path)).digest('base64')}`;
}
writeFileSync(join(widgetDir, output), `${JSON.stringify(hashes, null, 2)}\n`);
console.log(`dist/widget/${output}: ${Object.keys(hashes).length} files`);
