// Lays out the npm package in a folder, ready for `npm pack`:
//   node web/npm/stage.mjs VERSION WEBOBJ OUTDIR
// VERSION is the main CMake project's (project(fray VERSION ...)); WEBOBJ the
// web build's folder (fray.js, fray.wasm); the sources are this folder's
// files, web/fray-api.js, and the documents' types from docs/json.md.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [, , version, webobj, out] = process.argv;
if (!/^\d+\.\d+\.\d+$/.test(version ?? '') || !webobj || !out) {
  console.error('usage: node stage.mjs VERSION WEBOBJ OUTDIR');
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const f of ['index.js', 'index.node.js', 'engine.js', 'index.d.ts', 'README.md']) copyFileSync(join(here, f), join(out, f));
copyFileSync(join(root, 'web', 'fray-api.js'), join(out, 'fray-api.js'));
for (const f of ['fray.js', 'fray.wasm']) copyFileSync(join(webobj, f), join(out, f));
writeFileSync(join(out, 'package.json'), readFileSync(join(here, 'package.json'), 'utf8').replace('@VERSION@', version));
writeFileSync(join(out, 'version.js'), `// fray's version (the main CMake project's).\nexport const version = '${version}';\n`);
execFileSync(process.execPath, [join(here, 'json-types.mjs'), join(root, 'docs', 'json.md'), join(out, 'documents.d.ts')], {
  stdio: 'inherit',
});
