// Run by tests/package/npm/run.sh in an empty folder where only the npm
// package was installed: `import { loadFray } from 'fray'` in Node, with
// fray.wasm read from the package, answers as the command line does.
//   node use.mjs CLI
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { FrayError, RulesFileError, loadFray, version } from 'fray';

const cli = process.argv[2];
const cliJson = (args) => JSON.parse(execFileSync(cli, [...args, '--json'], { encoding: 'utf8' }));

const pkg = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('fray/package.json'), 'utf8'));
assert.equal(pkg.dependencies, undefined, 'the package has no dependencies');
assert.equal(version, pkg.version);
assert.equal(execFileSync(cli, ['--version'], { encoding: 'utf8' }), `fray ${version}\n`);

const fray = await loadFray();
const doc = fray.attack({ rules: 'brogue', attacker: 'ogre', defender: 'player' });
assert.deepEqual(doc, cliJson(['attack', '--rules', 'brogue', '--attacker', 'ogre', '--defender', 'player']));
assert.deepEqual(
  fray.strike({ rules: 'pixel-dungeon', attacker: 'hero:level=3', defender: 'rat', seed: 7, count: 3 }),
  cliJson(['strike', '--rules', 'pixel-dungeon', '--attacker', 'hero:level=3', '--defender', 'rat', '--seed', '7', '--count', '3']),
);
assert.deepEqual(fray.dist('3d6'), cliJson(['dist', '3d6']));
assert.ok(fray.rulesets().includes('brogue'));

assert.throws(
  () => fray.attack({ rules: 'brogue', attacker: 'no_such_monster', defender: 'player' }),
  (e) => e instanceof FrayError && e.message.includes('no_such_monster') && e.stderr.startsWith('fray: error: '),
);
const raw = fray.run(['attack', '--rules', 'nethack', '--attacker', 'a', '--defender', 'b']);
assert.equal(raw.status, 2);
assert.equal(raw.out, '');

// A rules file's text (docs/rules.md): its ruleset answers as `fray --rules-file` does with the file.
const rules = `[game]
id = "npm-test"
title = "npm test 1"

[stats]
hp  = { default = 10, min = 1, max = 100 }
hit = { default = 50, min = 0, max = 100 }

[attack]
program = '''
if percent(a.hit) then
  return hit, 2d4
end
return miss
'''

[[monsters]]
name = "goblin"
hp = 7
hit = 40
`;
const dir = mkdtempSync(join(tmpdir(), 'fray-npm-rules-'));
try {
  writeFileSync(join(dir, 'rules.toml'), rules);
  const info = fray.loadRules(rules);
  assert.equal(info.id, 'npm-test');
  assert.equal(info.title, 'npm test 1');
  const fromFile = (args) => JSON.parse(execFileSync(cli, [...args, '--rules-file', 'rules.toml', '--json'], { cwd: dir, encoding: 'utf8' }));
  assert.deepEqual(fray.attack({ rules: 'npm-test', attacker: 'goblin', defender: 'hp=9' }),
    fromFile(['attack', '--attacker', 'goblin', '--defender', 'hp=9']));
  // A problem in the text: the CLI's message, with its line and column.
  const bad = rules.replace('percent(a.hit)', 'percent(a.acc)');
  writeFileSync(join(dir, 'rules.toml'), bad);
  let err = '';
  try {
    execFileSync(cli, ['list', '--rules-file', 'rules.toml'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    err = e.stderr.trim();
  }
  const [, line, column] = err.match(/rules\.toml:(\d+):(\d+): /) || [];
  assert.throws(() => fray.loadRules(bad), (e) => e instanceof RulesFileError && e instanceof FrayError &&
    `fray: error: ${e.message}` === err && e.line === Number(line) && e.column === Number(column) && e.line === 11 &&
    e.file === 'rules.toml' && e.message.endsWith(e.reason));
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log(`npm package fray ${version} in Node ${process.version}: P(hit) ${doc.p_hit.toFixed(4)}, as fray attack --json`);
