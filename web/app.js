// The fray page: inputs → fray's verbs (in a worker) → numbers, tables and
// the SVG plots fray draws. The page state lives in the URL's query string.
import { compileFray } from './fray-api.js';

// ---------- the engine, off the main thread ----------------------------------
// One worker runs one computation at a time. Cancel terminates it and starts
// a fresh one (a running WebAssembly call cannot be interrupted otherwise:
// docs/web.md says why). fray.wasm is compiled once, here, while it
// downloads, and the compiled module is handed to every worker, so a new
// worker only instantiates it.
//
// Two kinds of calls: a computation the inputs asked for (call), which Cancel
// fails with Cancelled, and what the page asks for itself to load (loadCall:
// the rulesets, a game's catalogs), which Cancel never fails: the new worker
// answers it. So a Cancel at any moment, the engine still loading included,
// leaves a page that loads and computes.

// The download of fray.wasm, shown on the first paint until the engine is ready.
function showDownload(loaded, total) {
  const bar = document.querySelector('[data-testid="loading-progress"]');
  const label = document.querySelector('[data-testid="loading-percent"]');
  if (!bar || !label) return;
  if (total > 0) {
    bar.value = Math.min(1, loaded / total);
    label.textContent = `${Math.floor(Math.min(1, loaded / total) * 100)} %`;
  } else {
    label.textContent = `${(loaded / 1e6).toFixed(1)} MB`;
  }
}
const compiled = compileFray(new URL('.', import.meta.url).href, { onDownload: showDownload }).catch(() => null);
let worker = null;
let workerReady = null; // the current worker's readiness
let replaced = null; // fails workerReady when Cancel replaces the worker before it is ready
let nextId = 0;
const pending = new Map(); // id → {resolve, reject, fn, args, load, started}

function startWorker() {
  const started = performance.now();
  const w = new Worker(new URL('worker.js', import.meta.url), { type: 'module' });
  worker = w;
  compiled.then((module) => w.postMessage({ module }));
  workerReady = new Promise((resolve, reject) => {
    replaced = reject;
    w.onmessage = (e) => {
      if (w !== worker) return; // sent by a worker Cancel has terminated
      const m = e.data;
      if ('ready' in m) {
        lastMs.worker_start = performance.now() - started;
        if (m.ready) resolve();
        else reject(new Error(m.error));
        return;
      }
      if ('progress' in m) {
        if (pending.has(m.id)) showProgress(m.progress, m.label);
        return;
      }
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      // What the load spends in the engine, call by call (tests report it).
      if (document.body.dataset.ready !== 'true') (lastMs.load_calls ||= []).push(`${p.fn} ${Math.round(m.ms)}`);
      if (m.ok) p.resolve(m.value);
      else p.reject(engineError(m));
      busy();
    };
    w.onerror = (e) => reject(new Error(e.message || 'the engine failed to load'));
  });
  workerReady.catch(() => {}); // awaited through engineReady()
}
startWorker();

// Resolves once a worker is ready: the current one, or the one a Cancel
// started in its place while it loaded.
async function engineReady() {
  for (;;) {
    const ready = workerReady;
    try {
      await ready;
      if (ready === workerReady) return;
    } catch (e) {
      if (ready === workerReady) throw e;
    }
  }
}

class Cancelled extends Error {}

// A failed call's error: the engine's message, and where a rules file's problem is (place: {line, column, ...}).
function engineError(m) {
  return Object.assign(new Error(m.error), m.place ? { place: m.place } : {});
}

// Every call carries the rules file the page has loaded (null: none): a
// worker reads it before the call when it has not read that text yet, so
// every worker (the page's, the bestiary's, one a Cancel started) knows its
// ruleset.
let rulesText = null;
function post(w, id, fn, args) {
  w.postMessage(rulesText === null ? { id, fn, args } : { id, fn, args, rulesText });
}

function request(fn, args, load) {
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, fn, args, load, started: performance.now() });
    busy();
    post(worker, id, fn, args);
  });
}
const call = (fn, ...args) => request(fn, args, false);
const loadCall = (fn, ...args) => request(fn, args, true);

// The bestiary's workers: a whole catalog is hundreds of rows, each
// computed alone, so the page shares them among several workers (as the CLI
// shares them among its threads) and the page's own worker stays free for
// the other tabs. They start when the Bestiary tab first shows and live
// until a Cancel, or a bestiary run that gives way to another, ends them.
const BESTIARY_WORKERS = Math.min(8, Math.max(2, navigator.hardwareConcurrency || 2));
let pool = []; // {w, ids}: each worker and the calls it has
function poolWorker(i) {
  if (pool[i]) return pool[i];
  const started = performance.now();
  const w = new Worker(new URL('worker.js', import.meta.url), { type: 'module' });
  const slot = { w, ids: new Set() };
  pool[i] = slot;
  compiled.then((module) => w.postMessage({ module }));
  const failAll = (error) => {
    for (const id of slot.ids) {
      const p = pending.get(id);
      if (p) pending.delete(id), p.reject(error);
    }
    slot.ids.clear();
    busy();
  };
  w.onmessage = (e) => {
    if (pool[i] !== slot) return; // a worker ended since
    const m = e.data;
    if ('ready' in m) {
      lastMs.pool_start = performance.now() - started;
      if (!m.ready) failAll(new Error(m.error));
      return;
    }
    const p = pending.get(m.id);
    if (!p) return;
    if ('progress' in m) return p.onProgress?.(m.progress, m.label);
    pending.delete(m.id);
    slot.ids.delete(m.id);
    if (m.ok) p.resolve(m.value);
    else p.reject(engineError(m));
    busy();
  };
  w.onerror = (e) => failAll(new Error(e.message || 'the engine failed to load'));
  return slot;
}
function poolCall(i, fn, args, onProgress) {
  const slot = poolWorker(i);
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, fn, args, load: false, started: performance.now(), onProgress });
    slot.ids.add(id);
    busy();
    post(slot.w, id, fn, args);
  });
}
// Ends the bestiary's workers: their calls fail with Cancelled.
function stopPool() {
  const ended = pool;
  pool = [];
  for (const slot of ended) {
    if (!slot) continue;
    slot.w.terminate();
    for (const id of slot.ids) {
      const p = pending.get(id);
      if (p) pending.delete(id), p.reject(new Cancelled('cancelled'));
    }
  }
  busy();
}

async function cancel() {
  const poolBusy = pool.some((slot) => slot && slot.ids.size > 0);
  stopPool();
  worker.terminate();
  const fail = replaced;
  let cancelled = false;
  for (const [id, p] of pending) {
    if (p.load) continue;
    pending.delete(id);
    p.reject(new Cancelled('cancelled'));
    cancelled = true;
  }
  if (poolBusy) cancelled = true;
  startWorker();
  fail(new Cancelled('cancelled')); // engineReady() moves on to the new worker
  // The page's own loading calls go to the new worker, in their order.
  for (const [id, p] of pending) post(worker, id, p.fn, p.args);
  busy();
  if (cancelled) $('#status').textContent = 'cancelled';
  try {
    await engineReady();
    lastMs.restart = lastMs.worker_start;
  } catch (e) {
    $('#status').textContent = 'the engine failed to load: ' + e.message;
  }
}

// The fraction done of the running computation, as the worker reports it.
function showProgress(fraction, label) {
  const bar = $('#progress');
  bar.hidden = false;
  bar.value = fraction;
  bar.title = `${label}: ${Math.floor(fraction * 100)} %`;
  $('#status').textContent = `${label}… ${Math.floor(fraction * 100)} %`;
}

let busyTimer = null;
function busy() {
  clearTimeout(busyTimer);
  // The page's own loading calls are not the user's to cancel: no button for them.
  const asked = [...pending.values()].filter((p) => !p.load).length;
  if (asked === 0) {
    $('#cancel').hidden = true;
    $('#progress').hidden = true;
    $('#status').textContent = document.body.dataset.ready === 'true' ? 'ready' : 'loading the engine…';
    return;
  }
  // Only a computation that takes a while shows the button, so that quick ones do not flicker.
  busyTimer = setTimeout(() => {
    if ([...pending.values()].some((p) => !p.load)) {
      $('#cancel').hidden = false;
      if ($('#progress').hidden) $('#status').textContent = 'computing…';
    }
  }, 150);
}

// ---------- small helpers ------------------------------------------------------
const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];
const tid = (name) => $(`[data-testid="${name}"]`);
const pct = (p) => {
  if (p === null || p === undefined) return '–';
  if (p === 0) return '0 %';
  if (p === 1) return '100 %';
  const v = p * 100;
  if (v < 0.01) return '<0.01 %';
  if (v > 99.99) return '>99.99 %';
  return v.toFixed(2) + ' %';
};
const num = (x, d = 4) => (x === null || x === undefined ? '–' : Number(x.toFixed(d)).toString());
// "1 turn", "2.5 turns": a unit in the plural unless the number is 1.
const qty = (x, unit, d = 3) => {
  if (x === null || x === undefined) return '–';
  const n = num(x, d);
  return `${n} ${n === '1' && unit.endsWith('s') ? unit.slice(0, -1) : unit}`;
};
const lines = (text) => text.split('\n').map((s) => s.trim()).filter(Boolean);

function table(el, columns, rows) {
  el.replaceChildren();
  const head = el.createTHead().insertRow();
  for (const c of columns) {
    const th = document.createElement('th');
    th.textContent = c;
    head.appendChild(th);
  }
  const body = el.createTBody();
  for (const r of rows) {
    const tr = body.insertRow();
    for (const v of r) tr.insertCell().textContent = v === null || v === undefined ? '–' : String(v);
  }
}

// An error beside the field it names (the CLI's message, word for word), or in the section's box.
const errorTimers = new Map(); // field → the timer of an error held back while it is typed
function clearErrors(scope) {
  for (const el of $$('[data-error-for]')) {
    const f = el.dataset.errorFor;
    if (scope && !scope.includes(f)) continue;
    el.textContent = '';
    clearTimeout(errorTimers.get(f));
    errorTimers.delete(f);
  }
}
// The inputs an error may name, by field.
const INPUT_OF = { attacker: '#attacker', defender: '#defender', situation: '#situation-extra', kind: '#kind', dice: '#dice', map: '#map', at: '[data-testid="viewer"]', target: '[data-testid="target"]' };
// The grid's errors name the command line's options; the page's fields are the viewer and the target.
const PAGE_WORDS = [[/^--at\b/, 'viewer'], [/^--from\b/, 'viewer'], [/^--to\b/, 'target'], [/^--map\b/, 'map']];
function showError(section, message) {
  const m = message.replace(/^fray: error: /, '');
  let field = section;
  if (/^(attacker spec|--attacker|--a\b|attacker )/.test(m)) field = 'attacker';
  else if (/^(defender spec|--defender|--b\b|defender )/.test(m)) field = 'defender';
  else if (/^(--situation|situation)/.test(m)) field = 'situation';
  else if (/^(--kind|kind)/.test(m)) field = 'kind';
  else if (/^(dice expression|EXPR)/.test(m)) field = 'dice';
  else if (section === 'bestiary') field = 'bestiary';
  else if (/^(--map|map)/i.test(m)) field = 'map';
  else if (/^--at\b/.test(m)) field = 'at';
  else if (/^--to\b/.test(m) && section === 'grid') field = 'target';
  const el = $(`[data-error-for="${field}"]`) || $(`[data-error-for="${section}"]`);
  let shown = m;
  if (section === 'grid') for (const [re, word] of PAGE_WORDS) shown = shown.replace(re, word);
  const say = () => {
    errorTimers.delete(field);
    el.textContent = 'fray: error: ' + shown;
  };
  // A name half typed is no error yet: the message waits until the typing stops.
  const input = INPUT_OF[field] && $(INPUT_OF[field]);
  const builder = $(`.builder[data-side="${field}"]`);
  const typing = (input && document.activeElement === input) || (builder && builder.contains(document.activeElement));
  clearTimeout(errorTimers.get(field));
  if (typing && performance.now() - lastTyped < TYPING_PAUSE) {
    el.textContent = '';
    errorTimers.set(field, setTimeout(say, TYPING_PAUSE));
  } else say();
}
const TYPING_PAUSE = 900; // ms without a keystroke before an error of the field typed in shows
let lastTyped = -Infinity;

// ---------- per-game defaults --------------------------------------------------
// Where each game starts (its attacker and defender, its sweep) the engine
// says: rulesetInfo()'s defaults (Ruleset::defaults), so the page names no game.
const COMMON = {
  tab: 'attack', extra: '', situation: '', kind: '', view: 'normal',
  // ssims: the Sweep tab's fights a sampled row (fray sweep's own default).
  method: 'auto', sims: '100000', seed: '1', first: 'a', ssims: '10000', sy: 'p_hit', btable: 'enchant-for-hit',
  dice: '3d6\n4d6kh3', dview: 'normal',
  map: '############\n#..........#\n#..::......#\n#..::..g...#\n#......##..#\n#.@....+...#\n############',
  // algo: the FOV picker's first algorithm (index.html), read at start.
  at: '2,5', target: '7,3', algo: '', radius: '', magic: '', aim: '1',
  bmonsters: '', bhd: '',
};

// ---------- state and the URL ---------------------------------------------------
let state = {};
let rulesets = []; // the engine's rulesetInfo(): [{id, title, player, options, verbs, defaults, ...}]
const rulesetOf = (game) => rulesets.find((r) => r.id === game) || { options: [], verbs: [], defaults: null };
const catalogs = {}; // game → {monsters: [...], situations: [...], ...}

function readInputs() {
  for (const el of $$('[data-state]')) {
    const k = el.dataset.state;
    state[k] = el.type === 'checkbox' ? (el.checked ? '1' : '') : el.value;
  }
  // The situation boxes are the game's once its catalogs are in.
  if (pickersFor === state.game) state.situation = $$('#situations input:checked').map((c) => c.value).join(',');
  state.sy = $$('#sweep-columns input:checked').map((c) => c.value).join(',');
}

function writeInputs() {
  showDefaults();
  for (const el of $$('[data-state]')) {
    const k = el.dataset.state;
    if (el.type === 'checkbox') el.checked = !!state[k];
    else if (state[k] !== undefined) el.value = state[k];
  }
  const on = new Set((state.situation || '').split(',').filter(Boolean));
  for (const c of $$('#situations input')) c.checked = on.has(c.value);
  const cols = new Set((state.sy || 'p_hit').split(','));
  for (const c of $$('#sweep-columns input')) c.checked = cols.has(c.value);
  if (catalogs[state.game]) for (const side of ['attacker', 'defender']) fillBuilder(side);
}

function defaultsFor(game) {
  const d = rulesetOf(game).defaults;
  if (!d) return { attacker: '', defender: '', sside: 'attacker', skey: '', sfrom: 0, sto: 0, sstep: 1, sseries: '' };
  const w = d.sweep;
  return {
    attacker: d.attacker, defender: d.defender,
    sside: w.side, skey: w.key, sfrom: w.from, sto: w.to, sstep: w.step, sseries: w.series.join('\n'),
  };
}

// The inputs a game gives a default to: an empty box reads as its default
// (shown as the box's placeholder), so deleting a default breaks no tab.
const DEFAULTED = ['attacker', 'defender', 'skey', 'sfrom', 'sto', 'sstep', 'sims', 'seed', 'ssims'];
function val(k) {
  const v = state[k];
  if (v !== undefined && String(v).trim() !== '') return String(v).trim();
  const d = { ...COMMON, ...defaultsFor(state.game) }[k];
  return d === undefined ? '' : String(d);
}
function showDefaults() {
  const d = { ...COMMON, ...defaultsFor(state.game) };
  for (const el of $$('[data-state]')) if (DEFAULTED.includes(el.dataset.state)) el.placeholder = String(d[el.dataset.state] ?? '');
}

function toQuery() {
  const q = new URLSearchParams();
  const d = { ...COMMON, ...defaultsFor(state.game) };
  q.set('game', state.game);
  for (const [k, v] of Object.entries(state)) if (k !== 'game' && String(v) !== String(d[k] ?? '')) q.set(k, v);
  // The rules file in the editor, on its tab and while its ruleset is the game.
  if (rulesPacked && (state.tab === 'rules' || (rulesInfo && state.game === rulesInfo.id))) q.set('rules', rulesPacked);
  return q.toString();
}

function saveUrl() {
  const url = `${location.pathname}?${toQuery()}`;
  history.replaceState(null, '', url);
  tid('permalink').href = url;
}

// ---------- catalogs: type-ahead and situation toggles ---------------------------
// Every catalog of a game in one call to the worker (fray list, each kind),
// read once a game.
const catalogLoads = {};
async function loadCatalogs(game) {
  if (!catalogLoads[game]) catalogLoads[game] = loadCall('catalogs', { rules: game });
  try {
    catalogs[game] = await catalogLoads[game];
  } catch (e) {
    delete catalogLoads[game];
    throw e;
  }
  return catalogs[game];
}

let pickersFor = null; // the game whose catalogs fill the pickers
function fillPickers(game) {
  tid('bestiary-hd-label').hidden = !hasLevels(game);
  pickersFor = game;
  const c = catalogs[game] || {};
  const opts = (entries, el) => {
    el.replaceChildren();
    for (const e of entries) {
      const o = document.createElement('option');
      o.value = e.name;
      o.label = e.description && e.description !== e.name.replace(/_/g, ' ') ? e.description.slice(0, 80) : '';
      el.appendChild(o);
    }
  };
  const people = [...(c.classes || []), ...(c.monsters || [])];
  // The game's player character, as the engine names it (none in a game whose player is a set of keys).
  const name = rulesetOf(game).player;
  const player = name && !people.some((e) => e.name === name) ? [{ name, description: 'the player character' }] : [];
  opts([...player, ...people], $('#attacker-list'));
  opts([...player, ...people], $('#defender-list'));
  opts((c.keys || []).map((k) => ({ name: k.name.replace(/^(player|monster):/, ''), description: k.description || '' })), $('#key-list'));
  const box = $('#situations');
  box.replaceChildren();
  for (const s of c.situations || []) {
    if (s.name.includes('=')) continue; // flags with a number go in the text box
    const label = document.createElement('label');
    label.title = s.description || '';
    const cb = document.createElement('input');
    cb.type = 'checkbox';
    cb.value = s.name;
    cb.dataset.testid = `situation-${s.name}`;
    cb.addEventListener('change', changed);
    label.append(cb, ' ' + s.name);
    box.appendChild(label);
  }
  fillBuilders();
}
// ---------- the character builder --------------------------------------------------
// A form made of what the game says: the names its catalogs have (player,
// classes, monsters), its spec keys (fray list keys: each key's range, default
// and help, and which specs take it), weapons and armors from its catalogs.
// Editing the form writes the spec; editing the spec fills the form.
const KEY_LISTS = { weapon: 'weapons', missile: 'weapons', armor: 'armors', body: 'armors' };
function keyInfo(e) {
  const colon = e.name.lastIndexOf(':');
  const name = colon < 0 ? e.name : e.name.slice(colon + 1);
  const st = e.stats || {};
  // The specs that take the key, as the engine says (player, monster, inline, bolt).
  const appliesTo = String(st.applies_to ?? '').split(',').map((g) => g.trim()).filter(Boolean);
  const d = (e.description || '').replace(/\u2212/g, '-'); // a typographic minus reads as '-'
  const range = d.match(/(-?\d+(?:\.\d+)?)\s*\.\.\s*(-?\d+(?:\.\d+)?)/);
  const min = st.min ?? (range ? Number(range[1]) : undefined);
  const max = st.max ?? (range ? Number(range[2]) : undefined);
  // The default as the catalog gives it (a rules file's stats: their type and
  // default), else as the help says it: "(default 1)", "default dagger", "(10)", "(off)".
  const said = st.default !== undefined ? String(st.default) : (d.match(/default:? ([^;,)]+)/) || d.match(/\(([^()]*)\)/) || [])[1] || '';
  const def = st.type === 'flag' && st.default === false ? 'off' : said;
  const flag = /^off$/.test(def.trim());
  return { name, appliesTo, help: d, min, max, def: def.trim(), flag, numeric: min !== undefined && max !== undefined && !KEY_LISTS[name] };
}
// What kind of spec a name is: the player (or a class, a kit of the player),
// a monster, inline stats (no name), or a kind the keys name (Crawl's bolt).
function baseKind(game, base) {
  const c = catalogs[game] || {};
  const player = rulesetOf(game).player;
  if (!base) return 'inline';
  if (base === player || (c.classes || []).some((e) => e.name === base)) return 'player';
  if ((c.monsters || []).some((e) => e.name === base)) return 'monster';
  if ((c.keys || []).some((k) => keyInfo(k).appliesTo.includes(base))) return base;
  return 'unknown';
}
// The keys a spec of this kind takes: those whose applies_to names it (the
// keys catalog's, docs/json.md), each name once.
function keysFor(game, kind) {
  const seen = new Set();
  return ((catalogs[game] || {}).keys || []).map(keyInfo).filter((k) => {
    if (seen.has(k.name) || !k.appliesTo.includes(kind)) return false;
    seen.add(k.name);
    return true;
  });
}
// "goblin:hp=20,might" → {base: 'goblin', pairs: [['hp', '20'], ['might', '']]}; inline stats have no base.
function parseSpec(spec) {
  const t = (spec || '').trim();
  const colon = t.indexOf(':');
  let base = t, rest = '';
  if (colon >= 0) [base, rest] = [t.slice(0, colon), t.slice(colon + 1)];
  else if (t.includes('=')) [base, rest] = ['', t];
  const pairs = rest.split(',').map((p) => p.trim()).filter(Boolean).map((p) => {
    const eq = p.indexOf('=');
    return eq < 0 ? [p, ''] : [p.slice(0, eq).trim(), p.slice(eq + 1).trim()];
  });
  return { base: base.trim(), pairs };
}
function writeSpec(base, pairs) {
  const rest = pairs.map(([k, v]) => (v === '' ? k : `${k}=${v}`)).join(',');
  return base && rest ? `${base}:${rest}` : base || rest;
}
// The form of one side, for the spec in its box.
function fillBuilder(side) {
  const game = state.game;
  const box = $(`.builder[data-side="${side}"] .builder-form`);
  if (!box || !catalogs[game]) return;
  const spec = parseSpec($(`#${side}`).value || val(side));
  const kind = baseKind(game, spec.base);
  const keys = kind === 'unknown' ? [] : keysFor(game, kind);
  const known = new Set(keys.map((k) => k.name));
  const given = new Map(spec.pairs.filter(([k]) => known.has(k)));
  box.replaceChildren();
  const field = (cls, label, input, help) => {
    const l = document.createElement('label');
    l.className = cls;
    if (help) l.title = help;
    if (cls === 'flag') l.append(input, ' ' + label);
    else l.append(label, input);
    box.appendChild(l);
    return input;
  };
  const base = document.createElement('input');
  base.value = spec.base;
  base.setAttribute('list', `${side}-list`);
  base.dataset.testid = `builder-${side}-base`;
  base.dataset.key = '';
  base.placeholder = 'inline stats';
  field('base', 'Who (the player, a class or a monster)', base);
  for (const k of keys) {
    let input;
    if (k.flag) {
      input = document.createElement('input');
      input.type = 'checkbox';
      input.checked = given.has(k.name) && !/^(0|off|false|no)$/.test(given.get(k.name));
    } else {
      input = document.createElement('input');
      if (k.numeric) {
        input.type = 'number';
        input.min = k.min;
        input.max = k.max;
        input.step = 'any';
      } else if (KEY_LISTS[k.name]) input.setAttribute('list', `builder-list-${KEY_LISTS[k.name]}`);
      input.value = given.get(k.name) ?? '';
      input.placeholder = k.def ? `default ${k.def}` : '';
    }
    input.dataset.key = k.name;
    input.dataset.testid = `builder-${side}-${k.name}`;
    field(k.flag ? 'flag' : '', k.numeric ? `${k.name} (${k.min}..${k.max})` : k.name, input, k.help);
  }
  const more = document.createElement('input');
  more.value = writeSpec('', spec.pairs.filter(([k]) => !known.has(k)));
  more.placeholder = 'other keys, key=value,...';
  more.dataset.key = '*';
  more.dataset.testid = `builder-${side}-more`;
  field('more', 'Other keys', more);
  // A catalog name's own stats, as the catalog gives them.
  const entry = [...(catalogs[game].classes || []), ...(catalogs[game].monsters || [])].find((e) => e.name === spec.base);
  if (entry) {
    const p = box.appendChild(document.createElement('p'));
    p.className = 'stats';
    p.dataset.testid = `builder-${side}-stats`;
    const stats = Object.entries(entry.stats || {}).filter(([, v]) => typeof v !== 'object').map(([k, v]) => `${k} ${v}`).join(', ');
    p.textContent = `${entry.description || entry.name}${stats ? ` — ${stats}` : ''}`;
  }
}
// The form edited: its spec into the side's box (which recomputes).
function builderEdited(side, e) {
  const box = $(`.builder[data-side="${side}"] .builder-form`);
  const base = $('[data-key=""]', box).value.trim();
  const pairs = [];
  for (const el of $$('[data-key]', box)) {
    const k = el.dataset.key;
    if (k === '' || k === '*') continue;
    if (el.type === 'checkbox') {
      if (el.checked) pairs.push([k, '']);
    } else if (el.value.trim() !== '') pairs.push([k, el.value.trim()]);
  }
  const more = parseSpec(': ' + $('[data-key="*"]', box).value).pairs;
  const input = $(`#${side}`);
  input.value = writeSpec(base, [...pairs, ...more]);
  changed({ target: input, type: e.type });
  // A new base may take other keys: the form follows once the name is whole.
  if (e.target.dataset.key === '' && e.type === 'change') fillBuilder(side);
}
function fillBuilders() {
  for (const side of ['attacker', 'defender']) fillBuilder(side);
  for (const kind of ['weapons', 'armors']) {
    let list = $(`#builder-list-${kind}`);
    if (!list) {
      list = document.body.appendChild(document.createElement('datalist'));
      list.id = `builder-list-${kind}`;
    }
    list.replaceChildren(...((catalogs[state.game] || {})[kind] || []).map((e) => new Option(e.description ? `${e.name}` : e.name, e.name)));
  }
}

// The inputs only some games read, as the engine says: the attack kind
// (a request option the game reads) and the balance tables (fray table).
const hasTables = (game) => rulesetOf(game).verbs.includes('table');
const hasAim = (game) => rulesetOf(game).verbs.includes('aim');
const hasImport = (game) => rulesetOf(game).verbs.includes('import');
function gameInputs(game) {
  document.body.classList.toggle('has-import', hasImport(game));
  if (!hasImport(game)) showImport(null, '');
  document.body.classList.toggle('has-kind', rulesetOf(game).options.includes('kind'));
  document.body.classList.toggle('has-table', hasTables(game));
  document.body.classList.toggle('has-aim', hasAim(game));
}

// ---------- your own character ---------------------------------------------------------
// A character file the game wrote (the games whose verbs have import): the
// engine reads it as the game's player spec (fray import), which becomes the
// attacker; the page shows who it read and what the file holds that the
// spec cannot carry.
function showImport(doc, error) {
  tid('import-error').textContent = error;
  const c = doc?.character;
  tid('import-summary').textContent = !c ? ''
    : `${c.name}, ${c.species} ${c.background}, XL ${c.xl}${c.god ? `, follower of ${c.god}` : ''}: HP ${c.hp_max}, AC ${c.ac}, EV ${c.ev}, SH ${c.sh}, Str ${c.str}, Dex ${c.dex}`
      + `${c.weapon ? `, wielding ${c.weapon.name}` : ', unarmed'} (${c.version}). The attacker is now this character.`;
  const unused = doc?.unused || [];
  tid('import-unused').replaceChildren(...unused.map((u) => Object.assign(document.createElement('li'), { textContent: u })));
  tid('import-unused-box').hidden = unused.length === 0;
}
async function importCharacter(text) {
  const game = state.game;
  if (!text.trim()) {
    showImport(null, 'Paste the text of a character file first (or pick the file).');
    return;
  }
  let doc;
  try {
    doc = await call('importCharacter', { rules: game, text });
  } catch (e) {
    if (e instanceof Cancelled) return;
    if (state.game === game) showImport(null, `Not a character fray can read: ${e.message}`);
    return;
  }
  if (state.game !== game) return;
  showImport(doc, '');
  const input = $('#attacker');
  input.value = doc.spec;
  changed({ target: input, type: 'change' });
  fillBuilder('attacker');
}

// ---------- your rules ---------------------------------------------------------------
// A rules file (docs/rules.md: any game's melee in TOML) in the Your rules
// tab's editor. Loaded (the engine reads it: fray-api.js loadRules), its
// ruleset joins the Game picker as "Your rules: TITLE" and is selected, so
// every tab answers for it; from then on every call carries its text to the
// worker that answers (post). A problem is the engine's message, with its
// line and column: Load moves the cursor there. The permalink carries the
// editor's text, deflated (CompressionStream 'deflate-raw') and in base64url.
let rulesInfo = null; // the loaded file's ruleset, as rulesetInfo() gives one; null before a file loads
let rulesGen = 0; // counts the files loaded: a bestiary of an earlier one is out of date
let rulesPacked = ''; // the editor's text as the permalink's `rules` ('' for none)
let rulesTry = 0; // the last load asked for: an earlier one's answer is not shown
let rulesBusy = 0; // loads and packings under way (the page is not idle)
let rulesTimer = null; // a load held back while the file is typed
let rulesExamples = null; // the site's examples (rules/index.json): [{file, title}]
const RULES_PAUSE = 600; // ms without a keystroke before the file typed is loaded
const MAX_RULES_BYTES = 1 << 20; // the engine's limit (fray::kMaxRulesFileBytes); a link's text past it is refused
const editor = () => $('#rules-text');

const base64url = (bytes) => {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};
async function packRules(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return base64url(new Uint8Array(await new Response(stream).arrayBuffer()));
}
// A link's `rules` back to the text; refuses what is not one (or inflates past the engine's limit).
async function unpackRules(packed) {
  if (!/^[A-Za-z0-9_-]*$/.test(packed)) throw new Error('the link\'s rules are not base64url');
  const b64 = packed.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_RULES_BYTES) {
      reader.cancel();
      throw new Error(`the link's rules file is larger than ${MAX_RULES_BYTES} bytes`);
    }
    parts.push(value);
  }
  return new TextDecoder('utf-8', { fatal: true }).decode(await new Blob(parts).arrayBuffer());
}
// The editor's text into the permalink (once deflated).
let packSeq = 0;
async function repackRules() {
  const text = editor().value;
  const seq = ++packSeq;
  ++rulesBusy;
  try {
    let packed = '';
    try {
      if (text.trim() && typeof CompressionStream !== 'undefined') packed = await packRules(text);
    } catch (e) {
      packed = ''; // no deflate-raw in this browser: the link carries no rules
    }
    if (seq !== packSeq) return;
    rulesPacked = packed;
    saveUrl();
  } finally {
    --rulesBusy;
  }
}

// The line numbers beside the editor, the line of the error shown marked.
let gutterDrawn = '';
function drawGutter() {
  const ed = editor();
  const n = ed.value.split('\n').length;
  const mark = Number(ed.dataset.errorLine || 0);
  const key = `${n}:${mark}`;
  const g = tid('rules-gutter');
  if (key !== gutterDrawn) {
    gutterDrawn = key;
    const numbers = (from, to) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i).join('\n');
    // Two lines more than the text: room for the editor's horizontal scroll bar.
    if (mark >= 1 && mark <= n) {
      const m = document.createElement('mark');
      m.textContent = String(mark);
      g.replaceChildren(mark > 1 ? numbers(1, mark - 1) + '\n' : '', m, (mark < n ? '\n' + numbers(mark + 1, n) : '') + '\n\n');
    } else g.replaceChildren(numbers(1, n) + '\n\n');
  }
  g.scrollTop = ed.scrollTop;
}
// The index in a text of a line and column (1-based; the column counts characters).
function textIndex(text, line, column) {
  let i = 0;
  for (let l = 1; l < line; ++l) {
    const nl = text.indexOf('\n', i);
    if (nl < 0) return text.length;
    i = nl + 1;
  }
  const nl = text.indexOf('\n', i);
  const end = nl < 0 ? text.length : nl;
  for (let c = 1; c < column && i < end; ++c) i += text.codePointAt(i) > 0xffff ? 2 : 1;
  return i;
}
// The cursor to a line and column of the file, that line in view.
function moveCursor(line, column) {
  const ed = editor();
  const at = textIndex(ed.value, line, Math.max(1, column || 1));
  ed.focus({ preventScroll: true });
  ed.setSelectionRange(at, at);
  const lh = parseFloat(getComputedStyle(ed).lineHeight) || 19;
  const top = (line - 1) * lh;
  if (top < ed.scrollTop || top > ed.scrollTop + ed.clientHeight - 2 * lh) ed.scrollTop = Math.max(0, top - ed.clientHeight / 3);
  ed.scrollIntoView({ block: 'nearest' });
  drawGutter();
}
// The engine's message (null: none) under the editor, with a button to its place.
function showRulesError(e) {
  const box = tid('rules-error');
  const ed = editor();
  box.replaceChildren();
  delete ed.dataset.errorLine;
  ed.removeAttribute('aria-invalid');
  if (e) {
    box.append('fray: error: ' + e.message.replace(/^fray: error: /, ''));
    const place = e.place;
    if (place && place.line > 0) {
      const go = document.createElement('button');
      go.type = 'button';
      go.dataset.testid = 'rules-goto';
      go.textContent = `go to line ${place.line}, column ${place.column}`;
      go.addEventListener('click', () => moveCursor(place.line, place.column));
      box.append(' ', go);
      ed.dataset.errorLine = String(place.line);
    }
    ed.setAttribute('aria-invalid', 'true');
  }
  drawGutter();
}

// The site's examples (examples/rules/*.toml, copied at build time) in the picker.
async function loadExamples() {
  if (!rulesExamples) {
    rulesExamples = fetch(new URL('rules/index.json', import.meta.url)).then((r) => (r.ok ? r.json() : []), () => []);
  }
  const list = await rulesExamples;
  const sel = tid('rules-example');
  if (sel.options.length === 0) {
    for (const e of list) sel.add(new Option(e.title ? `${e.title} (${e.file})` : e.file, e.file));
    const percent = list.findIndex((e) => e.file === 'percent.toml');
    if (percent >= 0) sel.selectedIndex = percent;
  }
  tid('rules-open-example').disabled = sel.hidden = list.length === 0;
  return list;
}
async function exampleText(file) {
  const res = await fetch(new URL(`rules/${file}`, import.meta.url));
  if (!res.ok) throw new Error(`rules/${file}: ${res.status} ${res.statusText}`);
  return res.text();
}
// An example into the editor (loaded when the file loads as it is typed).
async function openExample(file, load) {
  ++rulesBusy;
  try {
    const text = await exampleText(file);
    editor().value = text;
    editor().scrollTop = 0;
    showRulesError(null);
    repackRules();
    if (load) await loadRules('typed');
  } catch (e) {
    showRulesError(e);
  } finally {
    --rulesBusy;
  }
}
// The tab shown the first time with nothing in the editor: the first example (percent.toml), not loaded yet.
let editorFilled = false;
async function fillEditor() {
  if (editorFilled) return;
  editorFilled = true;
  ++rulesBusy;
  try {
    const list = await loadExamples();
    if (editor().value !== '' || list.length === 0) return;
    await openExample(tid('rules-example').value, false);
    if (!rulesInfo) tid('rules-status').textContent = 'An example: Load it (or edit it) to use it on every tab.';
  } finally {
    --rulesBusy;
  }
}

// The loaded file's ruleset joins the page's games (in the place of the one loaded before).
function adoptRules(text, info) {
  const before = rulesInfo;
  rulesText = text;
  rulesInfo = info;
  ++rulesGen;
  for (const id of new Set([info.id, before?.id])) {
    if (!id) continue;
    delete catalogs[id];
    delete catalogLoads[id];
  }
  sweepCache.clear(); // its requests name the ruleset by id, whose rules may have changed
  rulesets = [...rulesets.filter((r) => r.id !== info.id && r.id !== before?.id), info];
  const sel = tid('game');
  for (const o of [...sel.options]) if (o.dataset.rules) o.remove();
  const o = new Option(`Your rules: ${info.title}`, info.id);
  o.dataset.rules = 'true';
  o.dataset.testid = 'game-rules';
  sel.add(o);
}
function sayLoaded() {
  const c = catalogs[rulesInfo.id] || {};
  const sizes = ['monsters', 'weapons', 'armors', 'classes'].filter((k) => (c[k] || []).length).map((k) => `${c[k].length} ${k}`);
  tid('rules-status').textContent = `Loaded ${rulesInfo.title} (id ${rulesInfo.id}${sizes.length ? `; ${sizes.join(', ')}` : ''}): ` +
    `the Game picker's “Your rules: ${rulesInfo.title}”, which every tab now uses.`;
}
// Load (how = 'click': an error moves the cursor to its place) or the file
// typed (how = 'typed': the error shows, the cursor stays where it types).
async function loadRules(how) {
  clearTimeout(rulesTimer);
  rulesTimer = null;
  const text = editor().value;
  const asked = ++rulesTry;
  ++rulesBusy;
  try {
    tid('rules-status').textContent = 'loading…';
    let info;
    try {
      info = await loadCall('loadRules', text);
    } catch (e) {
      if (asked !== rulesTry) return;
      showRulesError(e);
      tid('rules-status').textContent = rulesInfo ? `Not loaded: the game is still the file loaded before (${rulesInfo.title}).` : 'Not loaded.';
      if (how === 'click' && e.place && e.place.line > 0) moveCursor(e.place.line, e.place.column);
      return;
    }
    if (asked !== rulesTry) return;
    showRulesError(null);
    const same = state.game === info.id; // the same game reloaded: the sides and the sweep stay
    adoptRules(text, info);
    tid('game').value = info.id;
    try {
      await setGame(info.id, same);
    } catch (e) {
      showRulesError(e);
      return;
    }
    if (asked !== rulesTry) return;
    sayLoaded();
    changed();
  } finally {
    --rulesBusy;
  }
}

// ---------- the verbs' inputs ------------------------------------------------------
function situation() {
  return [state.situation, state.extra].filter(Boolean).join(',');
}
function attackInput(attacker = val('attacker'), defender = val('defender')) {
  return { rules: state.game, attacker, defender, situation: situation(), kind: state.kind };
}
// The Method box (on the Fight and Sweep tabs) as the CLI's --method.
const methodAsked = () => ({ exact: 'exact', mc: 'monte-carlo' }[state.method] || 'auto');
function fightInput(verb) {
  const o = { rules: state.game, situation: situation(), kind: state.kind };
  if (verb === 'duel') Object.assign(o, { a: val('attacker'), b: val('defender'), first: state.first });
  else Object.assign(o, { attacker: val('attacker'), defender: val('defender') });
  // The method asked for, and the fights and seed of whatever Monte Carlo
  // answers: the whole fight (Monte Carlo), a fallback (auto, exact) or the
  // hits alone. The answer says which method it used, and why.
  o.method = methodAsked();
  o.sims = val('sims');
  o.seed = val('seed');
  return o;
}

// ---------- each tab's computation ------------------------------------------------
const generation = {};
function fresh(section) {
  generation[section] = (generation[section] || 0) + 1;
  const g = generation[section];
  return () => generation[section] === g;
}

// A section's results stay on screen when its inputs' computation fails or
// is cancelled; they are then marked as out of date (dimmed, with a note that
// a screen reader announces: a status region the results point to with
// aria-describedby) until a computation of the current inputs succeeds. After
// a Cancel the note offers to compute the current inputs; after an error, the
// next valid inputs recompute as any change does.
const TAB_OF = { attack: 'attack', fight: 'fight', sweep: 'sweep', table: 'sweep', bestiary: 'bestiary', dice: 'dice', grid: 'grid' };
function markStale(section, why) {
  const box = $(`[data-results="${section}"]`);
  const note = $(`[data-stale-for="${section}"]`);
  if (!box || !note) return;
  // Nothing shown yet: nothing to mark. Marked for the same reason already:
  // left as it is (its button may be the one being clicked).
  const on = Boolean(why) && box.dataset.shown === 'true';
  if (on && box.classList.contains('stale') && note.dataset.why === why) return;
  note.dataset.why = on ? why : '';
  box.classList.toggle('stale', on);
  note.replaceChildren();
  if (!on) return;
  if (why === 'error') {
    note.textContent = 'Out of date: these results are for earlier inputs; the current ones have an error.';
    return;
  }
  if (why === 'changed') {
    // A tab that computes on Run only (the bestiary): its results stay, dimmed, until it runs again.
    note.append('Out of date: the inputs changed since this run. ');
    const run = document.createElement('button');
    run.type = 'button';
    run.textContent = 'Run';
    run.dataset.testid = `${section}-rerun`;
    run.addEventListener('click', () => runBestiary());
    note.append(run);
    return;
  }
  note.append('Out of date: the computation of the current inputs was cancelled; these results may be for earlier inputs. ');
  const again = document.createElement('button');
  again.type = 'button';
  again.textContent = 'Compute';
  again.dataset.testid = `${section}-recompute`;
  again.addEventListener('click', () => {
    if (section === 'bestiary') return runBestiary();
    dirty.add(TAB_OF[section]);
    recompute();
  });
  note.append(again);
}

async function guarded(section, fields, body) {
  const current = fresh(section);
  try {
    await body(current);
    if (current()) {
      clearErrors(fields);
      const box = $(`[data-results="${section}"]`);
      if (box) box.dataset.shown = 'true';
      markStale(section, null);
    }
  } catch (e) {
    if (!current()) return;
    if (e instanceof Cancelled) {
      markStale(section, 'cancelled');
      return;
    }
    clearErrors(fields);
    showError(section, e.message);
    markStale(section, 'error');
  }
}

const lastMs = {};
// The two sides by the names the game gives them; the same name twice is told apart as a and b.
function sideNames(a, b) {
  return a === b ? [`${a} (a)`, `${b} (b)`] : [a, b];
}
async function computeAttack() {
  await guarded('attack', ['attack', 'attacker', 'defender', 'situation', 'kind'], async (current) => {
    const t0 = performance.now();
    const { json, svg } = await call('plot', 'attack', attackInput(), state.view);
    if (!current()) return;
    lastMs.attack = performance.now() - t0;
    // Both ways: the defender's attack on the attacker, and each side's turns
    // to kill the other (the Fight tab's method, fights and seed). A side the
    // game cannot turn round (or that cannot kill) shows no value, and says why.
    const why = [];
    const attempt = async (what, f) => {
      try {
        return await f();
      } catch (e) {
        if (e instanceof Cancelled) throw e;
        why.push(`${what}: ${e.message.replace(/^fray: error: /, '')}`);
        return null;
      }
    };
    const rev = await attempt('the defender\'s attack', () => call('attack', attackInput(val('defender'), val('attacker'))));
    if (!current()) return;
    const ttkOf = (a, d) => ({ ...fightInput('ttk'), attacker: a, defender: d });
    const fwdTtk = await attempt('the attacker\'s attacks to kill', () => call('ttk', ttkOf(val('attacker'), val('defender'))));
    if (!current()) return;
    const revTtk = rev ? await attempt('the defender\'s attacks to kill', () => call('ttk', ttkOf(val('defender'), val('attacker')))) : null;
    if (!current()) return;
    const [an, dn] = sideNames(json.attacker.name, json.defender.name);
    tid('fwd-title').textContent = `${an} → ${dn}`;
    tid('rev-title').textContent = `${dn} → ${an}`;
    // Each cell keeps its exact number (data-value) beside the rounded text.
    const cell = (id, x, text) => {
      const el = tid(id);
      el.textContent = x === null || x === undefined ? '–' : text(x);
      el.dataset.value = x === null || x === undefined ? '' : String(x);
    };
    const fill = (dir, a, t) => {
      cell(`${dir}-p-hit`, a ? a.p_hit : null, pct);
      cell(`${dir}-damage-per-hit`, a && a.p_hit > 0 ? a.damage_on_hit.mean : null, num);
      cell(`${dir}-damage-per-attack`, a ? a.mean_damage : null, num);
      cell(`${dir}-hits-to-kill`, t && t.hits ? t.hits.mean : null, (x) => num(x, 3));
      cell(`${dir}-attacks-to-kill`, t ? t.attacks.mean : null, (x) => num(x, 3));
      cell(`${dir}-time-to-kill`, t ? t.time.mean : null, (x) => qty(x, t.time_unit));
    };
    fill('fwd', json, fwdTtk);
    fill('rev', rev, revTtk);
    const ways = [fwdTtk, revTtk].filter(Boolean).map((t) => `${t === fwdTtk ? an : dn} ${methodText(t)}`);
    tid('both-ways-note').textContent = [
      'To kill: means given a kill, the victim not fighting back' + (ways.length ? `; ${ways.join('; ')}.` : '.'),
      ...why,
    ].join(' ');
    tid('p-hit').textContent = pct(json.p_hit);
    tid('damage-per-hit').textContent = json.p_hit > 0 ? num(json.damage_on_hit.mean) : '–';
    tid('mean-damage').textContent = num(json.mean_damage);
    tid('stddev-damage').textContent = num(json.damage.stddev);
    tid('attack-time').textContent = qty(json.attack_time, json.time_unit, 4);
    table(tid('outcomes'), ['outcome', 'P', 'lands'], json.outcomes.map((o) => [o.kind, pct(o.p), o.lands ? 'yes' : 'no']));
    let below = 0;
    table(tid('damage-table'), ['damage', 'P(= x)', 'P(≥ x)', 'P(≤ x)'], json.damage.pmf.map(([v, p]) => {
      const row = [v, p.toPrecision(6), (1 - below).toPrecision(6), (below + p).toPrecision(6)];
      below += p;
      return row;
    }));
    tid('attack-plot').innerHTML = svg;
    explain('attack', json);
    tid('attack-json').textContent = JSON.stringify(json, null, 2);
  });
}

// What an answer rests on, beside it, as lists a reader can scan: the
// mechanics it follows (`modelled`), those it leaves out (`not_modelled`),
// why its method was used (`method_reason`), its assumptions and caveats
// (`notes`), the items it read (`equipment`) and what looks wrong (`warnings`).
function explain(prefix, j) {
  const box = tid(`${prefix}-notes`);
  box.replaceChildren();
  const group = (title, items, cls, testid) => {
    const list = (items || []).filter(Boolean);
    if (!list.length && !testid) return;
    const sec = document.createElement('div');
    sec.className = `notes-group ${cls}`;
    sec.hidden = !list.length;
    if (testid) sec.dataset.testid = testid;
    const h = document.createElement('span');
    h.className = 'notes-title';
    h.textContent = title;
    const ul = document.createElement('ul');
    for (const item of list) ul.appendChild(document.createElement('li')).textContent = item;
    sec.append(h, ul);
    box.appendChild(sec);
  };
  group('Warnings', j.warnings, 'warn');
  group('Not modelled', j.not_modelled, 'left-out', `${prefix}-not-modelled`);
  group('Modelled', j.modelled, 'modelled', `${prefix}-modelled`);
  group('Method', j.method_reason ? [j.method_reason] : [], 'method', `${prefix}-method-reason`);
  group('Notes', j.notes, 'plain');
  group('Equipment', j.equipment, 'plain');
}
// The method each part of an answer used, as the CLI's title says it:
// "(exact)" only for an answer that follows every mechanic of the two sides;
// Monte Carlo says how many fights and the seed, and that it stands in for
// an exact analysis asked for; sampled hits of an exact turns to kill say so.
function methodText(j) {
  const mc = `Monte Carlo: ${Number(j.sims).toLocaleString('en-US')} fights, seed ${j.seed}`;
  const modelled = j.not_modelled && j.not_modelled.length ? ' for the rules modelled' : '';
  if (j.method !== 'exact') return `(${mc}${j.method_asked === 'exact' ? ', exact not possible' : ''}${modelled})`;
  const hits = (j.sampled || []).includes('hits') ? `; hits to kill: ${mc}` : '';
  return `(exact${modelled}${hits})`;
}

async function computeFight() {
  await guarded('fight', ['fight', 'attacker', 'defender', 'situation', 'kind'], async (current) => {
    const duel = await call('plot', 'duel', fightInput('duel'), 'normal');
    if (!current()) return;
    const j = duel.json;
    tid('duel-method').textContent = methodText(j);
    explain('duel', j);
    const [an, bn] = sideNames(j.a.name, j.b.name);
    // Monte Carlo's 95 % interval (docs/json.md) beside its estimate.
    const ci = (k) => (j[`${k}_ci`] ? ` (95 % interval ${pct(j[`${k}_ci`][0])} to ${pct(j[`${k}_ci`][1])})` : '');
    tid('p-a-wins-label').textContent = `${an} wins`;
    tid('p-b-wins-label').textContent = `${bn} wins`;
    tid('p-a-wins').textContent = pct(j.p_a_wins) + ci('p_a_wins');
    tid('p-b-wins').textContent = pct(j.p_b_wins) + ci('p_b_wins');
    tid('p-draw').textContent = pct(j.p_draw) + ci('p_draw');
    const how = j.method === 'exact' ? 'exact' : `Monte Carlo, ${Number(j.sims).toLocaleString('en-US')} fights`;
    tid('duel-verdict').textContent = j.p_a_wins === j.p_b_wins
      ? `Even: each wins ${pct(j.p_a_wins)} (${how}).`
      : `${j.p_a_wins > j.p_b_wins ? an : bn} wins more often: ${pct(Math.max(j.p_a_wins, j.p_b_wins))} of duels (${how}).`;
    // A side that may run away (Brogue: flees near death): the fight ends with neither dead.
    for (const side of ['a', 'b']) {
      const shown = j[`p_${side}_escapes`] > 0 || Boolean(j[side].escape);
      const label = `${side === 'a' ? an : bn} escapes` + (j[side].escape ? ` (${j[side].escape})` : '');
      tid(`p-${side}-escapes-label`).textContent = label;
      tid(`p-${side}-escapes-label`).hidden = !shown;
      tid(`p-${side}-escapes`).hidden = !shown;
      tid(`p-${side}-escapes`).textContent = pct(j[`p_${side}_escapes`]);
    }
    tid('duel-length').textContent = j.length.mean === null ? '–' : `${qty(j.length.mean, 'attacks')}, ${qty(j.time.mean, j.time_unit)}`;
    tid('duel-plot').innerHTML = duel.svg;
    tid('duel-json').textContent = JSON.stringify(j, null, 2);
    const ttk = await call('plot', 'ttk', fightInput('ttk'), 'normal');
    if (!current()) return;
    const t = ttk.json;
    tid('ttk-method').textContent = methodText(t);
    explain('ttk', t);
    tid('p-kill').textContent = pct(t.p_kill);
    tid('p-escape-label').hidden = tid('p-escape').hidden = !(t.p_escape > 0);
    tid('p-escape').textContent = pct(t.p_escape);
    tid('ttk-mean').textContent = num(t.attacks.mean, 3);
    tid('ttk-time').textContent = t.time.mean === null ? '–' : qty(t.time.mean, t.time_unit);
    tid('ttk-who').textContent = `${an} to kill ${bn}`;
    tid('ttk-plot').innerHTML = ttk.svg;
    tid('ttk-json').textContent = JSON.stringify(t, null, 2);
  });
}

// The columns of fray sweep a plot may show, and how to read them.
const SWEEP_COLUMNS = {
  p_hit: { label: 'P(hit)', percent: true },
  mean_damage: { label: 'mean damage per attack' },
  mean_attacks_to_kill: { label: 'mean attacks to kill' },
  mean_hits_to_kill: { label: 'mean hits to kill' },
  p_attacker_wins: { label: 'P(attacker wins the duel)', percent: true },
  warnings: { label: 'warnings' },
};
const sweepColumns = () => {
  const picked = (state.sy || '').split(',').filter((c) => c in SWEEP_COLUMNS);
  return picked.length ? picked : ['p_hit'];
};

// The columns a sweep computes for the columns shown: P(hit), damage and the
// warnings always (one exact attack a row), turns to kill and the duel when shown.
function sweepNeeds(columns) {
  const out = ['p_hit', 'mean_damage', 'warnings'];
  if (columns.includes('mean_attacks_to_kill') || columns.includes('mean_hits_to_kill')) out.push('mean_attacks_to_kill', 'mean_hits_to_kill');
  if (columns.includes('p_attacker_wins')) out.push('p_attacker_wins');
  return out;
}
const sweepCache = new Map(); // the arguments of a fray sweep → its document

// Each series is one `fray sweep --key K` of the two sides with the other
// side's spec taken from the series box; one plot per column picked, the
// series overlaid.
async function computeSweep() {
  await guarded('sweep', ['sweep', 'attacker', 'defender', 'situation', 'kind'], async (current) => {
    const side = state.sside === 'defender' ? 'defender' : 'attacker';
    const other = side === 'attacker' ? 'defender' : 'attacker';
    tid('sweep-series-side').textContent = other;
    const series = lines(state.sseries);
    if (series.length === 0) series.push(val(other));
    if (series.length > 8) throw new Error('sweep: at most 8 series');
    const columns = sweepColumns();
    const skey = val('skey');
    // Only the columns shown are computed: P(hit) and damage are one exact
    // attack a row; attacks or hits to kill add a fight a row, the duel another.
    const needs = sweepNeeds(columns);
    const fights = [needs.includes('mean_hits_to_kill') && 'attacks to kill', needs.includes('p_attacker_wins') && 'the duel'].filter(Boolean);
    tid('sweep-how').textContent =
      `Each series raises the ${side}'s ${skey} against its ${other}. P(hit) and damage are exact` +
      (fights.length
        ? `; ${fights.join(' and ')}: method ${methodAsked()}, ${Number(val('ssims')).toLocaleString('en-US')} fights a row where Monte Carlo answers, seed ${val('seed')}; the notes say how each row was solved.`
        : '; no fights computed (pick attacks to kill or the duel to add them).');
    const docs = [];
    for (const [i, s] of series.entries()) {
      if (series.length > 1) showProgress(i / series.length, `sweep ${i + 1} of ${series.length}`);
      const input = {
        rules: state.game, attacker: side === 'attacker' ? val('attacker') : s, defender: side === 'defender' ? val('defender') : s,
        situation: situation(), kind: state.kind, key: skey, from: val('sfrom'), to: val('sto'), step: val('sstep'),
        // Each row's fights: the method asked for, and the fights of a row Monte Carlo answers.
        side, method: methodAsked(), sims: val('ssims'), seed: val('seed'), columns: needs.join(','),
      };
      // Picking other columns redraws without computing again.
      const key = JSON.stringify(input);
      const doc = sweepCache.get(key) || (await call('sweep', input));
      if (!current()) return;
      sweepCache.set(key, doc);
      if (sweepCache.size > 32) sweepCache.delete(sweepCache.keys().next().value);
      docs.push(doc);
    }
    const box = tid('sweep-plot');
    const plots = [];
    for (const c of columns) {
      const { label, percent } = SWEEP_COLUMNS[c];
      plots.push(await call('svg', {
        title: `${label} by ${side} ${skey}`, x_label: `${side} ${skey}`, y_label: label, y_percent: !!percent,
        series: docs.map((d, i) => ({ name: series[i], points: d.rows.filter((r) => r[c] !== null && r[c] !== undefined).map((r) => [r.value, r[c]]) })),
      }));
      if (!current()) return;
    }
    box.innerHTML = plots.join('');
    const values = docs[0].rows.map((r) => r.value);
    const head = [skey];
    for (const s of series) for (const c of columns) head.push(series.length > 1 ? `${s}: ${SWEEP_COLUMNS[c].label}` : SWEEP_COLUMNS[c].label);
    const show = (c, v) => (v === null || v === undefined ? '–' : SWEEP_COLUMNS[c].percent ? pct(v) : num(v));
    table(tid('sweep-table'), head, values.map((v, k) => {
      const row = [v];
      for (const d of docs) for (const c of columns) row.push(show(c, d.rows[k]?.[c]));
      return row;
    }));
    // The notes every series shares once, then each series' own.
    const notes = tid('sweep-notes');
    notes.replaceChildren();
    const common = (docs[0].notes || []).filter((n) => docs.every((d) => (d.notes || []).includes(n)));
    const group = (title, list) => {
      if (!list.length) return;
      const sec = notes.appendChild(document.createElement('div'));
      sec.className = 'notes-group plain';
      const h = sec.appendChild(document.createElement('span'));
      h.className = 'notes-title';
      h.textContent = title;
      const ul = sec.appendChild(document.createElement('ul'));
      for (const n of list) ul.appendChild(document.createElement('li')).textContent = n;
    };
    group(series.length > 1 ? 'Notes (every series)' : 'Notes', common);
    if (series.length > 1) docs.forEach((d, i) => group(`Notes (${series[i]})`, (d.notes || []).filter((n) => !common.includes(n))));
    tid('sweep-json').textContent = JSON.stringify(docs, null, 2);
  });
  if (hasTables(state.game)) {
    await guarded('table', ['table'], async (current) => {
      const doc = await call('table', { rules: state.game, table: state.btable });
      if (!current()) return;
      table(tid('balance-table'), doc.columns, doc.rows.map((r) => doc.columns.map((c) => (typeof r[c] === 'number' && !Number.isInteger(r[c]) ? num(r[c], 3) : r[c]))));
      tid('balance-json').textContent = JSON.stringify(doc, null, 2);
    });
  }
}

async function computeDice() {
  await guarded('dice', ['dice'], async (current) => {
    const exprs = lines(state.dice);
    if (exprs.length === 0) throw new Error('dice expression: give at least one');
    const { json, svg } = await call('plot', 'dist', { expr: exprs }, state.dview);
    if (!current()) return;
    const docs = Array.isArray(json) ? json : [json];
    // min and max are the expression's own range (fray dist's "range"); the
    // plotted values are those a double can tell, which may stop short of it
    // (1000d6: 1000..6000, plotted 1599..5401), said in the last column.
    table(tid('dice-summary'), ['expression', 'mean', 'σ', 'min', 'max', 'plotted'], docs.map((d) => {
      const [lo, hi] = d.range || [d.min, d.max];
      return [d.expression, num(d.mean), num(d.stddev), lo, hi, lo === d.min && hi === d.max ? 'all' : `${d.min}..${d.max}`];
    }));
    tid('dice-plot').innerHTML = svg;
    const box = tid('dice-table');
    box.replaceChildren();
    for (const d of docs) {
      const t = document.createElement('table');
      t.className = 'data';
      let below = 0;
      table(t, ['value', 'P(= x)', 'P(≥ x)', 'P(≤ x)'], d.pmf.map(([v, p]) => {
        const row = [v, p.toPrecision(6), (1 - below).toPrecision(6), (below + p).toPrecision(6)];
        below += p;
        return row;
      }));
      t.createCaption().textContent = d.expression;
      box.appendChild(t);
    }
    tid('dice-json').textContent = JSON.stringify(json, null, 2);
  });
}

let gridResult = { fov: null, path: null };
async function computeGrid() {
  await guarded('grid', ['grid', 'map', 'at', 'target'], async (current) => {
    if (!hasAim(state.game)) gridResult.aim = null;
    const map = state.map.replace(/\s+$/, '') + '\n';
    const fov = await call('fov', { map, at: state.at, algorithm: state.algo, radius: state.radius });
    if (!current()) return;
    let path = null;
    if (state.target) path = await call('path', { map, from: state.at, to: state.target, magic: !!state.magic });
    if (!current()) return;
    // Where to tap: the game's own rule of where a thrown item goes (the games whose verbs have aim).
    let aim = null;
    if (state.target && state.aim && hasAim(state.game)) aim = await call('aim', { rules: state.game, map, from: state.at, to: state.target });
    if (!current()) return;
    tid('aim-json').textContent = aim ? JSON.stringify(aim, null, 2) : '';
    tid('aim-summary').textContent = !aim ? ''
      : aim.count === 0 ? `0 cells throw to the target ${aim.to.join(',')}: nothing thrown from the viewer ends there.`
      : `${aim.count === 1 ? '1 cell' : `${aim.count} cells`} (framed) throw to the target ${aim.to.join(',')} when tapped, the target itself ${aim.cells.some(([x, y]) => x === aim.to[0] && y === aim.to[1]) ? 'included' : 'not among them'}.`;
    gridResult = { fov, path, aim };
    tid('fov-json').textContent = JSON.stringify(fov, null, 2);
    tid('path-json').textContent = path ? JSON.stringify(path, null, 2) : '';
    tid('path-summary').textContent = `${fov.count} cells in view (${tid('fov-algorithm').selectedOptions[0]?.text || fov.algorithm})` + (path ? `; the projectile stops at ${path.result.join(',')} (${path.reason}) after ${path.path.length} cells` : '');
    drawGrid();
  });
}

function drawGrid() {
  const rows = state.map.replace(/\s+$/, '').split('\n');
  const seen = new Set((gridResult.fov?.visible || []).map(([x, y]) => `${x},${y}`));
  const path = new Set((gridResult.path?.path || []).map(([x, y]) => `${x},${y}`));
  const stop = gridResult.path ? gridResult.path.result.join(',') : '';
  const taps = new Set((gridResult.aim?.cells || []).map(([x, y]) => `${x},${y}`));
  const box = tid('grid-view');
  box.replaceChildren();
  rows.forEach((row, y) => {
    const line = document.createElement('div');
    for (let x = 0; x < row.length; ++x) {
      const cell = document.createElement('span');
      const key = `${x},${y}`;
      cell.dataset.x = x;
      cell.dataset.y = y;
      cell.className = 'cell' + (seen.has(key) ? ' seen' : '') + (path.has(key) ? ' path' : '') + (taps.has(key) ? ' tap' : '');
      // One @ only: the viewer's; an @ the map text has elsewhere reads as floor.
      const ground = row[x] === '@' ? '.' : row[x];
      cell.textContent = key === state.at ? '@' : key === state.target ? '×' : key === stop ? '!' : path.has(key) ? '*' : ground;
      line.appendChild(cell);
    }
    box.appendChild(line);
  });
}

// ---------- the bestiary -------------------------------------------------------------
// fray bestiary: the attacker against each monster of the game (or those
// named), one row a monster in the engine's order of danger. It takes
// seconds, so it runs on Run only, in the worker (progress and Cancel as any
// long computation); a header sorts by its column, a row opens its duel.
const BESTIARY_COLUMNS = [
  ['name', 'monster'], ['level', 'level'], ['hp', 'HP'], ['p_hit', 'P(hit)', 'pct'], ['p_hit_by', 'P(hit by)', 'pct'],
  ['damage_per_hit', 'dmg/hit'], ['damage_per_hit_by', 'dmg/hit by'], ['damage_per_attack', 'dmg/attack'],
  ['damage_per_attack_by', 'dmg/attack by'], ['damage_per_turn_by', 'dmg/time by'], ['hits_to_kill', 'hits to kill'],
  ['turns_to_kill', 'time to kill'], ['p_win', 'P(win)', 'pct'], ['p_lose', 'P(lose)', 'pct'], ['method', 'method'], ['note', 'note'],
];
let bestiaryDoc = null;
let bestiaryRanWith = ''; // the inputs of the run shown (bestiaryInput, as JSON)
let bestiarySort = { key: null, dir: 1 }; // null: the engine's order of danger
let bestiaryPartial = null; // {rows}: the rows computed so far while the bestiary runs
// A game whose monsters catalog has a level stat (Crawl's hd, epixx's level) takes a level range.
const hasLevels = (game) => {
  const list = catalogs[game]?.monsters;
  return !Array.isArray(list) || list.some((m) => m.stats && ('hd' in m.stats || 'level' in m.stats));
};
function bestiaryCell(row, key, kind) {
  const v = row[key];
  if (key === 'p_win' && row.method === 'monte-carlo' && row.p_win_lo !== null && row.p_win_lo !== undefined)
    return `${pct(v)} [${pct(row.p_win_lo)}, ${pct(row.p_win_hi)}]`;
  if (key === 'method') return v === 'monte-carlo' ? `Monte Carlo (${Number(row.fights).toLocaleString('en-US')} fights)` : v || '–';
  if (v === null || v === undefined || v === '') return key === 'note' ? '' : '–';
  if (kind === 'pct') return pct(v);
  return typeof v === 'number' && !Number.isInteger(v) ? num(v, 3) : String(v);
}
function drawBestiary() {
  const el = tid('bestiary-table');
  const shown = bestiaryPartial || bestiaryDoc;
  if (!shown) return el.replaceChildren();
  const rows = shown.rows.map((r, i) => ({ r, i }));
  const { key, dir } = bestiarySort;
  if (key) {
    const kind = typeof rows.find(({ r }) => r[key] !== null && r[key] !== undefined)?.r[key];
    rows.sort((a, b) => {
      const x = a.r[key], y = b.r[key];
      const none = (v) => v === null || v === undefined || v === '';
      if (none(x) || none(y)) return none(x) - none(y) || a.i - b.i; // empty cells last either way
      const c = kind === 'number' ? x - y : String(x).localeCompare(String(y));
      return c * dir || a.i - b.i;
    });
  }
  el.replaceChildren();
  const head = el.createTHead().insertRow();
  for (const [k, label] of BESTIARY_COLUMNS) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.setAttribute('aria-sort', k === key ? (dir > 0 ? 'ascending' : 'descending') : 'none');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'sort';
    b.dataset.sort = k;
    b.dataset.testid = `bestiary-sort-${k}`;
    b.textContent = label + (k === key ? (dir > 0 ? ' ▲' : ' ▼') : '');
    b.title = `Sort by ${label} (again: the other way; a third time: the order of danger)`;
    th.appendChild(b);
    head.appendChild(th);
  }
  const body = el.createTBody();
  for (const { r } of rows) {
    const tr = body.insertRow();
    tr.dataset.name = r.name;
    tr.tabIndex = 0;
    tr.title = `Show the duel against ${r.name} on the Fight tab`;
    for (const [k, , kind] of BESTIARY_COLUMNS) {
      const td = tr.insertCell();
      td.textContent = bestiaryCell(r, k, kind);
      td.dataset.col = k;
      const v = r[k];
      td.dataset.value = v === null || v === undefined ? '' : String(v);
    }
  }
}
function sortBestiary(key) {
  const s = bestiarySort;
  if (s.key !== key) bestiarySort = { key, dir: 1 };
  else if (s.dir > 0) bestiarySort = { key, dir: -1 };
  else bestiarySort = { key: null, dir: 1 };
  drawBestiary();
}
// A row clicked: its duel on the Fight tab, the monster as the defender.
function openDuel(name) {
  const input = $('#defender');
  input.value = name;
  changed({ target: input, type: 'change' });
  fillBuilder('defender');
  const b = tid('tab-fight');
  b.focus();
  showTab('fight');
}
function bestiaryInput() {
  const o = { rules: state.game, attacker: val('attacker'), situation: situation(), kind: state.kind };
  const monsters = (state.bmonsters || '').split(',').map((s) => s.trim()).filter(Boolean);
  if (monsters.length) o.monsters = monsters;
  if ((state.bhd || '').trim() && hasLevels(state.game)) o.hd = state.bhd.trim();
  o.method = methodAsked();
  o.seed = val('seed');
  return o;
}
// The order of danger, as fray bestiary sorts its rows (bestiary_danger_less,
// src/rules/bestiary.cpp): the rows with a duel first, the lowest p_win to 9
// decimals, then the highest damage_per_turn_by, the lowest p_hit, the name.
function dangerOrder(a, b) {
  const wa = a.p_win !== null && a.p_win !== undefined, wb = b.p_win !== null && b.p_win !== undefined;
  if (wa !== wb) return wa ? -1 : 1;
  if (wa) {
    const ra = Math.round(a.p_win * 1e9), rb = Math.round(b.p_win * 1e9);
    if (ra !== rb) return ra < rb ? -1 : 1;
  }
  const da = a.damage_per_turn_by ?? 0, db = b.damage_per_turn_by ?? 0;
  if (da !== db) return da > db ? -1 : 1;
  const ha = a.p_hit ?? 1, hb = b.p_hit ?? 1;
  if (ha !== hb) return ha < hb ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
// The shares' documents (in catalog order) as the one document of the whole
// request. Each share's notes are the whole's but for: the time unit (a share
// without a fight says "turns": the first share with one names it, as the
// first row with a fight does), the equipment and warnings (the first
// share's, which holds the first row the attack answered) and the last note,
// whose counts add up.
const COUNT_NOTE = /^(\d+) of (\d+) monsters: turns to kill by Monte Carlo in (\d+), the duel in (\d+), no duel in (\d+)$/;
const FIXED_NOTES = 5;
function mergeBestiary(docs) {
  const rows = docs.flatMap((d) => d.rows).sort(dangerOrder);
  const n = rows.length;
  const lead = docs.find((d) => d.rows.some((r) => r.hp > 0)) || docs[0];
  const counts = [0, 0, 0, 0];
  let of = 0;
  for (const d of docs) {
    const m = (d.notes[d.notes.length - 1] || '').match(COUNT_NOTE);
    if (!m || d.notes.length < FIXED_NOTES + 1) throw new Error(`bestiary: a share's notes are not the expected ones: ${d.notes.join('; ')}`);
    [1, 3, 4, 5].forEach((g, k) => (counts[k] += Number(m[g])));
    of = Number(m[2]);
  }
  const notes = [...lead.notes.slice(0, FIXED_NOTES), ...docs[0].notes.slice(FIXED_NOTES, -1),
    `${counts[0]} of ${of} monsters: turns to kill by Monte Carlo in ${counts[1]}, the duel in ${counts[2]}, no duel in ${counts[3]}`];
  const title = docs[0].title.replace(/against \d+ monsters?, in order of danger$/, `against ${n} monster${n === 1 ? '' : 's'}, in order of danger`);
  return { ...docs[0], title, rows, notes };
}
// fray bestiary on the bestiary's workers: the engine says which monsters the
// request computes and each row's work (bestiaryPlan); the monsters go out in
// shares of catalog order, each worker taking the next share when it is done,
// every share asked with the whole request's row work, so each row is the
// one the CLI computes (a row does not depend on the others). The rows show
// as they arrive. A request the engine refuses, or too small to share, runs
// as one call, which gives the CLI's answer or error word for word.
async function bestiaryShared(input, current) {
  const progress = (f) => current() && showProgress(f, 'bestiary');
  let plan = null;
  try {
    plan = await poolCall(0, 'bestiaryPlan', [input]);
  } catch (e) {
    if (e instanceof Cancelled) throw e;
  }
  const n = plan ? plan.monsters.length : 0;
  const workers = Math.min(BESTIARY_WORKERS, n);
  lastMs.bestiary_workers = Math.max(1, workers);
  if (workers < 2) return poolCall(0, 'bestiary', [input], progress);
  const size = Math.max(1, Math.min(32, Math.ceil(n / (workers * 6))));
  const shares = [];
  for (let i = 0; i < n; i += size) shares.push(plan.monsters.slice(i, i + size));
  const docs = new Array(shares.length);
  const done = new Array(shares.length).fill(0); // each share's fraction done
  const report = () => progress(shares.reduce((sum, share, k) => sum + share.length * done[k], 0) / n);
  const { hd, ...rest } = input; // the plan applied the level range
  const whole = { ...rest, rowWork: plan.row_work };
  let next = 0;
  const lane = async (i) => {
    while (next < shares.length) {
      const k = next++;
      docs[k] = await poolCall(i, 'bestiary', [{ ...whole, monsters: shares[k] }], (f) => {
        done[k] = f;
        report();
      });
      // Done: counted by the next progress report (none after the last share, which would outlive the run).
      done[k] = 1;
      if (current()) showPartialBestiary(docs.filter(Boolean).flatMap((d) => d.rows), n);
    }
  };
  try {
    await Promise.all(Array.from({ length: workers }, (_, i) => lane(i)));
  } catch (e) {
    if (e instanceof Cancelled || !current()) throw e;
    // A share the engine refused (a character the game refuses on every
    // monster of that share, ...): the whole request, as the CLI runs it.
    stopPool();
    showPartialBestiary(null);
    return poolCall(0, 'bestiary', [input], progress);
  }
  return mergeBestiary(docs);
}
// The rows computed so far, in the order of danger, while the bestiary runs (null: the last run's).
function showPartialBestiary(rows, n) {
  bestiaryPartial = rows ? { rows: [...rows].sort(dangerOrder) } : null;
  if (rows) tid('bestiary-how').textContent = `computing… ${rows.length} of ${n} monsters so far`;
  drawBestiary();
}
let bestiaryRun = null; // the bestiary computing now: {ranWith} (its inputs, as JSON)
// A bestiary's inputs as a key: the request, and which rules file it read when the game is one.
function bestiaryKey(input = bestiaryInput()) {
  return JSON.stringify(input) + (rulesInfo && input.rules === rulesInfo.id ? `#rules${rulesGen}` : '');
}
async function runBestiary() {
  ++computing;
  const input = bestiaryInput();
  const ranWith = bestiaryKey(input);
  // A run still going gives way to this one.
  if (bestiaryRun !== null) stopPool();
  const run = { ranWith };
  bestiaryRun = run;
  try {
    await guarded('bestiary', ['bestiary', 'attacker', 'situation', 'kind'], async (current) => {
      tid('bestiary-how').textContent = 'computing…';
      const t0 = performance.now();
      const doc = await bestiaryShared(input, current);
      if (!current()) return;
      lastMs.bestiary = performance.now() - t0;
      bestiaryDoc = doc;
      bestiaryPartial = null;
      bestiaryRanWith = ranWith;
      bestiarySort = { key: null, dir: 1 };
      const n = doc.rows.length;
      tid('bestiary-how').textContent =
        `${n === 1 ? '1 monster' : `${n} monsters`} against ${input.attacker}, in order of danger (the lowest P(win) first); ` +
        `${(lastMs.bestiary / 1000).toFixed(1)} s. ` + (doc.notes || []).join('; ');
      drawBestiary();
      tid('bestiary-json').textContent = JSON.stringify(doc, null, 2);
    });
  } finally {
    --computing;
    if (bestiaryRun === run) {
      bestiaryRun = null;
      if (bestiaryPartial) showPartialBestiary(null);
      if (tid('bestiary-how').textContent.startsWith('computing…')) tid('bestiary-how').textContent = '';
    }
  }
}
// The inputs changed while the bestiary runs: its rows would be out of date, so it stops.
function stopStaleBestiary() {
  if (bestiaryRun === null || bestiaryKey() === bestiaryRun.ranWith) return;
  fresh('bestiary'); // the run's answer, were it to come, is not shown
  bestiaryRun = null;
  stopPool();
  if (bestiaryPartial) showPartialBestiary(null);
  if (tid('bestiary-how').textContent.startsWith('computing…')) tid('bestiary-how').textContent = '';
}

// ---------- wiring ------------------------------------------------------------------
// The bestiary computes on Run only: showing its tab computes nothing.
// Your rules loads its file on Load (or as it is typed): showing it computes nothing either.
const computeTab = { attack: computeAttack, fight: computeFight, sweep: computeSweep, bestiary: async () => {}, dice: computeDice, grid: computeGrid, rules: async () => {} };
const dirty = new Set(Object.keys(computeTab));
let timer = null;

function showTab(tab) {
  state.tab = tab;
  for (const b of $$('[data-tab]')) {
    b.setAttribute('aria-selected', String(b.dataset.tab === tab));
    b.tabIndex = b.dataset.tab === tab ? 0 : -1; // one tab stop; the arrow keys move between tabs
  }
  for (const p of $$('.tab')) p.hidden = p.id !== `tab-${tab}`;
  $('#sides').hidden = !['attack', 'fight', 'sweep', 'bestiary'].includes(tab);
  tid('bestiary-hd-label').hidden = !hasLevels(state.game);
  // The bestiary's workers load while its inputs are filled in.
  if (tab === 'bestiary') for (let i = 0; i < BESTIARY_WORKERS; ++i) poolWorker(i);
  if (tab === 'rules') fillEditor();
  saveUrl();
  recompute();
}

// Inputs changed: every tab needs its numbers again; the visible one computes now.
function changed(event) {
  if (event?.type === 'input') lastTyped = performance.now();
  // The boxes that show one input on two tabs (the Method and the Seed, on
  // Fight and Sweep) follow the one changed.
  const from = event?.target;
  const key = from?.dataset?.state;
  if (key) for (const el of $$(`[data-state="${key}"]`)) if (el !== from) el.value = from.value;
  readInputs();
  saveUrl();
  for (const k of Object.keys(computeTab)) dirty.add(k);
  // The bestiary computes on Run only: what it shows is for the inputs it ran.
  stopStaleBestiary();
  if (bestiaryDoc && bestiaryKey() !== bestiaryRanWith) markStale('bestiary', 'changed');
  clearTimeout(timer);
  timer = setTimeout(recompute, 120);
}

let computing = 0;
async function recompute() {
  timer = null;
  const tab = state.tab;
  if (!dirty.has(tab)) return;
  dirty.delete(tab);
  ++computing;
  try {
    await computeTab[tab]();
  } finally {
    --computing;
  }
}

async function setGame(game, keepInputs) {
  state.game = game;
  gameInputs(game);
  await loadCatalogs(game);
  fillPickers(game);
  if (!keepInputs) Object.assign(state, defaultsFor(game), { situation: '', extra: '', kind: '' });
  writeInputs();
  saveUrl();
}

async function main() {
  $('#cancel').addEventListener('click', cancel);
  // The rulesets and the catalogs of the game the URL names (or the first
  // game) are asked for together, as soon as the engine is up.
  const q = new URLSearchParams(location.search);
  const asked = q.get('game');
  const names = loadCall('rulesetInfo');
  // A link's rules file (its `rules`): inflated and loaded before anything
  // asks for its ruleset; an error in it opens the Your rules tab.
  let linkText = null;
  let linkError = null;
  let linked = null;
  if (q.get('rules')) {
    try {
      linkText = await unpackRules(q.get('rules'));
      linked = loadCall('loadRules', linkText).then((info) => ({ info }), (error) => ({ error }));
    } catch (e) {
      linkError = new Error(`the link's rules file cannot be read: ${e.message}`);
    }
  }
  const first = asked && linkText === null ? loadCatalogs(asked).catch(() => null) : null;
  await engineReady();
  lastMs.engine_ready = performance.now();
  rulesets = await names;
  const sel = tid('game');
  for (const r of rulesets) sel.add(new Option(r.title, r.id));
  if (linkText !== null) {
    editor().value = linkText;
    rulesPacked = q.get('rules');
    const r = await linked;
    if (r.info) adoptRules(linkText, r.info);
    else linkError = r.error;
  }

  const ids = rulesets.map((r) => r.id);
  const game = ids.includes(asked) ? asked : ids[0];
  // The FOV picker: each game's own field of view first (the games that
  // take fov, as rulesetInfo says), then the geometric algorithms.
  const algos = tid('fov-algorithm');
  rulesets.filter((r) => r.verbs.includes('fov')).forEach((r, i) => algos.add(new Option(`${r.title} field of view`, r.id), i));
  COMMON.algo = algos.options[0].value;
  state = { ...COMMON, ...defaultsFor(game), game };
  for (const [k, v] of q) if (k !== 'rules') state[k] = v;
  state.game = game;
  if (linkError) state.tab = 'rules';
  gameInputs(game);
  writeInputs();
  saveUrl();
  // The inputs are live now; the type-ahead lists and the situation boxes
  // follow when the game's catalogs are in (the first computation does not
  // wait for them).
  (first || loadCatalogs(game)).then(() => loadCatalogs(game)).then(() => {
    if (state.game !== game) return;
    fillPickers(game);
    writeInputs();
    if (rulesInfo && rulesInfo.id === game) sayLoaded();
  }, (e) => showError('attack', e.message));

  for (const el of $$('[data-state]')) {
    if (el === sel) continue;
    el.addEventListener('input', changed);
    el.addEventListener('change', changed);
  }
  sel.addEventListener('change', async () => {
    await setGame(sel.value, false);
    changed();
  });
  for (const c of $$('#sweep-columns input')) c.addEventListener('change', changed);
  for (const b of $$('.builder')) {
    const side = b.dataset.side;
    const form = $('.builder-form', b);
    form.addEventListener('input', (e) => builderEdited(side, e));
    form.addEventListener('change', (e) => builderEdited(side, e));
    // The spec edited by hand: the form follows.
    $(`#${side}`).addEventListener('input', () => fillBuilder(side));
    b.addEventListener('toggle', () => fillBuilder(side));
  }
  tid('import-go').addEventListener('click', () => importCharacter(tid('import-text').value));
  tid('import-file').addEventListener('change', async (e) => {
    const file = e.target.files && e.target.files[0];
    if (!file) return;
    const text = await file.text();
    tid('import-text').value = text;
    importCharacter(text);
  });
  for (const b of $$('[data-tab]')) b.addEventListener('click', () => showTab(b.dataset.tab));
  // The tab list's keys (WAI-ARIA tabs): Left and Right move and select, Home and End go to the ends.
  $('[role="tablist"]').addEventListener('keydown', (e) => {
    const tabs = $$('[data-tab]');
    const i = tabs.indexOf(document.activeElement);
    if (i < 0) return;
    const to = { ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const b = tabs[(to + tabs.length) % tabs.length];
    b.focus();
    showTab(b.dataset.tab);
  });
  // Your rules: the editor, its examples, Load (and Ctrl+Enter), the file loaded as it is typed.
  const ed = editor();
  ed.addEventListener('input', () => {
    drawGutter();
    repackRules();
    clearTimeout(rulesTimer);
    rulesTimer = tid('rules-live').checked ? setTimeout(() => loadRules('typed'), RULES_PAUSE) : null;
  });
  ed.addEventListener('scroll', () => (tid('rules-gutter').scrollTop = ed.scrollTop));
  ed.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      loadRules('click');
    }
  });
  tid('rules-load').addEventListener('click', () => loadRules('click'));
  tid('rules-open-example').addEventListener('click', () => openExample(tid('rules-example').value, tid('rules-live').checked));
  drawGutter();
  if (linkError) {
    editorFilled = true; // the link's text as it is (or none: the link's is unreadable), not an example
    loadExamples();
    showRulesError(linkError);
    tid('rules-status').textContent = 'The link\'s rules file did not load.';
    if (linkError.place && linkError.place.line > 0) setTimeout(() => moveCursor(linkError.place.line, linkError.place.column));
  }
  tid('bestiary-run').addEventListener('click', runBestiary);
  tid('bestiary-table').addEventListener('click', (e) => {
    const sort = e.target.closest('button[data-sort]');
    if (sort) return sortBestiary(sort.dataset.sort);
    const tr = e.target.closest('tbody tr');
    if (tr) openDuel(tr.dataset.name);
  });
  tid('bestiary-table').addEventListener('keydown', (e) => {
    const tr = e.target.closest('tbody tr');
    if (tr && e.target === tr && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      openDuel(tr.dataset.name);
    }
  });
  tid('grid-view').addEventListener('click', (e) => {
    const c = e.target.closest('.cell');
    if (!c) return;
    const key = `${c.dataset.x},${c.dataset.y}`;
    const field = $('#click-mode').value === 'target' || e.shiftKey ? 'target' : 'viewer';
    tid(field).value = key;
    changed();
  });
  lastMs.interactive = performance.now();
  document.body.dataset.ready = 'true';
  busy();
  showTab(['attack', 'fight', 'sweep', 'bestiary', 'dice', 'grid', 'rules'].includes(state.tab) ? state.tab : 'attack');
}

// For tests and embedding pages: the page's engine calls, the state, and timings.
// idle(): nothing computing or waiting to, so every result shown is the inputs' own.
window.frayPage = {
  call, cancel, lastMs,
  state: () => ({ ...state }),
  idle: () => pending.size === 0 && computing === 0 && timer === null && !dirty.has(state.tab) && errorTimers.size === 0 &&
    rulesBusy === 0 && rulesTimer === null,
};
main().catch((e) => {
  $('#status').textContent = 'the engine failed to load: ' + e.message;
});
