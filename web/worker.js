// The page's engine thread: fray's WebAssembly module in a module worker, so
// that a long computation (an exact duel, a sweep) never freezes the page.
// The page cancels a computation by terminating this worker and starting a
// new one (a running WebAssembly call cannot be interrupted from outside).
//
// Messages in:  {id, fn, args}   fn is a function of fray-api.js (attack, duel,
//                                plot, svg, ...), args its arguments.
// Messages out: {ready: true} once loaded; {id, ok: true, value, ms} or
//               {id, ok: false, error}.
import { loadFray } from './fray-api.js';

const ready = loadFray(new URL('.', import.meta.url).href);
ready.then(
  () => postMessage({ ready: true }),
  (e) => postMessage({ ready: false, error: String(e && e.message ? e.message : e) }),
);

onmessage = async (event) => {
  const { id, fn, args } = event.data;
  try {
    const fray = await ready;
    if (typeof fray[fn] !== 'function') throw new Error(`no function '${fn}'`);
    const t0 = performance.now();
    const value = fray[fn](...args);
    postMessage({ id, ok: true, value, ms: performance.now() - t0 });
  } catch (e) {
    postMessage({ id, ok: false, error: String(e && e.message ? e.message : e) });
  }
};
