// End-to-end test of fray's web page in headless Chromium: for each game and
// verb the page shows the CLI's --json for the same inputs; a permalink
// restores the calculation; bad input shows the CLI's message beside its
// field; the JS API (fray-api.js) returns the CLI's JSON. Also measures the
// page's performance figures (docs/web.md).
//
//   node tests/web/e2e.mjs --site build-web --cli build/fray [--screenshots docs/web [--only-screenshots]]
//     [--bestiary-time | --only-bestiary-time]
//
// The page's numbers are computed by the same C++ compiled to WebAssembly; a
// number may differ from the native one in its last bits where a libm function
// (pow, exp, log) rounds differently, so numbers compare to 1e-12 relative.
import { chromium } from 'playwright-core';
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const argv = process.argv.slice(2);
const opt = (name, def) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : def;
};
const site = path.resolve(opt('--site', 'build-web'));
const cli = path.resolve(opt('--cli', 'build/fray'));
const shots = opt('--screenshots', null);
const chromiumPath = opt('--chromium', '/usr/bin/chromium');

let failures = 0;
let checks = 0;
function fail(what) {
  ++failures;
  console.log(`FAIL ${what}`);
}
function ok(cond, what) {
  ++checks;
  if (!cond) fail(what);
  return cond;
}

// Deep equality, numbers to 1e-12 relative; returns the first difference or ''.
function diff(a, b, where = '$') {
  if (typeof a === 'number' && typeof b === 'number') {
    const tol = 1e-12 * Math.max(1, Math.abs(a), Math.abs(b));
    return Math.abs(a - b) <= tol ? '' : `${where}: ${a} != ${b}`;
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b)) return `${where}: array vs not`;
    if (a.length !== b.length) return `${where}: length ${a.length} != ${b.length}`;
    for (let i = 0; i < a.length; ++i) {
      const d = diff(a[i], b[i], `${where}[${i}]`);
      if (d) return d;
    }
    return '';
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a).sort(), kb = Object.keys(b).sort();
    if (ka.join() !== kb.join()) return `${where}: keys ${ka} != ${kb}`;
    for (const k of ka) {
      const d = diff(a[k], b[k], `${where}.${k}`);
      if (d) return d;
    }
    return '';
  }
  return a === b ? '' : `${where}: ${JSON.stringify(a)} != ${JSON.stringify(b)}`;
}
// The columns the page's sweep computes for the columns it shows (app.js sweepNeeds):
// P(hit), damage and warnings always; turns to kill and the duel only when shown.
function sweepNeeds(sy) {
  const cols = (sy || 'p_hit').split(',');
  const out = ['p_hit', 'mean_damage', 'warnings'];
  if (cols.includes('mean_attacks_to_kill') || cols.includes('mean_hits_to_kill')) out.push('mean_attacks_to_kill', 'mean_hits_to_kill');
  if (cols.includes('p_attacker_wins')) out.push('p_attacker_wins');
  return out.join(',');
}
// A shown number (its data-value) against the CLI's, to 1e-12 relative; null for '–'.
async function shownValue(page, id) {
  const v = await page.getAttribute(`[data-testid="${id}"]`, 'data-value');
  return v === null || v === '' ? null : Number(v);
}
function close(a, b) {
  if (a === null || b === null || a === undefined || b === undefined) return a === b || (a ?? null) === (b ?? null);
  return Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(a), Math.abs(b));
}
function same(page, want, what) {
  const d = diff(page, want);
  ok(!d, `${what}: ${d}`);
}

// A probability as the page writes it (app.js pct).
function pagePct(p) {
  if (p === null || p === undefined) return '–';
  if (p === 0) return '0 %';
  if (p === 1) return '100 %';
  const v = p * 100;
  if (v < 0.01) return '<0.01 %';
  if (v > 99.99) return '>99.99 %';
  return v.toFixed(2) + ' %';
}

// The CLI, as a shell would run it.
function fray(args) {
  try {
    return { status: 0, out: execFileSync(cli, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) };
  } catch (e) {
    return { status: e.status, out: e.stdout, err: e.stderr };
  }
}
function frayJson(args) {
  const r = fray([...args, '--json']);
  if (r.status !== 0) throw new Error(`fray ${args.join(' ')}: ${r.err}`);
  return JSON.parse(r.out);
}
// Options → arguments the way fray-api.js builds them.
function toArgs(o) {
  const args = [];
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined || v === null || v === false || v === '') continue;
    const flag = '--' + k.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
    if (v === true) args.push(flag);
    else args.push(flag, String(v));
  }
  return args;
}

// ---------- the static server and the browser -----------------------------------
async function serve() {
  const server = spawn('python3', ['-m', 'http.server', '0', '--bind', '127.0.0.1', '-d', site], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = await new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('http.server did not start')), 10000);
    server.stdout.on('data', (d) => {
      text += d;
      const m = /port (\d+)/.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    server.on('exit', () => reject(new Error('http.server exited')));
  });
  return { server, url: `http://127.0.0.1:${port}/` };
}

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];

async function settled(page) {
  await page.waitForFunction(() => window.frayPage && document.body.dataset.ready === 'true' && window.frayPage.idle(),
    null, { timeout: 180000, polling: 50 });
  // Once more after a beat: an input event may have scheduled a recompute.
  await page.waitForTimeout(50);
  await page.waitForFunction(() => window.frayPage.idle(), null, { timeout: 180000, polling: 50 });
}
const text = (page, id) => page.locator(`[data-testid="${id}"]`).textContent();
const jsonOf = async (page, id) => JSON.parse(await text(page, id));

async function main() {
  if (!fs.existsSync(path.join(site, 'index.html'))) throw new Error(`no site in ${site} (make web)`);
  if (!fs.existsSync(cli)) throw new Error(`no CLI at ${cli}`);
  // The size limit first: it needs no browser.
  // What a player downloads is the file as served: gzip-compressed where the
  // server allows (docs/web.md), most of the raw size being the catalogs' text.
  const wasmBytes = fs.statSync(path.join(site, 'fray.wasm')).size;
  ok(wasmBytes < 4e6, `fray.wasm is under 4 MB (${wasmBytes} bytes)`);
  const wasmGzip = zlib.gzipSync(fs.readFileSync(path.join(site, 'fray.wasm')), { level: 9 }).length;
  ok(wasmGzip < 1e6, `fray.wasm gzip-compressed is under 1 MB (${wasmGzip} bytes)`);
  const { server, url } = await serve();
  // The whole bestiary alone: its time, against the CLI's rows.
  if (argv.includes('--only-bestiary-time')) {
    const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: FLAGS });
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await wholeBestiary(page, url);
    await browser.close();
    server.kill();
    console.log(`${checks - failures}/${checks} checks passed`);
    if (failures) process.exit(1);
    return;
  }
  if (shots && argv.includes('--only-screenshots')) {
    const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: FLAGS });
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await screenshots(ctx, url, shots);
    await browser.close();
    server.kill();
    return;
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath, headless: true, args: FLAGS, viewport: { width: 1280, height: 900 },
  });
  const perf = {};
  // Nothing may come from another host.
  const foreign = [];
  context.on('request', (r) => {
    if (!r.url().startsWith(url) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) foreign.push(r.url());
  });
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));

    // --- load: interactive, and the first attack shown --------------------------------
    Object.assign(perf, await measureLoad(url));
    await page.goto(url);
    await settled(page);
    const games = await page.$$eval('[data-testid="game"] option', (os) => os.map((o) => o.value));
    ok(games.includes('brogue') && games.includes('crawl'), `games listed: ${games}`);
    // What the page knows of each game, it asks the engine (fray-api.js rulesetInfo()).
    const info = await page.evaluate(() => window.frayPage.call('rulesetInfo'));
    same(info.map((r) => r.id), games, 'rulesetInfo() lists the page\'s games');
    const titles = await page.$$eval('[data-testid="game"] option', (os) => os.map((o) => o.textContent));
    info.forEach((r, i) => {
      const title = frayJson(['list', '--rules', r.id]).title;
      ok(r.title === title && titles[i] === title, `${r.id}: the game picker shows its title (${titles[i]}, ${r.title}, ${title})`);
    });
    // The player character of each game (Ruleset::player_name; none in epixx).
    same(Object.fromEntries(info.map((r) => [r.id, r.player])), {
      'pixel-dungeon': 'hero', brogue: 'player', crawl: 'player', epixx: null, 'crawl-0.34': 'player', 'shattered-pd': 'hero',
    }, 'rulesetInfo() players');

    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-e2e-'));
    for (const game of games) {
      await page.goto(`${url}?game=${game}&tab=attack`);
      await settled(page);
      const attacker = await page.inputValue('[data-testid="attacker"]');
      const defender = await page.inputValue('[data-testid="defender"]');
      const gameInfo = info.find((r) => r.id === game);
      // The spec pickers offer the game's player character, as the engine names it, with the catalogs' names.
      const offered = await page.$$eval('#attacker-list option', (os) => os.map((o) => o.value));
      ok(gameInfo.player === null || offered[0] === gameInfo.player, `${game}: the attacker list offers the player ${gameInfo.player}`);
      const monsters = frayJson(['list', '--rules', game, 'monsters']).entries.map((e) => e.name);
      ok(monsters.every((m) => offered.includes(m)), `${game}: the attacker list offers every monster`);
      same(await page.$$eval('#defender-list option', (os) => os.map((o) => o.value)), offered, `${game}: the defender list is the attacker's`);
      // The inputs only some games read, as the engine says: the Kind box, the balance tables.
      ok((await page.locator('[data-testid="kind"]').isVisible()) === gameInfo.options.includes('kind'),
        `${game}: the Kind box shown iff the game reads --kind`);
      const tables = fray(['table', 'enchant-for-hit', '--rules', game]).status === 0;
      ok(gameInfo.verbs.includes('table') === tables, `${game}: rulesetInfo() says whether fray table takes it (${tables})`);
      // Attack.
      same(await jsonOf(page, 'attack-json'),
        frayJson(['attack', '--rules', game, '--attacker', attacker, '--defender', defender]), `${game} attack`);
      // The answers first: both sides against each other, each the CLI's.
      {
        const fightArgs = ['--method', 'auto', '--sims', '100000', '--seed', '1'];
        const fwd = frayJson(['attack', '--rules', game, '--attacker', attacker, '--defender', defender]);
        const rev = fray(['attack', '--rules', game, '--attacker', defender, '--defender', attacker, '--json']);
        const revDoc = rev.status === 0 ? JSON.parse(rev.out) : null;
        const ttkOf = (a, d) => {
          const r = fray(['ttk', '--rules', game, '--attacker', a, '--defender', d, ...fightArgs, '--json']);
          return r.status === 0 ? JSON.parse(r.out) : null;
        };
        const fwdTtk = ttkOf(attacker, defender), revTtk = revDoc ? ttkOf(defender, attacker) : null;
        for (const [dir, a, t] of [['fwd', fwd, fwdTtk], ['rev', revDoc, revTtk]]) {
          ok(close(await shownValue(page, `${dir}-p-hit`), a ? a.p_hit : null), `${game} ${dir}: P(hit) is the CLI's`);
          ok(close(await shownValue(page, `${dir}-damage-per-hit`), a && a.p_hit > 0 ? a.damage_on_hit.mean : null), `${game} ${dir}: damage per hit is the CLI's`);
          ok(close(await shownValue(page, `${dir}-damage-per-attack`), a ? a.mean_damage : null), `${game} ${dir}: damage per attack is the CLI's`);
          ok(close(await shownValue(page, `${dir}-attacks-to-kill`), t ? t.attacks.mean : null), `${game} ${dir}: attacks to kill is the CLI's`);
          ok(close(await shownValue(page, `${dir}-hits-to-kill`), t && t.hits ? t.hits.mean : null), `${game} ${dir}: hits to kill is the CLI's`);
          ok(close(await shownValue(page, `${dir}-time-to-kill`), t ? t.time.mean : null), `${game} ${dir}: time to kill is the CLI's`);
        }
        const title = await text(page, 'fwd-title');
        ok(title.includes(fwd.attacker.name) && title.includes(fwd.defender.name), `${game}: the answers name both sides (${title})`);
        ok(!/(^|[^\d.])1 (turns|attacks)\b/.test(await text(page, 'attack-results')), `${game}: "1 turn", never "1 turns"`);
      }
      // The plot: the page's SVG text is the CLI's --svg file, and it is on the page.
      const file = path.join(tmp, `${game}-attack.svg`);
      fray(['attack', '--rules', game, '--attacker', attacker, '--defender', defender, '--svg', file]);
      const plotted = await page.evaluate(([a, d, g]) => window.frayPage.call('plot', 'attack', { rules: g, attacker: a, defender: d }, 'normal'), [attacker, defender, game]);
      ok(plotted.svg === fs.readFileSync(file, 'utf8'), `${game} attack plot is the CLI's --svg`);
      ok((await page.locator('[data-testid="attack-plot"] svg rect.bar').count()) === (await jsonOf(page, 'attack-json')).damage.pmf.length,
        `${game} attack plot has a bar per damage value`);
      // Fight: the page's method (auto), its Fights box and seed, as the CLI's options.
      await page.click('[data-testid="tab-fight"]');
      await settled(page);
      const duel = await jsonOf(page, 'duel-json');
      const fightArgs = ['--method', 'auto', '--sims', '100000', '--seed', '1'];
      same(duel, frayJson(['duel', '--rules', game, '--a', attacker, '--b', defender, '--first', 'a', ...fightArgs]),
        `${game} duel`);
      // Who wins, by name.
      {
        const [an, bn] = duel.a.name === duel.b.name ? [`${duel.a.name} (a)`, `${duel.b.name} (b)`] : [duel.a.name, duel.b.name];
        ok((await text(page, 'p-a-wins-label')) === `${an} wins` && (await text(page, 'p-b-wins-label')) === `${bn} wins`,
          `${game}: the duel names who wins (${await text(page, 'p-a-wins-label')})`);
        const verdict = await text(page, 'duel-verdict');
        ok(duel.p_a_wins === duel.p_b_wins ? verdict.startsWith('Even') : verdict.startsWith(`${duel.p_a_wins > duel.p_b_wins ? an : bn} wins more often`),
          `${game}: the verdict names the winner (${verdict})`);
        if (duel.p_a_wins_ci) ok((await text(page, 'p-a-wins')).includes('95 % interval'), `${game}: Monte Carlo's interval labelled`);
      }
      const ttkDoc = await jsonOf(page, 'ttk-json');
      same(ttkDoc, frayJson(['ttk', '--rules', game, '--attacker', attacker, '--defender', defender, ...fightArgs]), `${game} ttk`);
      for (const [prefix, doc] of [['duel', duel], ['ttk', ttkDoc]]) {
        // The mechanics followed and left out, each in its list.
        for (const [list, key] of [['not-modelled', 'not_modelled'], ['modelled', 'modelled']]) {
          const shown = await text(page, `${prefix}-${list}`);
          ok(doc[key].every((m) => shown.includes(m)), `${game} ${prefix} lists what it ${key === 'modelled' ? 'follows' : 'leaves out'}`);
        }
        // The method used, part by part, beside the result, and why.
        const method = await text(page, `${prefix}-method`);
        ok(doc.method === 'exact' ? method.startsWith('(exact') : method.startsWith(`(Monte Carlo: ${doc.sims.toLocaleString('en-US')} fights, seed ${doc.seed}`),
          `${game} ${prefix} states its method: ${method}`);
        ok(doc.sampled.includes('hits') === method.includes('hits to kill: Monte Carlo') || doc.method !== 'exact',
          `${game} ${prefix} says when only the hits are sampled: ${method}`);
        ok((await text(page, `${prefix}-method-reason`)).includes(doc.method_reason), `${game} ${prefix} shows why its method`);
        // Every note, the mechanics and the method's reason are on the page.
        const shown = await text(page, `${prefix}-notes`);
        const said = [...doc.notes, ...doc.not_modelled, ...doc.modelled, doc.method_reason];
        ok(said.every((n) => shown.includes(n)), `${game} ${prefix}-notes shows every note`);
      }
      // Sweep: each series is fray sweep --json with the same arguments.
      await page.click('[data-testid="tab-sweep"]');
      await settled(page);
      const st = await page.evaluate(() => window.frayPage.state());
      const sweep = await jsonOf(page, 'sweep-json');
      const series = st.sseries.split('\n').map((s) => s.trim()).filter(Boolean);
      ok(sweep.length === series.length, `${game} sweep has one entry per series`);
      const side = st.sside === 'defender' ? 'defender' : 'attacker';
      // The page's Method box (auto), the sweep's Fights a row and the seed, as the CLI's options.
      ok(st.method === 'auto' && st.ssims === '10000' && st.seed === '1', `${game} sweep: the default method, fights and seed`);
      series.forEach((s, i) => {
        const a = side === 'attacker' ? attacker : s, d = side === 'defender' ? defender : s;
        same(sweep[i], frayJson(['sweep', '--rules', game, '--attacker', a, '--defender', d, '--key', st.skey,
          '--from', String(st.sfrom), '--to', String(st.sto), '--step', String(st.sstep), '--side', side,
          '--method', 'auto', '--sims', st.ssims, '--seed', st.seed, '--columns', sweepNeeds(st.sy)]),
        `${game} sweep ${s}`);
      });
      ok((await page.locator('[data-testid="sweep-plot"] svg').first().locator('.series').count()) === series.length,
        `${game} sweep plot has its series`);
      ok((await page.locator('[data-testid="sweep-table"] tbody tr').count()) === sweep[0].rows.length, `${game} sweep table has a row per value`);
      ok((await page.locator('[data-testid="balance"]').isVisible()) === tables, `${game}: balance tables shown iff fray table takes the game`);
      if (tables) {
        same(await jsonOf(page, 'balance-json'), frayJson(['table', 'enchant-for-hit', '--rules', game]), `${game} table`);
      }
    }

    // --- fight methods: exact asked for and impossible, and auto's Fights box ----------
    // The goblin conjurer's spectral blades have no exact chain (docs/fight.md).
    for (const [method, flag, sims] of [['exact', 'exact', 2000], ['auto', 'auto', 3000], ['mc', 'monte-carlo', 1000]]) {
      await page.goto(`${url}?game=brogue&tab=fight&attacker=player&defender=goblin_conjurer&method=${method}&sims=${sims}`);
      await settled(page);
      const d = await jsonOf(page, 'duel-json');
      same(d, frayJson(['duel', '--rules', 'brogue', '--a', 'player', '--b', 'goblin_conjurer', '--first', 'a', '--method', flag,
        '--sims', String(sims), '--seed', '1']), `brogue conjurer duel, method ${method}`);
      ok(d.method === 'monte-carlo' && d.method_asked === flag && d.sims === sims,
        `method ${method}: Monte Carlo with the Fights box's ${sims} fights (${d.method}, ${d.method_asked}, ${d.sims})`);
      const shown = await text(page, 'duel-method');
      ok(shown.includes(`${sims.toLocaleString('en-US')} fights`) && shown.includes('exact not possible') === (method === 'exact'),
        `method ${method}: the page says what answered: ${shown}`);
      ok((await text(page, 'duel-method-reason')).includes(d.method_reason), `method ${method}: the page says why`);
      same(await jsonOf(page, 'ttk-json'), frayJson(['ttk', '--rules', 'brogue', '--attacker', 'player', '--defender', 'goblin_conjurer',
        '--method', flag, '--sims', String(sims), '--seed', '1']), `brogue conjurer ttk, method ${method}`);
    }

    // --- the player in the spec pickers: the engine's name for it, in every game ----------
    for (const [game, player] of [['shattered-pd', 'hero'], ['crawl-0.34', 'player']]) {
      await page.goto(`${url}?game=${game}&tab=attack`);
      await settled(page);
      const offered = await page.$$eval('#attacker-list option', (os) => os.map((o) => o.value));
      ok(offered.includes(player), `${game}: the attacker list offers ${player} (${offered.slice(0, 5).join(', ')}, ...)`);
    }

    // --- sweep: the Method box and the fights a row reach each row's fights -------------
    // The goblin's duel is exact without the player's regeneration; the conjurer's never is.
    for (const [method, flag, sims] of [['mc', 'monte-carlo', 300], ['exact', 'exact', 400], ['auto', 'auto', 500]]) {
      await page.goto(`${url}?game=brogue&tab=sweep&attacker=${encodeURIComponent('player:regeneration=none')}` +
        `&skey=enchant&sfrom=0&sto=2&sseries=${encodeURIComponent('goblin\ngoblin_conjurer')}&method=${method}&ssims=${sims}&seed=2&sy=p_hit,p_attacker_wins`);
      await settled(page);
      ok((await page.inputValue('[data-testid="sweep-method"]')) === method && (await page.inputValue('[data-testid="sweep-sims"]')) === String(sims),
        `sweep method ${method}: the Sweep tab shows the Method and Fights a row asked for`);
      const sw = await jsonOf(page, 'sweep-json');
      const shown = await text(page, 'sweep-notes');
      for (const [i, d] of ['goblin', 'goblin_conjurer'].entries()) {
        const cli = frayJson(['sweep', '--rules', 'brogue', '--attacker', 'player:regeneration=none', '--defender', d, '--key', 'enchant',
          '--from', '0', '--to', '2', '--side', 'attacker', '--method', flag, '--sims', String(sims), '--seed', '2',
          '--columns', 'p_hit,mean_damage,warnings,p_attacker_wins']);
        same(sw[i], cli, `sweep method ${method}: ${d} is the CLI's --method ${flag} --sims ${sims}`);
        const duel = cli.notes.find((n) => n.startsWith('duel: '));
        const sampled = method === 'mc' || d === 'goblin_conjurer';
        const want = sampled ? `duel: Monte Carlo, ${sims} fights a row, seed 2 in every row (` +
          { mc: 'Monte Carlo asked for', exact: 'exact asked for, but no exact analysis', auto: 'auto: no exact analysis' }[method] : 'duel: exact';
        ok(duel.startsWith(want), `sweep method ${method}: ${d}'s duel note says the method asked for: ${duel}`);
        ok(shown.includes(duel), `sweep method ${method}: the page shows ${d}'s duel note`);
      }
      ok((await text(page, 'sweep-how')).includes(`the duel: method ${flag}, ${sims} fights a row where Monte Carlo answers, seed 2`),
        `sweep method ${method}: the page says the sweep's options: ${await text(page, 'sweep-how')}`);
    }
    // One Method box and one seed for the Fight and Sweep tabs: a change on one is the other's.
    await page.selectOption('[data-testid="sweep-method"]', 'exact');
    await page.fill('[data-testid="sweep-seed"]', '7');
    await settled(page);
    ok((await page.inputValue('[data-testid="method"]')) === 'exact' && (await page.inputValue('[data-testid="seed"]')) === '7' &&
      (await page.evaluate(() => window.frayPage.state().seed)) === '7', 'the Sweep tab\'s Method and Seed are the Fight tab\'s');

    // --- sweep: the defender's key, several columns, several series ----------------
    await page.goto(`${url}?game=brogue&tab=sweep&sside=defender&skey=defense&sfrom=0&sto=100&sstep=20` +
      `&sseries=${encodeURIComponent('player\nplayer:enchant=3')}&sy=p_hit,mean_attacks_to_kill,p_attacker_wins`);
    await settled(page);
    {
      const sw = await jsonOf(page, 'sweep-json');
      const d = await page.inputValue('[data-testid="defender"]');
      for (const [i, a] of ['player', 'player:enchant=3'].entries())
        same(sw[i], frayJson(['sweep', '--rules', 'brogue', '--attacker', a, '--defender', d, '--key', 'defense', '--from', '0',
          '--to', '100', '--step', '20', '--side', 'defender', '--method', 'auto', '--sims', '10000', '--seed', '1',
          '--columns', sweepNeeds('p_hit,mean_attacks_to_kill,p_attacker_wins')]), `brogue defender sweep ${a}`);
      ok((await page.locator('[data-testid="sweep-plot"] svg').count()) === 3, 'a plot per column picked');
      ok((await page.locator('[data-testid="sweep-plot"] svg').nth(2).locator('.series').count()) === 2, 'two series overlaid');
      ok((await page.locator('[data-testid="sweep-table"] thead th').count()) === 1 + 2 * 3, 'the table has each series\' columns');
      ok(await page.isChecked('[data-testid="sweep-y-p_attacker_wins"]'), 'the column picker reads the URL');
      const shown = await text(page, 'sweep-notes');
      ok(sw[0].notes.every((n) => shown.includes(n)), 'sweep notes shown');
      // Unpicking a column redraws without a new sweep.
      await page.uncheck('[data-testid="sweep-y-p_hit"]');
      await settled(page);
      ok((await page.locator('[data-testid="sweep-plot"] svg').count()) === 2, 'a column unpicked');
    }

    // --- dice ---------------------------------------------------------------------
    await page.goto(`${url}?game=brogue&tab=dice&dice=${encodeURIComponent('3d6\n4d6kh3\nd6!')}&dview=at-least`);
    await settled(page);
    same(await jsonOf(page, 'dice-json'), frayJson(['dist', '3d6', '4d6kh3', 'd6!']), 'dice');
    ok((await page.locator('[data-testid="dice-plot"] svg .legend').count()) === 1, 'dice overlay has a legend');
    // The summary's min and max are the expression's range, not the plotted values' (1000d6: 1599..5401 plotted).
    await page.fill('[data-testid="dice-exprs"]', '1000d6\n1d6-3');
    await settled(page);
    {
      const rows = await page.$$eval('[data-testid="dice-summary"] tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())));
      const big = frayJson(['dist', '1000d6']);
      ok(big.range[0] === 1000 && big.range[1] === 6000 && big.min > 1000, `fray dist 1000d6: range ${big.range}, pmf ${big.min}..${big.max}`);
      const row = rows.find((r) => r[0] === '1000d6') || [];
      ok(row[3] === '1000' && row[4] === '6000' && row[5] === `${big.min}..${big.max}`, `the dice summary shows 1000d6's range 1000..6000 (${row})`);
      const small = rows.find((r) => r[0] === '1d6-3') || [];
      ok(small[3] === '-2' && small[4] === '3' && small[5] === 'all', `the dice summary shows 1d6-3's range -2..3 (${small})`);
    }
    ok((await page.locator('[data-testid="dice-plot"] svg').innerHTML()).includes('P(X ≥ x)'), 'dice at-least view');

    // --- grid: fov and path, and a click that moves the viewer -------------------------
    await page.goto(`${url}?game=pixel-dungeon&tab=grid`);
    await settled(page);
    const map = (await page.inputValue('[data-testid="map"]')).replace(/\s+$/, '') + '\n';
    const mapFile = path.join(tmp, 'map.txt');
    fs.writeFileSync(mapFile, map);
    for (const algo of ['pixel-dungeon', 'symmetric', 'symmetric-exact']) {
      await page.selectOption('[data-testid="fov-algorithm"]', algo);
      await settled(page);
      const at = await page.inputValue('[data-testid="viewer"]');
      same(await jsonOf(page, 'fov-json'), frayJson(['fov', '--map', mapFile, '--at', at, '--algorithm', algo]), `fov ${algo}`);
    }
    await page.click('[data-testid="grid-view"] .cell[data-x="4"][data-y="1"]');
    await settled(page);
    ok((await page.inputValue('[data-testid="viewer"]')) === '4,1', 'a click sets the viewer');
    same(await jsonOf(page, 'fov-json'), frayJson(['fov', '--map', mapFile, '--at', '4,1', '--algorithm', 'symmetric-exact']), 'fov after a click');
    same(await jsonOf(page, 'path-json'), frayJson(['path', '--map', mapFile, '--from', '4,1', '--to', '7,3']), 'path');

    // --- grid: one @ after a click; where to tap, for the games whose verbs have aim ------
    ok((await page.locator('[data-testid="grid-view"] .cell', { hasText: '@' }).count()) === 1, 'one @ on the grid after a click');
    for (const game of info.filter((r) => r.verbs.includes('aim')).map((r) => r.id)) {
      await page.goto(`${url}?game=${game}&tab=grid&target=7,3`);
      await settled(page);
      const at = await page.inputValue('[data-testid="viewer"]');
      const aim = await jsonOf(page, 'aim-json');
      same(aim, frayJson(['aim', '--rules', game, '--map', mapFile, '--from', at, '--to', '7,3']), `${game}: where to tap is the CLI's fray aim`);
      const framed = await page.$$eval('[data-testid="grid-view"] .cell.tap', (cs) => cs.map((c) => [Number(c.dataset.x), Number(c.dataset.y)]));
      same(framed, aim.cells, `${game}: the grid frames every cell to tap`);
      ok((await text(page, 'aim-summary')).includes(`${aim.count} cell`), `${game}: the count of cells to tap is said`);
      // A click on another target: the cells follow.
      await page.selectOption('[data-testid="click-mode"]', 'target');
      await page.click('[data-testid="grid-view"] .cell[data-x="9"][data-y="2"]');
      await settled(page);
      same(await jsonOf(page, 'aim-json'), frayJson(['aim', '--rules', game, '--map', mapFile, '--from', at, '--to', '9,2']), `${game}: aim after a click on the target`);
    }
    for (const game of info.filter((r) => !r.verbs.includes('aim')).map((r) => r.id).slice(0, 1)) {
      await page.goto(`${url}?game=${game}&tab=grid`);
      await settled(page);
      ok(!(await page.locator('[data-testid="aim-summary"]').isVisible()) && (await page.locator('.cell.tap').count()) === 0,
        `${game}: no aim where the game has no aim verb`);
    }
    // The grid's errors name the page's fields, not the command line's options.
    await page.goto(`${url}?game=pixel-dungeon&tab=grid`);
    await settled(page);
    await page.fill('[data-testid="viewer"]', '0,0');
    await page.locator('[data-testid="viewer"]').blur();
    await settled(page);
    const viewerError = await text(page, 'viewer-error');
    ok(viewerError.startsWith('fray: error: viewer') && !viewerError.includes('--at'), `the viewer's error names the viewer: ${viewerError}`);

    // --- your own character: a pasted character file becomes the attacker ---------------
    {
      const charFile = path.resolve('tests/golden/crawl_0_34/characters/handmade-human-autumn-katana.txt');
      for (const game of info.filter((r) => r.verbs.includes('import')).map((r) => r.id)) {
        await page.goto(`${url}?game=${game}&tab=attack`);
        await settled(page);
        ok(await page.locator('[data-testid="import"]').isVisible(), `${game}: the character box is shown where the game has import`);
        await page.click('[data-testid="import"] summary');
        // Garbage: an error beside the box, the attacker unchanged, the page still answers.
        const before = await page.inputValue('[data-testid="attacker"]');
        await page.fill('[data-testid="import-text"]', 'hello, this is not a character file\n');
        await page.click('[data-testid="import-go"]');
        await settled(page);
        const err = await text(page, 'import-error');
        ok(err.includes('not a DCSS character file') && !err.includes('/tmp/'), `${game}: garbage pasted: an error in plain words (${err})`);
        ok((await page.inputValue('[data-testid="attacker"]')) === before, `${game}: garbage pasted: the attacker unchanged`);
        // The file: the attacker is the CLI's spec, and the attack is computed.
        const want = frayJson(['import', '--rules', game, charFile]);
        await page.fill('[data-testid="import-text"]', fs.readFileSync(charFile, 'utf8'));
        await page.click('[data-testid="import-go"]');
        await settled(page);
        const spec = await page.inputValue('[data-testid="attacker"]');
        ok(spec === want.spec, `${game}: the pasted character is the CLI's spec (${spec} vs ${want.spec})`);
        ok((await text(page, 'import-error')) === '', `${game}: the character read without an error`);
        ok((await text(page, 'import-summary')).includes(want.character.name), `${game}: the character's summary shown`);
        same(await page.$$eval('[data-testid="import-unused"] li', (ls) => ls.map((l) => l.textContent)), want.unused, `${game}: the unused list is the CLI's`);
        const defender = (await page.inputValue('[data-testid="defender"]')) || info.find((r) => r.id === game).defaults.defender;
        same(await jsonOf(page, 'attack-json'), frayJson(['attack', '--rules', game, '--attacker', want.spec, '--defender', defender]),
          `${game}: the pasted character's attack is the CLI's`);
        ok((await shownValue(page, 'fwd-p-hit')) !== null, `${game}: an answer shown for the pasted character`);
        ok((await page.inputValue('[data-testid="builder-attacker-base"]')) === 'player' && (await page.inputValue('[data-testid="builder-attacker-fighting"]')) === (want.spec.match(/fighting=([^,]+)/) || [])[1], `${game}: the builder reads the pasted spec`);
      }
      for (const game of info.filter((r) => !r.verbs.includes('import')).map((r) => r.id).slice(0, 1)) {
        await page.goto(`${url}?game=${game}&tab=attack`);
        await settled(page);
        ok(!(await page.locator('[data-testid="import"]').isVisible()), `${game}: no character box where the game has no import verb`);
      }
    }

    // --- the character builder: the form writes the spec, the spec fills the form ------
    await page.goto(`${url}?game=crawl&tab=attack`);
    await settled(page);
    await page.fill('[data-testid="attacker"]', 'player');
    await page.click('[data-testid="builder-attacker"] summary');
    await page.fill('[data-testid="builder-attacker-base"]', 'player');
    await page.locator('[data-testid="builder-attacker-base"]').dispatchEvent('change');
    await page.fill('[data-testid="builder-attacker-xl"]', '5');
    await page.fill('[data-testid="builder-attacker-weapon"]', 'war_axe');
    await page.check('[data-testid="builder-attacker-might"]');
    await settled(page);
    const built = await page.inputValue('[data-testid="attacker"]');
    ok(built === 'player:xl=5,weapon=war_axe,might', `the builder writes the spec (${built})`);
    same(await jsonOf(page, 'attack-json'), frayJson(['attack', '--rules', 'crawl', '--attacker', built, '--defender',
      await page.inputValue('[data-testid="defender"]')]), 'the built attacker\'s attack is the CLI\'s');
    ok((await page.getAttribute('[data-testid="builder-attacker-str"]', 'placeholder')).includes('10'), 'the builder shows a key\'s default');
    ok((await page.getAttribute('[data-testid="builder-attacker-fighting"]', 'max')) === '27', 'the builder reads a key\'s range');
    await page.fill('[data-testid="attacker"]', 'player:fighting=9,str=15,weapon=mace,foo=1');
    ok((await page.inputValue('[data-testid="builder-attacker-fighting"]')) === '9' && (await page.inputValue('[data-testid="builder-attacker-str"]')) === '15' &&
      (await page.inputValue('[data-testid="builder-attacker-weapon"]')) === 'mace' && (await page.inputValue('[data-testid="builder-attacker-more"]')) === 'foo=1',
      'the spec fills the builder');
    await page.click('[data-testid="builder-defender"] summary');
    await page.fill('[data-testid="defender"]', 'orc');
    const orc = frayJson(['list', '--rules', 'crawl', 'monsters']).entries.find((e) => e.name === 'orc');
    const orcStats = await text(page, 'builder-defender-stats');
    ok(Object.entries(orc.stats).filter(([, v]) => typeof v !== 'object').every(([k, v]) => orcStats.includes(`${k} ${v}`)), `a monster's stats shown (${orcStats})`);
    // Every game's builder: the keys the player and a monster take are those
    // the CLI's keys catalog says apply to them (applies_to).
    for (const r of info) {
      const keys = frayJson(['list', '--rules', r.id, 'keys']).entries;
      const classes = fray(['list', '--rules', r.id, 'classes', '--json']);
      const firstClass = classes.status === 0 ? JSON.parse(classes.out).entries[0]?.name : undefined;
      const monster = frayJson(['list', '--rules', r.id, 'monsters']).entries[0].name;
      const want = (kind) => [...new Set(keys.filter((e) => String(e.stats.applies_to ?? '').split(', ').includes(kind))
        .map((e) => e.name.slice(e.name.lastIndexOf(':') + 1)))].sort().join();
      const shownKeys = (side) => page.$$eval(`.builder[data-side="${side}"] [data-key]`,
        (els) => els.map((e) => e.dataset.key).filter((k) => k && k !== '*').sort().join());
      for (const [who, kind] of [[r.player || firstClass, 'player'], [monster, 'monster']]) {
        ok(want(kind) !== '', `${r.id}: the keys catalog names keys that apply to a ${kind}`);
        // On the Dice tab: the builder is filled all the same, and no fight of these two computes meanwhile.
        await page.goto(`${url}?game=${r.id}&tab=dice&attacker=${encodeURIComponent(who)}&defender=${encodeURIComponent(monster)}`);
        await settled(page);
        ok((await page.inputValue('[data-testid="builder-attacker-base"]')) === who, `${r.id}: the builder reads ${who}`);
        const got = await shownKeys('attacker');
        ok(got === want(kind), `${r.id}: the builder of ${who} (a ${kind}) shows the keys that apply to a ${kind}: ${got} vs ${want(kind)}`);
      }
    }
    await page.goto(`${url}?game=crawl&tab=attack&defender=orc`);
    await settled(page);
    // A half-typed name: no error while typing; the error after the pause.
    await page.fill('[data-testid="attacker"]', '');
    await page.type('[data-testid="attacker"]', 'ogr', { delay: 60 });
    await page.waitForTimeout(300);
    ok((await text(page, 'attacker-error')) === '', 'no error while a name is typed');
    await settled(page);
    ok((await text(page, 'attacker-error')).includes('ogr'), 'the error once the typing stops');
    await page.type('[data-testid="attacker"]', 'e');
    await settled(page);
    ok((await text(page, 'attacker-error')) === '', 'the whole name: no error');
    // No result stale after an input changes: the answers are the new inputs'.
    same(await shownValue(page, 'fwd-p-hit'), frayJson(['attack', '--rules', 'crawl', '--attacker', 'ogre', '--defender', 'orc']).p_hit,
      'the answers follow the inputs');
    // A default deleted: the box reads as its default (the placeholder), no tab breaks.
    await page.fill('[data-testid="attacker"]', '');
    await page.locator('[data-testid="attacker"]').blur();
    await settled(page);
    const d0 = info.find((r) => r.id === 'crawl').defaults;
    ok((await page.getAttribute('[data-testid="attacker"]', 'placeholder')) === d0.attacker && (await text(page, 'attacker-error')) === '',
      'an emptied attacker reads as the default');
    same(await shownValue(page, 'fwd-p-hit'), frayJson(['attack', '--rules', 'crawl', '--attacker', d0.attacker, '--defender', 'orc']).p_hit,
      'the default attacker computed');
    await page.click('[data-testid="tab-sweep"]');
    await page.fill('[data-testid="sweep-key"]', '');
    await settled(page);
    ok((await text(page, 'sweep-error')) === '' && (await page.locator('[data-testid="sweep-table"] tbody tr').count()) > 0, 'an emptied sweep key reads as the default');

    // --- bestiary: the page's rows are fray bestiary's, sortable; a row opens its duel -----
    for (const [game, attacker, monsters] of [
      ['pixel-dungeon', 'hero:class=warrior,level=5', 'marsupial_rat,gnoll_scout,sewer_crab,albino_rat'],
      ['crawl-0.34', 'player:fighting=5,long_blades=4,weapon=long_sword,hp=40', 'orc_warrior,goblin,ballistomycete'],
    ]) {
      await page.goto(`${url}?game=${game}&tab=bestiary&attacker=${encodeURIComponent(attacker)}&bmonsters=${monsters}`);
      await settled(page);
      ok(await page.isVisible('[data-testid="panel-bestiary"]') && await page.isVisible('#attacker'), `${game} bestiary: the tab shows, with the attacker`);
      ok((await page.locator('[data-testid="bestiary-table"] tbody tr').count()) === 0, `${game} bestiary: nothing computed before Run`);
      ok((await page.isVisible('[data-testid="bestiary-hd"]')) === (game === 'crawl-0.34'), `${game} bestiary: the level box only where the catalog has levels`);
      await page.click('[data-testid="bestiary-run"]');
      await settled(page);
      const want = frayJson(['bestiary', '--rules', game, '--attacker', attacker, '--monsters', monsters, '--method', 'auto', '--seed', '1']);
      same(await jsonOf(page, 'bestiary-json'), want, `${game} bestiary is fray bestiary --json`);
      const shownRows = () => page.$$eval('[data-testid="bestiary-table"] tbody tr',
        (trs) => trs.map((tr) => Object.fromEntries([...tr.cells].map((td) => [td.dataset.col, td.textContent]))));
      const rows = await shownRows();
      ok(rows.map((r) => r.name).join() === want.rows.map((r) => r.name).join(), `${game} bestiary: the rows in the CLI's order (${rows.map((r) => r.name)})`);
      for (const [i, r] of want.rows.entries()) {
        for (const k of ['p_hit', 'p_hit_by', 'p_win']) {
          const w = r.method === 'monte-carlo' && k === 'p_win' ? `${pagePct(r.p_win)} [${pagePct(r.p_win_lo)}, ${pagePct(r.p_win_hi)}]` : pagePct(r[k]);
          ok(rows[i][k] === w, `${game} bestiary ${r.name} ${k}: ${rows[i][k]} = ${w}`);
        }
      }
      // A header sorts by its column, again the other way, a third time back to the order of danger.
      await page.click('[data-testid="bestiary-sort-name"]');
      const byName = [...want.rows.map((r) => r.name)].sort((a, b) => a.localeCompare(b));
      ok((await shownRows()).map((r) => r.name).join() === byName.join(), `${game} bestiary: sorted by name`);
      await page.click('[data-testid="bestiary-sort-name"]');
      ok((await shownRows()).map((r) => r.name).join() === [...byName].reverse().join(), `${game} bestiary: sorted by name, descending`);
      await page.click('[data-testid="bestiary-sort-name"]');
      ok((await shownRows()).map((r) => r.name).join() === want.rows.map((r) => r.name).join(), `${game} bestiary: back to the order of danger`);
      await page.click('[data-testid="bestiary-sort-p_hit"]');
      const byHit = want.rows.map((r, i) => [r.p_hit, i]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, i]) => want.rows[i].name);
      ok((await shownRows()).map((r) => r.name).join() === byHit.join(), `${game} bestiary: sorted by P(hit)`);
      // A row: its duel on the Fight tab.
      const last = want.rows[want.rows.length - 1].name;
      await page.click(`[data-testid="bestiary-table"] tbody tr[data-name="${last}"]`);
      await settled(page);
      ok((await page.getAttribute('[data-testid="tab-fight"]', 'aria-selected')) === 'true' && (await page.inputValue('#defender')) === last,
        `${game} bestiary: a row opens the duel against ${last} on the Fight tab`);
      // Its inputs changed (the defender): the bestiary it shows is marked out of date until it runs again.
      await page.click('[data-testid="tab-bestiary"]');
      await page.fill('#attacker', `${attacker},hp=7`);
      await page.waitForTimeout(400);
      ok(await page.isVisible('[data-testid="bestiary-rerun"]') &&
        (await page.getAttribute('[data-results="bestiary"]', 'class') || '').includes('stale'),
        `${game} bestiary: marked out of date once the attacker changes`);
      await page.click('[data-testid="bestiary-rerun"]');
      await settled(page);
      ok(!(await page.isVisible('[data-testid="bestiary-rerun"]')), `${game} bestiary: fresh again after Run`);
    }
    // An unknown monster: the engine's words, and no crash.
    await page.goto(`${url}?game=crawl-0.34&tab=bestiary&bmonsters=${encodeURIComponent('orc_warrior,orc_wariror')}`);
    await settled(page);
    await page.click('[data-testid="bestiary-run"]');
    await settled(page);
    ok((await text(page, 'bestiary-error')) === `fray: error: ${fray(['bestiary', '--rules', 'crawl-0.34', '--attacker', 'player', '--monsters', 'orc_warrior,orc_wariror', '--json']).err.trim().replace(/^fray: error: /, '')}`,
      `bestiary: an unknown monster is the engine's error: ${await text(page, 'bestiary-error')}`);
    // --hd where the catalog has levels: the CLI's rows.
    await page.fill('[data-testid="bestiary-monsters"]', '');
    await page.fill('[data-testid="bestiary-hd"]', '1-2');
    await page.click('[data-testid="bestiary-run"]');
    await settled(page);
    ok((await text(page, 'bestiary-error')) === '', 'bestiary: the error clears on valid inputs');
    // Shared among the page's workers, with the row work of the whole selection: the CLI's document.
    const hdDoc = await jsonOf(page, 'bestiary-json');
    same(hdDoc,
      frayJson(['bestiary', '--rules', 'crawl-0.34', '--attacker', (await page.evaluate(() => window.frayPage.state().attacker)) || 'player', '--hd', '1-2', '--method', 'auto', '--seed', '1']),
      `bestiary --hd 1-2 (${hdDoc.rows.length} monsters on ${await page.evaluate(() => window.frayPage.lastMs.bestiary_workers)} workers) is fray bestiary --json`);
    // Inputs changed while the whole bestiary runs: it stops (its workers end,
    // the page is idle again long before the whole would be done) and the rows
    // shown stay the last run's, marked out of date.
    await page.fill('[data-testid="bestiary-hd"]', '');
    await settled(page);
    await page.click('[data-testid="bestiary-run"]');
    await page.waitForFunction(() => /^bestiary… \d+ %$/.test(document.querySelector('#status').textContent), null, { timeout: 60000, polling: 20 });
    const stopAt = Date.now();
    await page.fill('[data-testid="attacker"]', 'player:fighting=3');
    await settled(page);
    ok(Date.now() - stopAt < 15000, `bestiary: a change of the attacker stops the run (idle after ${Date.now() - stopAt} ms)`);
    same(await jsonOf(page, 'bestiary-json'), hdDoc, 'bestiary: the rows of the last run stay after a stopped one');
    ok((await page.locator('[data-testid="bestiary-table"] tbody tr').count()) === hdDoc.rows.length &&
      (await page.isVisible('[data-testid="bestiary-rerun"]')), 'bestiary: its table is the last run\'s, marked out of date, after a stopped run');
    // The whole crawl-0.34 bestiary (642 monsters) takes tens of seconds: timed on request only (docs/web.md).
    if (argv.includes('--bestiary-time')) await wholeBestiary(page, url);

    // --- tabs: role=tab, arrow keys ----------------------------------------------------
    await page.goto(`${url}?game=brogue&tab=sweep`);
    await settled(page);
    await page.focus('[data-testid="tab-sweep"]');
    await page.keyboard.press('ArrowRight');
    ok((await page.getAttribute('[data-testid="tab-bestiary"]', 'aria-selected')) === 'true' && (await page.isVisible('[data-testid="panel-bestiary"]')), 'ArrowRight selects the next tab (the bestiary)');
    await page.keyboard.press('ArrowRight');
    ok((await page.getAttribute('[data-testid="tab-dice"]', 'aria-selected')) === 'true' && (await page.isVisible('[data-testid="panel-dice"]')), 'ArrowRight selects the next tab');
    await page.keyboard.press('Home');
    ok((await page.getAttribute('[data-testid="tab-attack"]', 'aria-selected')) === 'true', 'Home selects the first tab');
    await settled(page);
    ok((await page.getAttribute('[data-testid="docs-link"]', 'href')) === 'docs/web.md' &&
      (await (await context.request.get(new URL('docs/web.md', url).href)).ok()), 'the footer links the docs the site serves');

    // --- a 360 px phone: no horizontal scroll on any tab ----------------------------------
    await page.setViewportSize({ width: 360, height: 740 });
    for (const [tab, game] of [['attack', 'crawl-0.34'], ['fight', 'brogue'], ['sweep', 'brogue'], ['bestiary', 'crawl-0.34'], ['dice', 'brogue'], ['grid', 'shattered-pd'], ['rules', 'brogue']]) {
      await page.goto(`${url}?game=${game}&tab=${tab}`);
      await settled(page);
      const w = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      ok(w[0] <= w[1], `360 px, ${tab}: no horizontal scroll (${w[0]} <= ${w[1]})`);
      // The bestiary's table too, once it has rows (it scrolls inside its own box).
      if (tab === 'bestiary') {
        await page.goto(`${url}?game=${game}&tab=${tab}&bmonsters=orc,orc_warrior,ogre`);
        await settled(page);
        await page.click('[data-testid="bestiary-run"]');
        await settled(page);
        const rows = await page.locator('[data-testid="bestiary-table"] tbody tr').count();
        const r = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
        ok(rows === 3 && r[0] <= r[1], `360 px, bestiary with ${rows} rows: no horizontal scroll (${r[0]} <= ${r[1]})`);
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // --- permalink round trip ----------------------------------------------------------
    await page.goto(`${url}?game=crawl&tab=attack`);
    await settled(page);
    await page.fill('[data-testid="attacker"]', 'player:fighting=9,weapon_skill=7,weapon=war_axe,str=15');
    await page.fill('[data-testid="defender"]', 'ogre');
    await page.check('[data-testid="situation-unaware"]');
    await page.selectOption('[data-testid="view"]', 'at-most');
    await settled(page);
    const before = await jsonOf(page, 'attack-json');
    const link = await page.getAttribute('[data-testid="permalink"]', 'href');
    const other = await context.newPage();
    await other.goto(new URL(link, url).href);
    await settled(other);
    ok((await other.inputValue('[data-testid="attacker"]')) === 'player:fighting=9,weapon_skill=7,weapon=war_axe,str=15', 'permalink: attacker');
    ok(await other.isChecked('[data-testid="situation-unaware"]'), 'permalink: situation');
    ok((await other.inputValue('[data-testid="view"]')) === 'at-most', 'permalink: view');
    same(await jsonOf(other, 'attack-json'), before, 'permalink: the same attack');
    same(before, frayJson(['attack', '--rules', 'crawl', '--attacker', 'player:fighting=9,weapon_skill=7,weapon=war_axe,str=15',
      '--defender', 'ogre', '--situation', 'unaware']), 'permalink attack is the CLI\'s');
    await other.close();

    // --- your rules: a rules file in the editor is a game of every tab ------------------
    await yourRules(page, context, url);

    // --- bad input: the CLI's message beside the field -----------------------------------
    await page.goto(`${url}?game=brogue&tab=attack`);
    await settled(page);
    await page.fill('[data-testid="attacker"]', 'gobln');
    await settled(page);
    const bad = fray(['attack', '--rules', 'brogue', '--attacker', 'gobln', '--defender', await page.inputValue('[data-testid="defender"]')]);
    ok(bad.status === 2, 'the CLI rejects gobln');
    ok((await text(page, 'attacker-error')) === bad.err.trim(), `attacker error: '${await text(page, 'attacker-error')}' vs '${bad.err.trim()}'`);
    await page.click('[data-testid="tab-dice"]');
    await page.fill('[data-testid="dice-exprs"]', '3d');
    await settled(page);
    ok((await text(page, 'dice-error')) === fray(['dist', '3d']).err.trim(), 'dice error is the CLI\'s');
    await page.fill('[data-testid="dice-exprs"]', '2d6');
    await settled(page);
    ok((await text(page, 'dice-error')) === '', 'the error clears');

    // --- the JS API ------------------------------------------------------------------------
    const calls = [
      ['dist', { expr: '2d6+1' }, ['dist', '2d6+1']],
      ['dist', { expr: ['1d4', '1d6'] }, ['dist', '1d4', '1d6']],
      ['roll', { expr: '3d6', seed: 7, count: 5 }, ['roll', '3d6', '--seed', '7', '--count', '5']],
      ['attack', { rules: 'pixel-dungeon', attacker: 'hero:class=rogue,level=3', defender: 'gnoll_scout', situation: 'unseen' },
        ['attack', '--rules', 'pixel-dungeon', '--attacker', 'hero:class=rogue,level=3', '--defender', 'gnoll_scout', '--situation', 'unseen']],
      ['strike', { rules: 'brogue', attacker: 'player', defender: 'goblin', seed: 3, count: 20 },
        ['strike', '--rules', 'brogue', '--attacker', 'player', '--defender', 'goblin', '--seed', '3', '--count', '20']],
      ['ttk', { rules: 'brogue', attacker: 'player', defender: 'goblin' }, ['ttk', '--rules', 'brogue', '--attacker', 'player', '--defender', 'goblin']],
      ['duel', { rules: 'epixx', a: 'human_fighter', b: 'ogre' }, ['duel', '--rules', 'epixx', '--a', 'human_fighter', '--b', 'ogre']],
      ['duel', { rules: 'crawl', a: 'player:fighting=5,weapon=long_sword,hp=40', b: 'orc_warrior', sims: 2000, seed: 5, threads: 1 },
        ['duel', '--rules', 'crawl', '--a', 'player:fighting=5,weapon=long_sword,hp=40', '--b', 'orc_warrior', '--sims', '2000', '--seed', '5']],
      ['ttk', { rules: 'brogue', attacker: 'player', defender: 'goblin_conjurer', method: 'exact', sims: 2000 },
        ['ttk', '--rules', 'brogue', '--attacker', 'player', '--defender', 'goblin_conjurer', '--method', 'exact', '--sims', '2000']],
      ['sweep', { rules: 'crawl', attacker: 'player:weapon=mace', defender: 'orc', skill: 'dex', from: 8, to: 14, step: 2 },
        ['sweep', '--rules', 'crawl', '--attacker', 'player:weapon=mace', '--defender', 'orc', '--skill', 'dex', '--from', '8', '--to', '14', '--step', '2']],
      ['table', { rules: 'brogue', table: 'armor-for-hit', reachable: true }, ['table', 'armor-for-hit', '--rules', 'brogue', '--reachable']],
      ['list', { rules: 'crawl', kind: 'weapons' }, ['list', '--rules', 'crawl', 'weapons']],
      ['list', { rules: 'epixx' }, ['list', '--rules', 'epixx']],
      ['fov', { map, at: '2,5', algorithm: 'symmetric', radius: 4 }, ['fov', '--map', mapFile, '--at', '2,5', '--algorithm', 'symmetric', '--radius', '4']],
      ['path', { map, from: '2,5', to: '10,1', magic: true }, ['path', '--map', mapFile, '--from', '2,5', '--to', '10,1', '--magic']],
    ];
    const got = await page.evaluate(async (calls) => {
      const { loadFray } = await import('./fray-api.js');
      const fray = await loadFray();
      const out = calls.map(([fn, o]) => fray[fn](o));
      const rulesets = fray.rulesets();
      const rulesetInfo = fray.rulesetInfo();
      const catalogs = fray.catalogs({ rules: 'brogue' });
      let error = null;
      try {
        fray.attack({ rules: 'brogue', attacker: 'gobln', defender: 'rat' });
      } catch (e) {
        error = { name: e.name, message: e.message };
      }
      return { out, error, rulesets, rulesetInfo, catalogs };
    }, calls.map(([fn, o]) => [fn, o]));
    calls.forEach(([fn, , args], i) => same(got.out[i], frayJson(args), `API ${fn} #${i}`));
    same(got.rulesets, games, 'API rulesets are the page\'s games');
    same(got.rulesetInfo, info, 'API rulesetInfo is what the page read');
    const kinds = Object.keys(frayJson(['list', '--rules', 'brogue']).catalogs);
    same(Object.keys(got.catalogs).sort(), kinds.sort(), 'API catalogs: every kind');
    for (const k of kinds) same(got.catalogs[k], frayJson(['list', '--rules', 'brogue', k]).entries, `API catalogs: ${k}`);
    const apiErr = fray(['attack', '--rules', 'brogue', '--attacker', 'gobln', '--defender', 'rat']).err.trim();
    ok(got.error && `fray: error: ${got.error.message}` === apiErr, `API error: ${JSON.stringify(got.error)} vs ${apiErr}`);

    // --- performance -----------------------------------------------------------------
    perf.attack_ms = await page.evaluate(async () => {
      const times = [];
      for (let i = 0; i < 10; ++i) {
        const t0 = performance.now();
        await window.frayPage.call('plot', 'attack', { rules: 'crawl', attacker: `player:fighting=${i},weapon=long_sword`, defender: 'orc_warrior' }, 'normal');
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      return times[5];
    });
    perf.duel_100hp_ms = await page.evaluate(async () => {
      const t0 = performance.now();
      const d = await window.frayPage.call('duel', { rules: 'brogue', a: 'player:hp=100,regeneration=none', b: 'ogre:hp=100', exact: true });
      return { ms: performance.now() - t0, method: d.method, p_a_wins: d.p_a_wins };
    });
    same((await page.evaluate(() => window.frayPage.call('duel', { rules: 'brogue', a: 'player:hp=100,regeneration=none', b: 'ogre:hp=100', exact: true }))),
      frayJson(['duel', '--rules', 'brogue', '--a', 'player:hp=100,regeneration=none', '--b', 'ogre:hp=100', '--exact']), 'exact 100-HP duel');
    // Cancel: a long computation stops and the page keeps working.
    // (a Monte Carlo run within the work budget that still takes seconds: 400 000 fights of about 200 attacks)
    await page.goto(`${url}?game=brogue&tab=fight&attacker=${encodeURIComponent('player:hp=300')}&defender=${encodeURIComponent('goblin:hp=300')}&method=mc&sims=400000`);
    await page.waitForSelector('[data-testid="cancel"]:not([hidden])', { timeout: 20000 });
    // The worker reports its progress while it computes.
    await page.waitForSelector('[data-testid="progress"]:not([hidden])', { timeout: 20000 });
    const fraction = await page.$eval('[data-testid="progress"]', (p) => p.value);
    ok(fraction > 0 && fraction < 1, `the progress bar moves (${fraction})`);
    ok(/duel… \d+ %/.test(await text(page, 'status')), `the status says how far (${await text(page, 'status')})`);
    await page.click('[data-testid="cancel"]');
    ok((await text(page, 'status')) === 'cancelled', 'cancel stops the computation');
    await page.waitForFunction(() => window.frayPage.lastMs.restart !== undefined, null, { timeout: 20000 });
    perf.restart_ms = await page.evaluate(() => window.frayPage.lastMs.restart);
    await page.click('[data-testid="tab-dice"]');
    await settled(page);
    ok((await jsonOf(page, 'dice-json')).length === 2, 'the page computes after a cancel');

    // --- out of date: an input error keeps the last result, marked, until valid inputs compute ---
    await page.goto(`${url}?game=brogue&tab=attack`);
    await settled(page);
    const marked = async (p, section) => ({
      note: await text(p, `${section}-stale`),
      dimmed: await p.$eval(`[data-testid="${section}-results"]`, (el) => el.classList.contains('stale')),
    });
    {
      const shown = await jsonOf(page, 'attack-json');
      let m = await marked(page, 'attack');
      ok(m.note === '' && !m.dimmed, 'a fresh result is not marked out of date');
      ok((await page.getAttribute('[data-testid="attack-stale"]', 'role')) === 'status' &&
        (await page.getAttribute('[data-testid="attack-results"]', 'aria-describedby')) === 'attack-stale',
      'the out-of-date note is a status region the results point to');
      await page.fill('[data-testid="attacker"]', 'gobln');
      await settled(page);
      m = await marked(page, 'attack');
      ok(m.dimmed && /^Out of date: .*error/.test(m.note), `an input error marks the result out of date ('${m.note}')`);
      same(await jsonOf(page, 'attack-json'), shown, 'the marked result is the last one computed');
      ok((await text(page, 'attacker-error')) !== '', 'the error is shown beside its field');
      await page.fill('[data-testid="attacker"]', 'player:enchant=2');
      await settled(page);
      m = await marked(page, 'attack');
      ok(m.note === '' && !m.dimmed, 'valid inputs again: computed, and the mark is gone');
      same(await jsonOf(page, 'attack-json'), frayJson(['attack', '--rules', 'brogue', '--attacker', 'player:enchant=2',
        '--defender', await page.inputValue('[data-testid="defender"]')]), 'the fresh result is the CLI\'s');
    }

    // --- out of date: a Cancel keeps the last result, marked; the next valid inputs compute ---
    await page.goto(`${url}?game=brogue&tab=fight&method=mc&sims=2000`);
    await settled(page);
    {
      const shown = await jsonOf(page, 'duel-json');
      // The inputs of a long run, set at once (one computation).
      await page.evaluate(() => {
        const set = (id, v) => { document.querySelector(`[data-testid="${id}"]`).value = v; };
        set('attacker', 'player:hp=300');
        set('defender', 'goblin:hp=300');
        set('sims', '400000');
        document.querySelector('[data-testid="sims"]').dispatchEvent(new Event('input', { bubbles: true }));
      });
      await page.waitForSelector('[data-testid="cancel"]:not([hidden])', { timeout: 20000 });
      await page.click('[data-testid="cancel"]');
      let m = await marked(page, 'fight');
      ok(m.dimmed && /^Out of date: .*cancelled/.test(m.note), `a Cancel marks the result out of date ('${m.note}')`);
      same(await jsonOf(page, 'duel-json'), shown, 'the marked duel is the last one computed');
      // The note's button computes the current inputs again (cancelled again here).
      await page.click('[data-testid="fight-recompute"]');
      await page.waitForSelector('[data-testid="cancel"]:not([hidden])', { timeout: 20000 });
      await page.click('[data-testid="cancel"]');
      m = await marked(page, 'fight');
      ok(m.dimmed && /cancelled/.test(m.note), 'cancelled again: still out of date');
      // Changed to an invalid input: still out of date, now for the error.
      await page.fill('[data-testid="sims"]', '0');
      await settled(page);
      m = await marked(page, 'fight');
      ok(m.dimmed && /error/.test(m.note) && (await text(page, 'fight-error')) !== '', 'an invalid input after a Cancel: the error, still out of date');
      // Valid again: the page computes the inputs as they are now.
      await page.fill('[data-testid="sims"]', '3000');
      await settled(page);
      m = await marked(page, 'fight');
      ok(m.note === '' && !m.dimmed, 'valid inputs after a Cancel and an error: computed, unmarked');
      same(await jsonOf(page, 'duel-json'), frayJson(['duel', '--rules', 'brogue', '--a', 'player:hp=300', '--b', 'goblin:hp=300',
        '--first', 'a', '--sims', '3000', '--seed', '1']), 'the duel after a Cancel is the CLI\'s for the current inputs');
    }

    // --- Cancel while the engine loads: the load goes on and the page computes ---
    {
      const slow = await context.newPage();
      const slowErrors = [];
      slow.on('pageerror', (e) => slowErrors.push(String(e)));
      // fray.wasm is held until the cancels are done (routing also turns the HTTP cache off).
      let release;
      const gate = new Promise((resolve) => (release = resolve));
      let held = 0;
      await slow.route('**/fray.wasm', async (route) => {
        ++held;
        await gate;
        await route.continue();
      });
      await slow.goto(`${url}?game=brogue&tab=attack`, { waitUntil: 'domcontentloaded' });
      await slow.waitForFunction(() => window.frayPage !== undefined, null, { timeout: 20000 });
      await slow.waitForTimeout(400); // past the 150 ms after which a computation shows Cancel
      ok(held > 0 && (await slow.evaluate(() => document.body.dataset.ready !== 'true')), 'the engine is still loading');
      ok(await slow.locator('[data-testid="cancel"]').isHidden(), 'no Cancel for the page\'s own loading');
      ok((await text(slow, 'status')) === 'loading the engine…', `the status says the engine loads (${await text(slow, 'status')})`);
      // The first paint: a loading note and its bar, no tab's empty results.
      ok((await slow.locator('[data-testid="loading"]').isVisible()) && !(await slow.locator('[data-testid="panel-attack"]').isVisible()) &&
        !(await slow.locator('#sides').isVisible()), 'while the engine loads: the loading note, no empty tab');
      // Cancel anyway (the page's API, as a click would): twice, the second while the first's new worker starts.
      await slow.evaluate(() => {
        window.frayPage.cancel();
        window.frayPage.cancel();
      });
      await slow.waitForTimeout(100);
      release();
      await slow.evaluate(() => {
        if (document.body.dataset.ready !== 'true') window.frayPage.cancel(); // the module compiling still
      });
      const loaded = await slow.waitForFunction(() => document.body.dataset.ready === 'true' && window.frayPage.idle(), null,
        { timeout: 60000, polling: 50 }).then(() => true, () => false);
      ok(loaded, 'a Cancel while the engine loads: the page loads');
      if (loaded) {
        await settled(slow);
        const d = await slow.inputValue('[data-testid="defender"]');
        same(await jsonOf(slow, 'attack-json'), frayJson(['attack', '--rules', 'brogue', '--attacker', 'player', '--defender', d]),
          'the first attack after a Cancel during the load');
        await slow.fill('[data-testid="attacker"]', 'player:enchant=1');
        await settled(slow);
        same(await jsonOf(slow, 'attack-json'), frayJson(['attack', '--rules', 'brogue', '--attacker', 'player:enchant=1', '--defender', d]),
          'and the next one');
      }
      ok(slowErrors.length === 0, `no page errors after a Cancel during the load: ${slowErrors.join('; ')}`);
      await slow.close();
    }

    ok(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    ok(foreign.length === 0, `nothing from another host: ${foreign.join(', ')}`);
    const wasm = fs.statSync(path.join(site, 'fray.wasm')).size;
    perf.wasm_bytes = wasm;
    perf.wasm_gzip_bytes = wasmGzip;
    ok(wasm < 4e6, `fray.wasm is under 4 MB (${wasm})`);
    // The 1 s target (docs/web.md) is reported, not enforced: a busy CI machine
    // multiplies it; a bound five times as wide still catches a broken load.
    ok(perf.interactive_ms < 5000, `first load interactive in under 5 s (median ${perf.interactive_ms} ms)`);
    ok(perf.interactive_reload_ms < 5000, `reload interactive in under 5 s (median ${perf.interactive_reload_ms} ms)`);
    ok(perf.attack_ms < 50, `attack recomputed in under 50 ms (${perf.attack_ms} ms)`);
    ok(perf.duel_100hp_ms.method === 'exact', `the 100-HP duel is exact (${perf.duel_100hp_ms.method})`);
    ok(perf.duel_100hp_ms.ms < 1000, `exact 100-HP duel in under 1 s (${perf.duel_100hp_ms.ms} ms)`);

    if (shots) await screenshots(context, url, shots);
  } finally {
    await context.close();
    server.kill();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  console.log(`performance: ${JSON.stringify(perf)}`);
  console.log(`${checks - failures}/${checks} checks passed`);
  process.exit(failures ? 1 : 0);
}

// The Your rules tab (docs/web.md): the example rules file loaded in the
// editor is a game of every tab, each answer the CLI's with --rules-file (the
// bestiary's workers and a worker a Cancel starts read it too); an edit loads
// again; a bad file shows the CLI's message with its line and column and
// moves the cursor there; the permalink carries the file (deflate-raw,
// base64url) and reopens it.
const RULES_DIR = path.resolve('examples/rules');
// The CLI in a folder: a rules file named there as the page names its text (rules.toml).
function frayIn(dir, args) {
  try {
    return { status: 0, out: execFileSync(cli, args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) };
  } catch (e) {
    return { status: e.status, out: e.stdout, err: e.stderr };
  }
}
// The index in a text of a line and column (1-based, the column in characters), as the page moves its cursor.
function textIndex(textOf, line, column) {
  const lines = textOf.split('\n');
  let i = 0;
  for (let l = 1; l < line && l <= lines.length; ++l) i += lines[l - 1].length + 1;
  return i + [...(lines[line - 1] || '')].slice(0, column - 1).join('').length;
}
async function yourRules(page, context, url) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-e2e-rules-'));
  const file = path.join(dir, 'rules.toml');
  const example = path.join(RULES_DIR, 'percent.toml');
  const exampleText = fs.readFileSync(example, 'utf8');
  const fightArgs = ['--method', 'auto', '--sims', '100000', '--seed', '1'];
  const editorState = () => page.evaluate(() => {
    const t = document.querySelector('[data-testid="rules-text"]');
    return { start: t.selectionStart, end: t.selectionEnd, focused: document.activeElement === t };
  });
  // Every tab against the CLI on a rules file (`rf`: its --rules-file arguments).
  const everyTab = async (rf, what) => {
    const listed = frayJson(['list', ...rf]);
    await page.click('[data-testid="tab-attack"]');
    await settled(page);
    // An empty side reads as the game's default, its placeholder.
    const side = async (tid) => (await page.inputValue(`[data-testid="${tid}"]`)) || (await page.getAttribute(`[data-testid="${tid}"]`, 'placeholder'));
    const a = await side('attacker');
    const d = await side('defender');
    const attack = frayJson(['attack', ...rf, '--attacker', a, '--defender', d]);
    same(await jsonOf(page, 'attack-json'), attack, `${what}: the attack (${a} on ${d}) is fray attack --rules-file`);
    ok(close(await shownValue(page, 'fwd-p-hit'), attack.p_hit), `${what}: P(hit) shown is the CLI's`);
    const rev = frayJson(['attack', ...rf, '--attacker', d, '--defender', a]);
    ok(close(await shownValue(page, 'rev-p-hit'), rev.p_hit), `${what}: the defender's P(hit) shown is the CLI's`);
    const ttk = frayJson(['ttk', ...rf, '--attacker', a, '--defender', d, ...fightArgs]);
    ok(close(await shownValue(page, 'fwd-attacks-to-kill'), ttk.attacks.mean), `${what}: attacks to kill shown is the CLI's`);
    const monsters = frayJson(['list', ...rf, 'monsters']).entries.map((e) => e.name);
    const offered = await page.$$eval('#attacker-list option', (os) => os.map((o) => o.value));
    ok(monsters.every((m) => offered.includes(m)), `${what}: the attacker list offers the file's monsters (${offered})`);
    // The builder's form is the file's stats (the keys catalog).
    const keys = frayJson(['list', ...rf, 'keys']).entries.map((e) => e.name.slice(e.name.lastIndexOf(':') + 1));
    await page.click('[data-testid="builder-defender"] summary');
    const form = await page.$$eval('.builder[data-side="defender"] [data-key]', (els) => els.map((e) => e.dataset.key).filter((k) => k && k !== '*'));
    ok(form.length > 0 && form.every((k) => keys.includes(k)), `${what}: the builder's form is the file's keys (${form} of ${keys})`);
    await page.click('[data-testid="builder-defender"] summary');
    await page.click('[data-testid="tab-fight"]');
    await settled(page);
    same(await jsonOf(page, 'duel-json'), frayJson(['duel', ...rf, '--a', a, '--b', d, '--first', 'a', ...fightArgs]), `${what}: the duel is fray duel --rules-file`);
    same(await jsonOf(page, 'ttk-json'), ttk, `${what}: turns to kill is fray ttk --rules-file`);
    await page.click('[data-testid="tab-sweep"]');
    await settled(page);
    const st = await page.evaluate(() => window.frayPage.state());
    const sweep = await jsonOf(page, 'sweep-json');
    const series = st.sseries.split('\n').map((s) => s.trim()).filter(Boolean);
    if (series.length === 0) series.push(st.sside === 'defender' ? a : d);
    const varied = st.sside === 'defender' ? 'defender' : 'attacker';
    const dflt = info.defaults.sweep;
    const sweepKey = st.skey || dflt.key;
    ok(sweep.length === series.length, `${what}: a sweep per series`);
    series.forEach((s, i) => {
      same(sweep[i], frayJson(['sweep', ...rf, '--attacker', varied === 'attacker' ? a : s, '--defender', varied === 'defender' ? d : s,
        '--key', sweepKey, '--from', String(st.sfrom || dflt.from), '--to', String(st.sto || dflt.to), '--step', String(st.sstep || dflt.step), '--side', varied,
        '--method', 'auto', '--sims', st.ssims, '--seed', st.seed, '--columns', sweepNeeds(st.sy)]), `${what}: sweep ${s} is fray sweep --rules-file`);
    });
    // The bestiary: its rows shared among the bestiary's workers, each of which reads the file.
    await page.click('[data-testid="tab-bestiary"]');
    await settled(page);
    await page.click('[data-testid="bestiary-run"]');
    await settled(page);
    const best = fray(['bestiary', ...rf, '--attacker', a, '--method', 'auto', '--seed', '1', '--json']);
    if (best.status === 0) {
      const shownError = await text(page, 'bestiary-error');
      if (ok(shownError === '', `${what}: the bestiary answers (${shownError})`))
        same(await jsonOf(page, 'bestiary-json'), JSON.parse(best.out), `${what}: the bestiary (${monsters.length} monsters, ` +
        `${await page.evaluate(() => window.frayPage.lastMs.bestiary_workers)} workers) is fray bestiary --rules-file`);
    } else {
      ok((await text(page, 'bestiary-error')) === best.err.trim(), `${what}: the bestiary's error is the CLI's (${best.err.trim()})`);
    }
    return listed;
  };

  // The tab: the editor starts from percent.toml, the picker offers every example.
  await page.goto(`${url}?game=brogue&tab=rules`);
  await settled(page);
  ok(await page.isVisible('[data-testid="panel-rules"]') && !(await page.isVisible('#sides')), 'your rules: the tab shows, without the sides');
  ok((await page.inputValue('[data-testid="rules-text"]')) === exampleText, 'your rules: the editor starts from examples/rules/percent.toml');
  const files = fs.readdirSync(RULES_DIR).filter((f) => f.endsWith('.toml')).sort();
  same((await page.$$eval('[data-testid="rules-example"] option', (os) => os.map((o) => o.value))).sort(), files,
    'your rules: the example picker offers every examples/rules/*.toml');
  ok((await page.inputValue('[data-testid="game"]')) === 'brogue', 'your rules: nothing loaded before Load');
  ok((await page.getAttribute('[data-testid="rules-docs-link"]', 'href')) === 'docs/rules.md' &&
    (await (await context.request.get(new URL('docs/rules.md', url).href)).ok()), 'your rules: the tab links rules.md, which the site serves');
  // Every example the site serves is the repository's, and loads.
  for (const f of files) {
    const served = await context.request.get(new URL(`rules/${f}`, url).href);
    ok(served.ok() && (await served.text()) === fs.readFileSync(path.join(RULES_DIR, f), 'utf8'), `your rules: the site serves ${f}`);
  }

  // Load: the file is the game of every tab.
  await page.click('[data-testid="rules-load"]');
  await settled(page);
  const listed = frayJson(['list', '--rules-file', example]);
  const id = listed.rules;
  ok((await text(page, 'rules-error')) === '', `your rules: the example loads (${await text(page, 'rules-error')})`);
  ok((await page.inputValue('[data-testid="game"]')) === id, `your rules: loaded, the game picker selects it (${id})`);
  ok((await page.locator('[data-testid="game-rules"]').textContent()) === `Your rules: ${listed.title}`,
    `your rules: "Your rules: ${listed.title}" in the game picker`);
  ok((await text(page, 'rules-status')).includes(listed.title), 'your rules: the tab says what it loaded');
  const info = (await page.evaluate(() => window.frayPage.call('rulesetInfo'))).find((r) => r.id === id);
  same(await page.evaluate((t) => window.frayPage.call('loadRules', t), exampleText), info, 'your rules: loadRules() gives the ruleset\'s rulesetInfo()');
  same([...info.catalogs].sort(), Object.keys(listed.catalogs).sort(), 'your rules: its catalogs are fray list --rules-file\'s');
  await everyTab(['--rules-file', example], 'your rules');

  // A Cancel: the worker started in the cancelled one's place reads the file too.
  await page.click('[data-testid="tab-fight"]');
  await settled(page);
  await page.evaluate(() => {
    const set = (tid, v) => { document.querySelector(`[data-testid="${tid}"]`).value = v; };
    set('attacker', 'hp=1000');
    set('defender', 'hp=1000');
    for (const m of document.querySelectorAll('[data-state="method"]')) m.value = 'mc';
    set('sims', '11000');
    document.querySelector('[data-testid="sims"]').dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.waitForSelector('[data-testid="cancel"]:not([hidden])', { timeout: 20000 });
  await page.click('[data-testid="cancel"]');
  await page.fill('[data-testid="sims"]', '2000');
  await settled(page);
  same(await jsonOf(page, 'duel-json'), frayJson(['duel', '--rules-file', example, '--a', 'hp=1000', '--b', 'hp=1000', '--first', 'a',
    '--method', 'monte-carlo', '--sims', '2000', '--seed', '1']), 'your rules: after a Cancel, the new worker answers for the file');
  await page.selectOption('[data-testid="method"]', 'auto');
  await page.fill('[data-testid="sims"]', '100000');
  await page.fill('[data-testid="attacker"]', '');
  await page.fill('[data-testid="defender"]', '');
  await settled(page);

  // Edited as it is typed: the file loads again (the same id: its ruleset replaced), every tab follows.
  const edited = exampleText.replace(/\s*$/, '\n') + '\n[[monsters]]\nname = "e2e_dummy"\nhp = 33\n';
  fs.writeFileSync(file, edited);
  await page.click('[data-testid="tab-rules"]');
  await page.fill('[data-testid="rules-text"]', edited);
  await settled(page);
  ok((await page.locator('[data-testid="game"] option[data-rules]').count()) === 1 && (await page.inputValue('[data-testid="game"]')) === id,
    'your rules: reloaded, one "Your rules" game, still selected');
  await page.click('[data-testid="tab-attack"]');
  await page.fill('[data-testid="defender"]', 'e2e_dummy');
  await settled(page);
  same(await jsonOf(page, 'attack-json'), frayJson(['attack', '--rules-file', file, '--attacker', await page.inputValue('[data-testid="attacker"]') || info.defaults.attacker,
    '--defender', 'e2e_dummy']), 'your rules: edited, the attack on its new monster is the CLI\'s');
  await page.fill('[data-testid="defender"]', '');
  await settled(page);
  await everyTab(['--rules-file', file], 'your rules, edited');

  // The permalink carries the file and reopens it.
  const link = await page.getAttribute('[data-testid="permalink"]', 'href');
  const packed = new URL(link, url).searchParams.get('rules');
  ok(packed !== null && zlib.inflateRawSync(Buffer.from(packed, 'base64url')).toString('utf8') === edited,
    `your rules: the permalink carries the file, deflate-raw in base64url (${link.length} characters)`);
  await page.click('[data-testid="tab-attack"]');
  await settled(page);
  const shown = await jsonOf(page, 'attack-json');
  const attackLink = await page.getAttribute('[data-testid="permalink"]', 'href');
  {
    const other = await context.newPage();
    await other.goto(new URL(attackLink, url).href);
    await settled(other);
    ok((await other.inputValue('[data-testid="game"]')) === id && (await other.getAttribute('[data-testid="tab-attack"]', 'aria-selected')) === 'true',
      'your rules permalink: the game and the tab');
    same(await jsonOf(other, 'attack-json'), shown, 'your rules permalink: the same attack');
    await other.click('[data-testid="tab-rules"]');
    await settled(other);
    ok((await other.inputValue('[data-testid="rules-text"]')) === edited, 'your rules permalink: the file in the editor');
    ok((await text(other, 'rules-status')).includes(listed.title), 'your rules permalink: the tab says the file is loaded');
    await other.close();
  }

  // A bad file: the CLI's message, its line and column; Load moves the cursor there; the game stays the last file loaded.
  const bad = edited + '\n[[monsters]]\nname = "e2e_bad"\n  hp = "many"\n';
  fs.writeFileSync(file, bad);
  const cliBad = frayIn(dir, ['list', '--rules-file', 'rules.toml', '--json']);
  const where = (cliBad.err || '').match(/rules\.toml:(\d+):(\d+): /);
  ok(cliBad.status === 2 && where !== null, `your rules: the CLI refuses the bad file, saying where (${(cliBad.err || '').trim()})`);
  const [line, col] = where ? [Number(where[1]), Number(where[2])] : [0, 0];
  await page.click('[data-testid="tab-rules"]');
  await page.uncheck('[data-testid="rules-live"]');
  await page.fill('[data-testid="rules-text"]', bad);
  await page.evaluate(() => document.querySelector('[data-testid="rules-text"]').setSelectionRange(0, 0));
  await page.click('[data-testid="rules-load"]');
  await settled(page);
  const err = await text(page, 'rules-error');
  ok(err.startsWith(cliBad.err.trim()) && err.includes(`rules.toml:${line}:${col}:`), `your rules: the error is the CLI's, with line:column (${err})`);
  let sel = await editorState();
  const at = textIndex(bad, line, col);
  ok(sel.focused && sel.start === at && sel.end === at, `your rules: Load moved the cursor to line ${line}, column ${col} (${sel.start} vs ${at})`);
  ok((await page.locator('[data-testid="rules-gutter"] mark').textContent()) === String(line), 'your rules: the line numbers mark the error\'s line');
  ok((await page.inputValue('[data-testid="game"]')) === id && (await text(page, 'rules-status')).includes('loaded before'),
    'your rules: after a bad file, the game is the file loaded before');
  // As it is typed: the error shows, the cursor stays where it types.
  await page.check('[data-testid="rules-live"]');
  await page.evaluate(() => document.querySelector('[data-testid="rules-text"]').setSelectionRange(3, 3));
  await page.locator('[data-testid="rules-text"]').press('End');
  await page.keyboard.type(' ');
  await settled(page);
  sel = await editorState();
  ok((await text(page, 'rules-error')).includes(`rules.toml:${line}:${col}:`) && sel.start !== at,
    `your rules: typed, the error shows and the cursor stays (${sel.start})`);
  await page.click('[data-testid="rules-goto"]');
  sel = await editorState();
  const typed = textIndex(await page.inputValue('[data-testid="rules-text"]'), line, col);
  ok(sel.focused && sel.start === typed && typed === at + 1, `your rules: the error's button moves the cursor to its place (${sel.start} vs ${typed})`);
  // A link to a bad file opens the tab with its error.
  {
    const other = await context.newPage();
    await other.goto(`${url}?game=${id}&tab=attack&rules=${zlib.deflateRawSync(Buffer.from(bad)).toString('base64url')}`);
    await settled(other);
    ok((await other.getAttribute('[data-testid="tab-rules"]', 'aria-selected')) === 'true' &&
      (await text(other, 'rules-error')).startsWith(cliBad.err.trim()), 'your rules: a link to a bad file opens the tab with the CLI\'s error');
    ok((await other.inputValue('[data-testid="rules-text"]')) === bad, 'your rules: a link to a bad file, the file in the editor');
    await other.goto(`${url}?game=${id}&rules=not*base64`);
    await settled(other);
    ok((await text(other, 'rules-error')).includes('cannot be read'), `your rules: a broken link says so (${await text(other, 'rules-error')})`);
    await other.close();
  }
  // A file with a flag, a real and a situation: the builder's check box and
  // bounded number, the situation's box; a new id replaces the game; the id
  // of a game fray knows is refused, without a place.
  {
    const flags = `[game]
id = "e2e-flags"
title = "Flags 0.1"

[stats]
hp     = { default = 10, min = 1, max = 1000 }
undead = { type = "flag", help = "undead: blows do double damage" }
luck   = { type = "real", default = 0.5, min = 0.0, max = 1.0, help = "the chance of a blow" }

[situations]
sleeping = "the defender is asleep: every blow hits"

[attack]
program = '''
if situation.sleeping or chance(a.luck) then
  if d.undead then
    return hit, 4
  end
  return hit, 2
end
return miss
'''

[[monsters]]
name = "zombie"
hp = 5
undead = true
`;
    fs.writeFileSync(file, flags);
    await page.click('[data-testid="tab-rules"]');
    await page.fill('[data-testid="rules-text"]', flags);
    await page.click('[data-testid="rules-load"]');
    await settled(page);
    ok((await page.inputValue('[data-testid="game"]')) === 'e2e-flags' && (await page.locator('[data-testid="game"] option[data-rules]').count()) === 1 &&
      (await page.locator('[data-testid="game-rules"]').textContent()) === 'Your rules: Flags 0.1',
    'your rules: a file with another id replaces the game in the picker (one "Your rules")');
    await page.click('[data-testid="tab-attack"]');
    await page.fill('[data-testid="attacker"]', 'luck=0.25');
    await page.fill('[data-testid="defender"]', 'zombie');
    await page.check('[data-testid="situation-sleeping"]');
    await settled(page);
    same(await jsonOf(page, 'attack-json'), frayJson(['attack', '--rules-file', file, '--attacker', 'luck=0.25', '--defender', 'zombie', '--situation', 'sleeping']),
      'your rules: the file\'s situation box, its attack the CLI\'s --situation');
    await page.uncheck('[data-testid="situation-sleeping"]');
    await page.click('[data-testid="builder-attacker"] summary');
    ok((await page.getAttribute('[data-testid="builder-attacker-undead"]', 'type')) === 'checkbox', 'your rules: a flag stat is a check box in the builder');
    ok((await page.getAttribute('[data-testid="builder-attacker-luck"]', 'type')) === 'number' &&
      (await page.getAttribute('[data-testid="builder-attacker-luck"]', 'max')) === '1' &&
      (await page.getAttribute('[data-testid="builder-attacker-luck"]', 'placeholder')) === 'default 0.5', 'your rules: a real stat\'s range and default in the builder');
    await page.check('[data-testid="builder-attacker-undead"]');
    await settled(page);
    // The form's keys in the file's order of stats.
    ok((await page.inputValue('[data-testid="attacker"]')) === 'undead,luck=0.25', `your rules: the builder writes the flag (${await page.inputValue('[data-testid="attacker"]')})`);
    same(await jsonOf(page, 'attack-json'), frayJson(['attack', '--rules-file', file, '--attacker', 'undead,luck=0.25', '--defender', 'zombie']),
      'your rules: the built attacker\'s attack is the CLI\'s');
    await page.click('[data-testid="builder-attacker"] summary');
    // The id of a game fray knows.
    const known = flags.replace('id = "e2e-flags"', 'id = "brogue"');
    fs.writeFileSync(file, known);
    const cliKnown = frayIn(dir, ['list', '--rules-file', 'rules.toml']);
    await page.click('[data-testid="tab-rules"]');
    await page.fill('[data-testid="rules-text"]', known);
    await page.click('[data-testid="rules-load"]');
    await settled(page);
    ok(cliKnown.status === 2 && (await text(page, 'rules-error')) === cliKnown.err.trim(),
      `your rules: a built-in game's id refused, the CLI's words (${await text(page, 'rules-error')} vs ${cliKnown.err.trim()})`);
    ok((await page.inputValue('[data-testid="game"]')) === 'e2e-flags', 'your rules: the game stays the file loaded before');
  }
  // Every example, opened from the picker (and loaded, as it is typed): the game is the file's, its attack the CLI's.
  for (const f of files) {
    const ex = path.join(RULES_DIR, f);
    await page.click('[data-testid="tab-rules"]');
    await page.check('[data-testid="rules-live"]');
    await page.selectOption('[data-testid="rules-example"]', f);
    await page.click('[data-testid="rules-open-example"]');
    await settled(page);
    const err = await text(page, 'rules-error');
    if (!ok(err === '', `your rules: the example ${f} loads (${err})`)) continue;
    const l = frayJson(['list', '--rules-file', ex]);
    ok((await page.inputValue('[data-testid="game"]')) === l.rules && (await page.locator('[data-testid="game-rules"]').textContent()) === `Your rules: ${l.title}`,
      `your rules: ${f} is the game "Your rules: ${l.title}"`);
    await page.click('[data-testid="tab-attack"]');
    await settled(page);
    const a = await page.inputValue('[data-testid="attacker"]');
    const d = await page.inputValue('[data-testid="defender"]');
    same(await jsonOf(page, 'attack-json'), frayJson(['attack', '--rules-file', ex, '--attacker', a, '--defender', d]),
      `your rules: ${f}: the attack (${a} on ${d}) is fray attack --rules-file`);
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

// The page's load as a new visitor's (a fresh browser context, the cache off)
// and as a returning one's (a reload, the cache on), in a browser already
// started, three times each: the median and every run.
async function measureLoad(url) {
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: FLAGS });
  const runs = [];
  try {
    const warm = await browser.newPage();
    await warm.goto('about:blank');
    for (let i = 0; i < 3; ++i) {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await ctx.newPage();
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      const ready = () => page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 30000, polling: 10 });
      const t0 = Date.now();
      await page.goto(url);
      await ready();
      const first = Date.now() - t0;
      const firstMs = await page.evaluate(() => ({ ...window.frayPage.lastMs }));
      await settled(page);
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
      const t1 = Date.now();
      await page.reload();
      await ready();
      const reload = Date.now() - t1;
      runs.push({ first, reload, engine_ready: Math.round(firstMs.engine_ready), engine_ready_reload: Math.round(await page.evaluate(() => window.frayPage.lastMs.engine_ready)) });
      await settled(page);
      await ctx.close();
    }
  } finally {
    await browser.close();
  }
  const median = (k) => runs.map((r) => r[k]).sort((a, b) => a - b)[1];
  return { interactive_ms: median('first'), interactive_reload_ms: median('reload'), engine_ready_ms: median('engine_ready'),
    engine_ready_reload_ms: median('engine_ready_reload'), load_runs: runs };
}

// The whole crawl-0.34 bestiary (642 monsters against the default player),
// from Run to the table: its time, its progress while it runs, and its
// document against the CLI's (the rows shared among the page's workers come
// out as the one call's).
async function wholeBestiary(page, url) {
  await page.goto(`${url}?game=crawl-0.34&tab=bestiary`);
  await settled(page);
  const t0 = Date.now();
  await page.click('[data-testid="bestiary-run"]');
  // The page stays live and says how far the bestiary is.
  await page.waitForTimeout(5000);
  const status = await page.textContent('#status');
  ok(/^bestiary… \d+ %$/.test(status) && await page.isVisible('#cancel'), `the whole bestiary: its progress and the Cancel button (${status})`);
  ok((await page.evaluate(() => 1 + 1)) === 2, 'the whole bestiary: the page answers while it runs');
  await settled(page);
  const seconds = (Date.now() - t0) / 1000;
  const doc = await jsonOf(page, 'bestiary-json');
  const lastMs = await page.evaluate(() => window.frayPage.lastMs);
  console.log(`bestiary: the whole crawl-0.34 bestiary (${doc.rows.length} monsters, default attacker) in the page: ${seconds.toFixed(1)} s ` +
    `(engine ${(lastMs.bestiary / 1000).toFixed(1)} s, ${lastMs.bestiary_workers ?? 1} workers)`);
  const attacker = (await page.evaluate(() => window.frayPage.state().attacker)) || 'player';
  same(doc, frayJson(['bestiary', '--rules', 'crawl-0.34', '--attacker', attacker, '--method', 'auto', '--seed', '1']),
    'the whole bestiary is fray bestiary --json');
}

// The screenshots of docs/web.md and README.md: one per tab with its results,
// the whole page, light and dark, on a desktop (1280 px) and a phone
// (390 px); long work under way (progress.png) and a result out of date after
// an input error (stale.png). pngquant, when installed, stores the tabs'
// screenshots with a palette of 256 colours (about a third of the bytes). Retake
// them after a change to the page's look:
//   node tests/web/e2e.mjs --site build-web --cli build/fray --screenshots docs/web --only-screenshots
const BESTIARY_SHOT = 'goblin,jackal,kobold,rat,orc,orc_warrior,orc_priest,gnoll,hobgoblin,wolf,ogre,troll,centaur,yak';
async function screenshots(context, url, dir) {
  fs.mkdirSync(dir, { recursive: true });
  const page = await context.newPage();
  const views = [
    ['attack', '?game=crawl&tab=attack'],
    ['fight', '?game=brogue&tab=fight'],
    ['sweep', '?game=brogue&tab=sweep&sy=p_hit,p_attacker_wins'],
    ['bestiary', `?game=crawl-0.34&tab=bestiary&attacker=${encodeURIComponent('player:fighting=5,long_blades=4,weapon=long_sword,hp=40')}` +
      `&bmonsters=${BESTIARY_SHOT}`],
    ['dice', '?game=brogue&tab=dice&dice=3d6%0A4d6kh3%0A2d10'],
    ['grid', '?game=shattered-pd&tab=grid&target=10,1'],
    ['rules', '?game=brogue&tab=rules'],
  ];
  let palette = true;
  const shoot = async (file) => {
    await page.screenshot({ path: file, fullPage: true });
    if (!palette) return;
    try {
      execFileSync('pngquant', ['--quality', '70-95', '--speed', '1', '--strip', '--force', '--ext', '.png', '256', file], { stdio: 'ignore' });
    } catch (e) {
      palette = false; // no pngquant: the screenshots as Chromium writes them
    }
  };
  for (const [width, height, suffix] of [[1280, 900, ''], [390, 844, '-phone']]) {
    await page.setViewportSize({ width, height });
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [name, query] of views) {
        await page.goto(url + query);
        await settled(page);
        // The bestiary computes on Run only.
        if (name === 'bestiary') {
          await page.click('[data-testid="bestiary-run"]');
          await settled(page);
        }
        // Your rules: the example, loaded.
        if (name === 'rules') {
          await page.click('[data-testid="rules-load"]');
          await settled(page);
        }
        await shoot(path.join(dir, `${name}${suffix}${scheme === 'dark' ? '-dark' : ''}.png`));
      }
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  // A Monte Carlo duel of 400 000 fights under way: the status, the bar and
  // Cancel, at the top of the page (then cancelled).
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`${url}?game=brogue&tab=fight&attacker=${encodeURIComponent('player:hp=300')}` +
    `&defender=${encodeURIComponent('goblin:hp=300')}&method=mc&sims=400000`);
  await page.waitForSelector('[data-testid="cancel"]:not([hidden])', { timeout: 60000 });
  await page.waitForFunction(() => document.querySelector('[data-testid="progress"]').value >= 0.05, null, { timeout: 120000, polling: 20 });
  await page.screenshot({ path: path.join(dir, 'progress.png'), clip: { x: 0, y: 0, width: 1280, height: 500 } });
  await page.click('[data-testid="cancel"]');
  // An input error: the CLI's message beside the field, the last result kept, dimmed and marked.
  await page.goto(`${url}?game=brogue&tab=attack`);
  await settled(page);
  await page.fill('[data-testid="attacker"]', 'gobln');
  await settled(page);
  await page.screenshot({ path: path.join(dir, 'stale.png'), clip: { x: 0, y: 0, width: 1280, height: 700 } });
  await page.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
