// fray for Node (>= 18): fray.wasm is read from this package's folder, no
// server and no fetch involved.
import { readFile } from 'node:fs/promises';

import { instantiate } from './engine.js';

export { FrayError, RulesFileError, toArgs, wrapEngine } from './fray-api.js';
export { version } from './version.js';

// Compiles fray.wasm (from `url`, a file: URL or a path; by default the copy
// in this package).
export async function compileFray(url = new URL('./fray.wasm', import.meta.url)) {
  return WebAssembly.compile(await readFile(url));
}

export async function loadFray(options = {}) {
  return instantiate(await (options.module ?? compileFray(options.wasmUrl)), options);
}
