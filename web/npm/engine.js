// Starts the engine (fray.js, the command line compiled to WebAssembly) on a
// compiled fray.wasm and wraps it in the functions of fray-api.js. Shared by
// the package's two entries: index.js (browsers, bundlers) and index.node.js
// (Node), which differ only in how they read fray.wasm.
import createFrayEngine from './fray.js';
import { wrapEngine } from './fray-api.js';

export async function instantiate(compiled, options = {}) {
  let fail;
  const failed = new Promise((_, reject) => {
    fail = reject;
  });
  const mod = await Promise.race([
    createFrayEngine({
      onProgress: options.onProgress,
      instantiateWasm(imports, done) {
        WebAssembly.instantiate(compiled, imports).then((instance) => done(instance, compiled), fail);
        return {};
      },
    }),
    failed,
  ]);
  return wrapEngine(mod);
}
