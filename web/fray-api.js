// fray's JavaScript API: the command line's verbs as functions.
//
//   import { loadFray } from './fray-api.js';
//   const fray = await loadFray();
//   const doc = fray.attack({ rules: 'brogue', attacker: 'goblin', defender: 'rat' });
//
// Each function builds the same argument list a shell would give `fray`,
// runs it in the WebAssembly module (fray.js + fray.wasm, the CLI's own code)
// and returns the parsed `--json` document, or throws an Error whose message
// is the CLI's ("fray: error: ..." without its prefix). docs/web.md lists
// the functions and their options.

const PREFIX = 'fray: error: ';

// An option name as the CLI spells it: hitChars → --hit-chars.
function flagName(key) {
  return '--' + key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
}

// Options → arguments: true is a flag, false/null/undefined/'' are left out,
// an array is joined with commas, anything else is its text.
export function toArgs(options = {}, positional = []) {
  const args = [];
  for (const [key, value] of Object.entries(options)) {
    if (positional.includes(key)) continue;
    if (value === undefined || value === null || value === false || value === '') continue;
    if (value === true) args.push(flagName(key));
    else args.push(flagName(key), Array.isArray(value) ? value.join(',') : String(value));
  }
  return args;
}

export class FrayError extends Error {
  constructor(message, stderr) {
    super(message);
    this.name = 'FrayError';
    this.stderr = stderr;
  }
}

// A rules file that cannot be read (loadRules): where the problem is, line
// and column 1-based (0 when it has no place), and the reason alone.
export class RulesFileError extends FrayError {
  constructor({ message, file, line, column, reason }) {
    super(message, `${PREFIX}${message}\n`);
    this.name = 'RulesFileError';
    this.file = file;
    this.line = line;
    this.column = column;
    this.reason = reason;
  }
}

// Wraps a loaded engine module (the object createFrayEngine resolves to).
export function wrapEngine(mod) {
  let files = 0;

  // Calls an entry point of engine.cpp with a text; returns its JSON answer.
  function cText(fn, text) {
    const n = mod.lengthBytesUTF8(text) + 1;
    const ptr = mod._malloc(n);
    mod.stringToUTF8(text, ptr, n);
    const res = fn(ptr);
    mod._free(ptr);
    const out = JSON.parse(mod.UTF8ToString(res));
    mod._fray_free(res);
    return out;
  }

  // The whole command line: {status, out, err}, as the process would give.
  function run(args) {
    return cText(mod._fray_run, JSON.stringify(args.map(String)));
  }

  function check(r) {
    if (r.status !== 0) {
      const text = r.err.trim() || 'fray failed';
      throw new FrayError(text.startsWith(PREFIX) ? text.slice(PREFIX.length) : text, r.err);
    }
    return r;
  }

  // A verb's --json document.
  function json(args) {
    return JSON.parse(check(run([...args, '--json'])).out);
  }

  // A text (a map) as a file in the module's memory file system, for --map.
  function textFile(text, name) {
    const path = `/tmp/${name}-${++files}.txt`;
    mod.FS.writeFile(path, text);
    return path;
  }

  // Runs a verb with --svg and returns {json, svg}: the plot fray's SVG module draws.
  function withSvg(args, view) {
    const path = `/tmp/plot-${++files}.svg`;
    const extra = ['--svg', path];
    if (view) extra.push('--view', view);
    const doc = json([...args, ...extra]);
    const svg = mod.FS.readFile(path, { encoding: 'utf8' });
    mod.FS.unlink(path);
    return { json: doc, svg };
  }

  function mapArgs(o) {
    const { map, ...rest } = o;
    if (typeof map !== 'string') throw new FrayError('a map is required (the text of the map)', '');
    const path = textFile(map, 'map');
    return { args: ['--map', path, ...toArgs(rest)], path };
  }
  function onMap(verb, o) {
    const { args, path } = mapArgs(o);
    try {
      return json([verb, ...args]);
    } finally {
      mod.FS.unlink(path);
    }
  }

  const exprs = (e) => (Array.isArray(e) ? e.map(String) : [String(e)]);
  const argsOf = {
    dist: (o) => ['dist', ...exprs(o.expr ?? o.exprs), ...toArgs(o, ['expr', 'exprs'])],
    roll: (o) => ['roll', String(o.expr), ...toArgs(o, ['expr'])],
    attack: (o) => ['attack', ...toArgs(o)],
    strike: (o) => ['strike', ...toArgs(o)],
    ttk: (o) => ['ttk', ...toArgs(o)],
    duel: (o) => ['duel', ...toArgs(o)],
    sweep: (o) => ['sweep', ...toArgs(o)],
    bestiary: (o) => ['bestiary', ...toArgs(o)],
    table: (o) => ['table', String(o.table), ...toArgs(o, ['table'])],
    list: (o) => ['list', ...toArgs(o, ['kind']), ...(o.kind ? [String(o.kind)] : [])],
  };

  const api = {
    run,
    // dist('3d6') or dist({expr: ['3d6', '4d6kh3']}): one document, or an array for several.
    dist: (o) => json(argsOf.dist(typeof o === 'object' && !Array.isArray(o) ? o : { expr: o })),
    roll: (o) => json(argsOf.roll(o)),
    attack: (o) => json(argsOf.attack(o)),
    strike: (o) => json(argsOf.strike(o)),
    ttk: (o) => json(argsOf.ttk(o)),
    duel: (o) => json(argsOf.duel(o)),
    sweep: (o) => json(argsOf.sweep(o)),
    // One character against every monster of the game (or monsters: [...],
    // hd: 'LO-HI'): rows in order of danger (fray bestiary).
    bestiary: (o) => json(argsOf.bestiary(o)),
    // What bestiary(o) computes, for sharing it out: {monsters: the names in
    // catalog order, row_work: each row's work}; bestiary({...o, monsters: a
    // share, hd: undefined, rowWork: row_work}) gives that share's rows with
    // the whole request's numbers. Throws when the whole request would fail
    // (then bestiary(o) says why, in the CLI's words).
    bestiaryPlan(o) {
      const plan = { rules: String(o.rules) };
      const monsters = Array.isArray(o.monsters) ? o.monsters : String(o.monsters || '').split(',');
      const names = monsters.map((m) => String(m).trim()).filter(Boolean);
      if (names.length) plan.monsters = names;
      if (o.hd !== undefined && o.hd !== null && String(o.hd) !== '') plan.hd = String(o.hd);
      const out = cText(mod._fray_bestiary_plan, JSON.stringify(plan));
      if (out.error) throw new FrayError(out.error, `${PREFIX}${out.error}\n`);
      return out.value;
    },
    table: (o) => json(argsOf.table(o)),
    list: (o) => json(argsOf.list(o)),
    // The ids of the rulesets fray has: ['pixel-dungeon', 'brogue', ...].
    rulesets() {
      const res = mod._fray_rulesets();
      const ids = JSON.parse(mod.UTF8ToString(res));
      mod._fray_free(res);
      return ids;
    },
    // Each ruleset's id, title and player character (its catalog name, null
    // when the game's specs have none): [{id: 'pixel-dungeon', title:
    // 'Pixel Dungeon 1.9.1', player: 'hero'}, ...], in the order of rulesets().
    rulesetInfo() {
      const res = mod._fray_ruleset_info();
      const info = JSON.parse(mod.UTF8ToString(res));
      mod._fray_free(res);
      return info;
    },
    // A rules file's text (docs/rules.md) read and registered, as the CLI's
    // --rules-file reads a file: returns its ruleset's info (as
    // rulesetInfo() gives each), whose id every verb then takes as `rules`.
    // A text with the id of one loaded before replaces it. Throws a
    // RulesFileError: {message: 'rules.toml:12:9: ...', line, column, reason}.
    loadRules(text) {
      if (typeof text !== 'string') throw new FrayError('a rules file is required (its text)', '');
      const out = cText(mod._fray_load_rules, text);
      if (out.error) throw new RulesFileError(out.error);
      return out.value;
    },
    // Every catalog of a game in one call: {kind: entries} as fray list --rules GAME KIND.
    catalogs(o) {
      const out = cText(mod._fray_catalogs, String(o && typeof o === 'object' ? o.rules : o));
      if (out.error) throw new FrayError(out.error, `${PREFIX}${out.error}\n`);
      return out.value;
    },
    fov: (o) => onMap('fov', o),
    path: (o) => onMap('path', o),
    surprise: (o) => onMap('surprise', o),
    // Where to tap so a thrown item reaches a cell: {rules, from, to, cells, count} (fray aim).
    aim: (o) => onMap('aim', o),
    // A character file the game wrote, read as the game's player spec:
    // importCharacter({rules: 'crawl-0.34', text}) → {rules, source, spec,
    // character, unused} (fray import; the games whose verbs have import).
    importCharacter(o) {
      const { text, ...rest } = o || {};
      if (typeof text !== 'string') throw new FrayError('a character file is required (its text)', '');
      const path = textFile(text, 'character');
      try {
        // The text is the file: named as the CLI names a text (<text>), not by its place in memory.
        const doc = json(['import', ...toArgs(rest), path]);
        return { ...doc, source: '<text>' };
      } catch (e) {
        if (e instanceof FrayError) throw new FrayError(e.message.split(path).join('<text>'), e.stderr.split(path).join('<text>'));
        throw e;
      } finally {
        mod.FS.unlink(path);
      }
    },
    // The verb's document and its SVG plot: plot('attack', {...}, 'at-least').
    plot(verb, o, view) {
      if (!['dist', 'attack', 'ttk', 'duel', 'sweep'].includes(verb))
        throw new FrayError(`${verb} has no plot (dist, attack, ttk, duel, sweep)`, '');
      const input = verb === 'dist' && (typeof o !== 'object' || Array.isArray(o)) ? { expr: o } : o;
      return withSvg(argsOf[verb](input), verb === 'sweep' ? undefined : view);
    },
    // Any series drawn by the same SVG module (see docs/web.md for the description).
    svg(description) {
      const out = cText(mod._fray_plot, JSON.stringify(description));
      if (out.error) throw new FrayError(out.error, '');
      return out.svg;
    },
  };
  return api;
}

// Compiles fray.wasm (next to this file unless `base` says where) while it
// downloads. The WebAssembly.Module may be handed to loadFray, here or in a
// worker (postMessage copies it without compiling again), so that a page
// compiles fray once however many engines it starts.
//   options.onDownload  (loaded, total) => void as the bytes arrive (total 0
//                       when the server does not say it, or sends it compressed)
export async function compileFray(base = new URL('.', import.meta.url).href, options = {}) {
  const url = new URL('fray.wasm', base).href;
  const counted = (res) => {
    const report = options.onDownload;
    if (!report || !res.body || typeof TransformStream === 'undefined') return res;
    // A compressed response's length is of the compressed bytes, the stream's of the others.
    const total = res.headers.get('content-encoding') ? 0 : Number(res.headers.get('content-length')) || 0;
    let loaded = 0;
    const body = res.body.pipeThrough(new TransformStream({
      transform(chunk, out) {
        loaded += chunk.byteLength;
        report(loaded, total);
        out.enqueue(chunk);
      },
    }));
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
  if (WebAssembly.compileStreaming) {
    try {
      return await WebAssembly.compileStreaming(fetch(url).then(counted));
    } catch (e) {
      // A server that does not say application/wasm: compile from the bytes.
    }
  }
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${res.statusText}`);
  return WebAssembly.compile(await res.arrayBuffer());
}

// Loads fray.js (an ES module next to this file unless `base` says where) and
// its fray.wasm; works in a page and in a module worker.
//   options.module      a WebAssembly.Module from compileFray: instantiated
//                       as is, without fetching or compiling fray.wasm
//   options.onProgress  (label, fraction) => void, called during long work
//                       (an exact distribution, turns to kill, a duel) with
//                       the fraction done; it runs inside the computation
export async function loadFray(base = new URL('.', import.meta.url).href, options = {}) {
  // fray.js and fray.wasm come at once; the module, when given, is not fetched.
  const [{ default: createFrayEngine }, compiled] = await Promise.all([
    import(/* webpackIgnore: true */ /* @vite-ignore */ new URL('fray.js', base).href),
    options.module || compileFray(base),
  ]);
  const mod = await createFrayEngine({
    locateFile: (f) => new URL(f, base).href,
    onProgress: options.onProgress,
    instantiateWasm(imports, done) {
      WebAssembly.instantiate(compiled, imports).then((instance) => done(instance, compiled));
      return {};
    },
  });
  return wrapEngine(mod);
}
