// fray's JavaScript API: each function runs one verb of the `fray` command
// line in WebAssembly and returns its --json document, typed by
// documents.d.ts (generated from docs/json.md, the documents' contract).
import type {
  AimDocument,
  AttackDocument,
  BestiaryDocument,
  DistDocument,
  DuelDocument,
  FovDocument,
  ImportDocument,
  ListDocument,
  ListKindsDocument,
  PathDocument,
  RollDocument,
  StrikeDocument,
  SurpriseDocument,
  SweepDocument,
  TableDocument,
  TtkDocument,
} from './documents.js';

export * from './documents.js';

// WebAssembly.Module and URL without requiring the DOM's or Node's type
// library (either, when present, merges with these).
declare global {
  namespace WebAssembly {
    interface Module {}
  }
  interface URL {}
}

/** The value of a command-line option: true is a flag, false/null/undefined/'' leave it out, an array is joined with commas. */
export type OptionValue = string | number | bigint | boolean | null | undefined | ReadonlyArray<string | number>;

/** Any other option of the verb, by its name in camelCase (`hitChars` is `--hit-chars`). */
export interface MoreOptions {
  [option: string]: OptionValue;
}

/** One attack, as `fray attack` takes it. */
export interface AttackOptions extends MoreOptions {
  rules: string;
  /** a spec: a catalog name, name:key=value,... or key=value,... */
  attacker: string;
  defender: string;
  /** situation flags: a comma-separated string or an array */
  situation?: string | ReadonlyArray<string>;
  /** the attack's kind where the game has several (epixx: melee, ranged, spell) */
  kind?: string;
  /** attacker position "X,Y" (epixx) */
  from?: string;
  /** defender position "X,Y" (epixx) */
  to?: string;
}

export interface StrikeOptions extends AttackOptions {
  /** 0..2^64-1; a fresh one is chosen (and returned in the document) when absent */
  seed?: number | bigint | string;
  count?: number;
  /** the random engine: default, or a game's (`fray strike --help` lists them) */
  rng?: string;
}

export interface FightOptions extends MoreOptions {
  rules: string;
  situation?: string | ReadonlyArray<string>;
  /** auto (default), exact or monte-carlo */
  method?: 'auto' | 'exact' | 'monte-carlo';
  /** Monte Carlo fights (alone, it asks for Monte Carlo) */
  sims?: number;
  seed?: number | bigint | string;
  threads?: number;
}

export interface TtkOptions extends FightOptions {
  attacker: string;
  defender: string;
}

export interface DuelOptions extends FightOptions {
  a: string;
  b: string;
  /** who attacks first on a tie: a or b */
  first?: string;
}

export interface SweepOptions extends MoreOptions {
  rules: string;
  attacker: string;
  defender: string;
  key?: string;
  from?: number | string;
  to?: number | string;
  step?: number | string;
  side?: string;
  situation?: string | ReadonlyArray<string>;
  kind?: string;
  method?: 'auto' | 'exact' | 'monte-carlo';
  sims?: number;
  seed?: number | bigint | string;
}

export interface BestiaryOptions extends MoreOptions {
  rules: string;
  /** the character: side a of every duel */
  attacker: string;
  /** the monsters to answer (absent: every monster of the game's catalog) */
  monsters?: string | ReadonlyArray<string>;
  /** the monsters' level range, LO-HI, N, LO- or -HI (the games whose catalog has a level: Crawl's hd, epixx's level) */
  hd?: string;
  situation?: string | ReadonlyArray<string>;
  kind?: string;
  method?: 'auto' | 'exact' | 'monte-carlo';
  sims?: number;
  seed?: number | bigint | string;
  threads?: number;
  rowWork?: number | string;
}

export interface DistOptions extends MoreOptions {
  expr: string | ReadonlyArray<string>;
  view?: string;
}

export interface RollOptions extends MoreOptions {
  expr: string;
  seed?: number | bigint | string;
  count?: number;
  rng?: string;
}

export interface TableOptions extends MoreOptions {
  rules: string;
  /** Brogue: enchant-for-hit or armor-for-hit */
  table: string;
}

export interface ListOptions extends MoreOptions {
  rules: string;
  /** monsters, weapons, armors, classes, situations or keys; absent: the catalogs and their sizes */
  kind?: string;
}

/** A grid verb's options: `map` is the map's text (one line a row). */
export interface MapOptions extends MoreOptions {
  map: string;
}

export interface RunResult {
  /** the exit status: 0, or 2 on bad input */
  status: number;
  /** what `fray` prints on stdout */
  out: string;
  /** what `fray` prints on stderr ("fray: error: ...") */
  err: string;
}

export interface RulesetInfo {
  id: string;
  title: string;
  /** the kinds of its catalogs: monsters, weapons, armors, classes, situations, keys */
  catalogs: string[];
  /** the catalog name of the game's player character; null when its specs have none */
  player: string | null;
  /** the request options its attacks read (epixx: kind, from, to) */
  options: string[];
  /** the verbs only some games have that take it (brogue: table) */
  verbs: string[];
}

export type PlotVerb = 'dist' | 'attack' | 'ttk' | 'duel' | 'sweep';
/** A plot's view: normal, at-least or at-most. */
export type PlotView = 'normal' | 'at-least' | 'at-most';

/** The engine: one function a verb. Each throws a FrayError on bad input. */
export interface Fray {
  /** The raw command line: `run(['attack', '--rules', 'brogue', ...])`. */
  run(args: ReadonlyArray<string | number>): RunResult;
  /** `fray dist EXPR`; several expressions give one document each. */
  dist(expr: string): DistDocument;
  dist(options: DistOptions & { expr: string }): DistDocument;
  dist(options: DistOptions): DistDocument | DistDocument[];
  roll(options: RollOptions): RollDocument;
  attack(options: AttackOptions): AttackDocument;
  strike(options: StrikeOptions): StrikeDocument;
  ttk(options: TtkOptions): TtkDocument;
  duel(options: DuelOptions): DuelDocument;
  sweep(options: SweepOptions): SweepDocument;
  /** `fray bestiary`: the character against each monster, rows in order of danger. */
  bestiary(options: BestiaryOptions): BestiaryDocument;
  table(options: TableOptions): TableDocument;
  list(options: ListOptions & { kind: string }): ListDocument;
  list(options: ListOptions): ListDocument | ListKindsDocument;
  /** The ids of the rulesets fray has: ['pixel-dungeon', 'brogue', ...]. */
  rulesets(): string[];
  rulesetInfo(): RulesetInfo[];
  /**
   * A rules file's text (docs/rules.md) read and registered, as `fray --rules-file` reads a file: its id is then a
   * `rules` of every verb. A text whose id was loaded before replaces that ruleset. Throws a RulesFileError.
   */
  loadRules(text: string): RulesetInfo;
  /** Every catalog of a game in one call: {kind: entries}, as `fray list --rules GAME KIND`. */
  catalogs(options: { rules: string } | string): Record<string, ListDocument['entries']>;
  fov(options: MapOptions): FovDocument;
  path(options: MapOptions): PathDocument;
  surprise(options: MapOptions): SurpriseDocument;
  aim(options: MapOptions): AimDocument;
  /** `fray import --rules GAME FILE` on a character file's text (the games whose verbs have import); `source` is '<text>'. */
  importCharacter(options: { rules: string; text: string }): ImportDocument;
  /** A verb's document and its SVG plot. */
  plot(verb: 'dist', options: DistOptions | string, view?: PlotView): { json: DistDocument | DistDocument[]; svg: string };
  plot(verb: 'attack', options: AttackOptions, view?: PlotView): { json: AttackDocument; svg: string };
  plot(verb: 'ttk', options: TtkOptions, view?: PlotView): { json: TtkDocument; svg: string };
  plot(verb: 'duel', options: DuelOptions, view?: PlotView): { json: DuelDocument; svg: string };
  plot(verb: 'sweep', options: SweepOptions): { json: SweepDocument; svg: string };
  /** Series of one's own, drawn by fray's SVG module (docs/web.md, "Plots"). */
  svg(description: unknown): string;
}

/** Bad input: the command line's message, without its "fray: error: " prefix. */
export class FrayError extends Error {
  constructor(message: string, stderr: string);
  /** the command line's stderr, whole */
  readonly stderr: string;
}

/** A rules file that cannot be read (loadRules): message is "rules.toml:LINE:COLUMN: REASON". */
export class RulesFileError extends FrayError {
  constructor(error: { message: string; file: string; line: number; column: number; reason: string });
  readonly file: string;
  /** 1-based; 0 when the problem has no place */
  readonly line: number;
  /** 1-based; 0 when the problem has no place */
  readonly column: number;
  /** the problem alone, without its place */
  readonly reason: string;
}

export interface LoadOptions {
  /** a WebAssembly.Module from compileFray, instantiated as is (a worker may receive it by postMessage) */
  module?: WebAssembly.Module | Promise<WebAssembly.Module>;
  /** where fray.wasm is, when not in this package's folder (an URL; in Node a file: URL or a path) */
  wasmUrl?: string | URL;
  /** called during long work (an exact distribution, turns to kill, a duel) with the fraction done, 0..1 */
  onProgress?: (label: string, fraction: number) => void;
}

/** Loads the engine: `(await loadFray()).attack({rules: 'brogue', attacker: 'ogre', defender: 'player'})`. */
export function loadFray(options?: LoadOptions): Promise<Fray>;
/** Compiles fray.wasm, to share one compiled module between several engines (workers). */
export function compileFray(url?: string | URL, options?: { onDownload?: (loaded: number, total: number) => void }): Promise<WebAssembly.Module>;
/** Wraps an engine module already instantiated (what fray.js's factory resolves to). */
export function wrapEngine(module: unknown): Fray;
/** Options to command-line arguments: `{hitChars: true}` → ['--hit-chars']. */
export function toArgs(options?: MoreOptions, positional?: ReadonlyArray<string>): string[];
/** fray's version, the library's and the command line's. */
export const version: string;
