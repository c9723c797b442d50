// The page's engine thread: fray's WebAssembly module in a module worker, so
// that a long computation (an exact duel, a sweep) never freezes the page.
// The page cancels a computation by terminating this worker and starting a
// new one (a running WebAssembly call cannot be interrupted from outside, and
// a cooperative flag would need shared memory, docs/web.md); the page
// compiles fray.wasm once and hands the compiled module to every worker it
// starts, so a new worker only instantiates it.
//
// Messages in:  {module}        first: the compiled WebAssembly.Module, or
//                               null to fetch and compile fray.wasm here
//               {id, fn, args, rulesText?}  fn is a function of
//                               fray-api.js (attack, duel, plot, svg, ...),
//                               args its arguments; rulesText, when given,
//                               is the rules file (docs/rules.md) the page
//                               has loaded, read here before the call when
//                               it is not the text this worker read last
// Messages out: {ready: true} once loaded (or {ready: false, error});
//               {id, progress, label} while call `id` works (0..1);
//               {id, ok: true, value, ms} or {id, ok: false, error, place}
//               (place: a rules file's error's {file, line, column, reason}).
import { loadFray } from './fray-api.js';

let current = 0; // the call running now, for its progress messages
let lastPost = 0;
let lastFraction = -1;
// Called inside the computation: a message at most every 50 ms, and the end.
function onProgress(label, fraction) {
  const now = performance.now();
  if (fraction < 1 && now - lastPost < 50 && fraction - lastFraction < 0.05) return;
  lastPost = now;
  lastFraction = fraction;
  postMessage({ id: current, progress: fraction, label });
}

const base = new URL('.', import.meta.url).href;
// The engine, once the page's first message has brought the compiled module
// (or null: then fray.wasm is fetched and compiled here).
let init;
const ready = new Promise((resolve) => (init = resolve)).then((module) =>
  loadFray(base, { module: module || undefined, onProgress }));
ready.then(
  () => postMessage({ ready: true }),
  (e) => postMessage({ ready: false, error: String(e && e.message ? e.message : e) }),
);

// The rules file this worker has read (every worker reads the page's, so
// that any of them answers for its ruleset).
let rulesRead = null;

// Calls wait for the engine and run in the order they came.
async function serve(event) {
  const { id, fn, args, rulesText } = event.data;
  try {
    const fray = await ready;
    if (typeof fray[fn] !== 'function') throw new Error(`no function '${fn}'`);
    if (typeof rulesText === 'string' && rulesText !== rulesRead) {
      fray.loadRules(rulesText);
      rulesRead = rulesText;
    }
    current = id;
    lastFraction = -1;
    lastPost = performance.now();
    const t0 = performance.now();
    const value = fray[fn](...args);
    if (fn === 'loadRules') rulesRead = args[0];
    postMessage({ id, ok: true, value, ms: performance.now() - t0 });
  } catch (e) {
    const place = e && e.name === 'RulesFileError' ? { file: e.file, line: e.line, column: e.column, reason: e.reason } : undefined;
    postMessage({ id, ok: false, error: String(e && e.message ? e.message : e), place });
  }
}

onmessage = (event) => {
  if ('module' in event.data) init(event.data.module);
  else serve(event);
};
