// fray for browsers and bundlers (webpack, Vite, esbuild, Rollup, Parcel):
// fray.wasm is referenced as new URL('./fray.wasm', import.meta.url), which
// bundlers copy next to the bundle. Node takes index.node.js instead
// (package.json "exports").
import { instantiate } from './engine.js';

export { FrayError, RulesFileError, toArgs, wrapEngine } from './fray-api.js';
export { version } from './version.js';

// Compiles fray.wasm while it downloads (from `url`, by default the copy in
// this package).
export async function compileFray(url = new URL('./fray.wasm', import.meta.url)) {
  if (WebAssembly.compileStreaming) {
    try {
      return await WebAssembly.compileStreaming(fetch(url));
    } catch (e) {
      // A server that does not say application/wasm: compile from the bytes.
    }
  }
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${res.statusText}`);
  return WebAssembly.compile(await res.arrayBuffer());
}

export async function loadFray(options = {}) {
  return instantiate(await (options.module ?? compileFray(options.wasmUrl)), options);
}
