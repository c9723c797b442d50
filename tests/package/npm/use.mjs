// Run by tests/package/npm/run.sh in an empty folder where only the npm
// package was installed: `import { loadFray } from 'fray'` in Node, with
// fray.wasm read from the package, answers as the command line does.
//   node use.mjs CLI
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import { FrayError, loadFray, version } from 'fray';

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

console.log(`npm package fray ${version} in Node ${process.version}: P(hit) ${doc.p_hit.toFixed(4)}, as fray attack --json`);
