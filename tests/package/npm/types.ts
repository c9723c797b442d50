// Type-checked (not run) by tests/package/npm/run.sh against the installed
// package's declarations, as a TypeScript project would use them; the lines
// marked @ts-expect-error must be refused.
import { FrayError, RulesFileError, loadFray, version } from 'fray';
import type { AttackDocument, DuelDocument, Fray, ListDocument, Pmf, RulesetInfo, Side, StrikeDocument } from 'fray';

const fray: Fray = await loadFray({ onProgress: (label: string, fraction: number) => void [label, fraction] });
const doc: AttackDocument = fray.attack({ rules: 'brogue', attacker: 'ogre', defender: 'player', situation: ['sleeping'] });
const pHit: number = doc.p_hit;
const damage: Pmf = doc.damage;
const pairs: Array<[number, number]> = damage.pmf;
const attacker: Side = doc.attacker;
const accuracy: number | undefined = attacker.accuracy;
const hp = attacker['hp'];
const kinds: string[] = doc.outcomes.map((o) => o.kind);
const strike: StrikeDocument = fray.strike({ rules: 'brogue', attacker: 'ogre', defender: 'player', seed: 1n, count: 2 });
const rolled: number = strike.strikes[0].draws[0].value;
const duel: DuelDocument = fray.duel({ rules: 'brogue', a: 'ogre', b: 'player', method: 'exact' });
const wins: number = duel.p_a_wins;
const hpIfWins: Pmf | null = duel.a_hp_if_wins;
const monsters: ListDocument = fray.list({ rules: 'brogue', kind: 'monsters' });
const names: string[] = monsters.entries.map((e) => e.name);
const svg: string = fray.plot('attack', { rules: 'brogue', attacker: 'ogre', defender: 'player' }, 'at-least').svg;
const v: string = version;
const mine: RulesetInfo = fray.loadRules('[game]\nid = "mine"\n');
const mineId: string = mine.id;
try {
  fray.loadRules('[game');
} catch (e) {
  if (e instanceof RulesFileError) throw new Error(`${e.file}:${e.line}:${e.column}: ${e.reason}`);
}
try {
  fray.ttk({ rules: 'brogue', attacker: 'ogre', defender: 'player' });
} catch (e) {
  if (e instanceof FrayError) throw new Error(`${e.message}: ${e.stderr}`);
}

// @ts-expect-error: an attack needs its defender
fray.attack({ rules: 'brogue', attacker: 'ogre' });
// @ts-expect-error: P(hit) is a number
const wrong: string = doc.p_hit;
// @ts-expect-error: no such key in the document
doc.p_miss;
// @ts-expect-error: a rules file is a text
fray.loadRules({ path: 'my_game.toml' });
// @ts-expect-error: no such verb
fray.fly({ rules: 'brogue' });

export const used = [pHit, pairs, accuracy, hp, kinds, rolled, wins, hpIfWins, names, svg, v, mineId, wrong];
