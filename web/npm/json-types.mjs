// Writes the TypeScript declarations of every --json document from
// docs/json.md, the documents' contract (the blocks `shape VERB` and
// `type NAME`, which tests/cli/json_shape_test.cpp holds the CLI to), so
// that the npm package's types are that contract and cannot drift from it.
//   node web/npm/json-types.mjs docs/json.md OUT.d.ts
import { readFileSync, writeFileSync } from 'node:fs';

const [, , input, output] = process.argv;
if (!input || !output) {
  console.error('usage: node json-types.mjs docs/json.md OUT.d.ts');
  process.exit(2);
}

// `pmf` → Pmf, `maybe_pmf` → MaybePmf; a verb's document: `list-kinds` → ListKindsDocument.
const pascal = (name) => name.split(/[-_]/).map((w) => w[0].toUpperCase() + w.slice(1)).join('');
const typeName = (name) => pascal(name);
const shapeName = (name) => pascal(name) + 'Document';

const blocks = [];
const re = /^```(shape|type) ([\w-]+)\n([\s\S]*?)^```/gm;
for (let m; (m = re.exec(readFileSync(input, 'utf8'))); ) blocks.push({ kind: m[1], name: m[2], body: m[3] });
if (!blocks.length) throw new Error(`${input}: no shape or type blocks`);
const types = new Set(blocks.filter((b) => b.kind === 'type').map((b) => b.name));

// Splits "a, b" at the top level of brackets.
function splitTop(text) {
  const parts = [];
  let depth = 0;
  let cur = '';
  for (const c of text) {
    if (c === '<' || c === '[') depth++;
    if (c === '>' || c === ']') depth--;
    if (c === ',' && depth === 0) {
      parts.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  if (cur.trim()) parts.push(cur.trim());
  return parts;
}

// A type of the contract as TypeScript; `children` is the object a trailing
// `object` stands for (the indented lines below it).
function ts(type, children) {
  type = type.trim();
  const prim = { string: 'string', boolean: 'boolean', null: 'null', number: 'number', integer: 'number',
    scalar: 'string | number | boolean | null' };
  if (type in prim) return prim[type];
  if (type === 'object') return children ?? '{ [key: string]: unknown }';
  if (type.startsWith('null-or-')) return `${ts(type.slice(8), children)} | null`;
  let m = /^array<(.*)>$/.exec(type);
  if (m) return `Array<${ts(m[1], children)}>`;
  m = /^\[(.*)\]$/.exec(type);
  if (m) return `[${splitTop(m[1]).map((t) => ts(t)).join(', ')}]`;
  if (types.has(type)) return typeName(type);
  throw new Error(`${input}: unknown type '${type}'`);
}

// Lines "key: type  # comment", nested by two spaces, into an object type.
function objectType(lines, indent) {
  const fields = [];
  let i = 0;
  while (i < lines.length) {
    const { depth, text } = lines[i];
    if (depth !== indent) throw new Error(`${input}: bad indentation at '${text}'`);
    const [decl, ...comment] = text.split('#');
    const m = /^(\*|[\w]+)(\?)?:\s*(.+)$/.exec(decl.trim());
    if (!m) throw new Error(`${input}: cannot read '${text}'`);
    let j = i + 1;
    while (j < lines.length && lines[j].depth > indent) j++;
    const inner = j > i + 1 ? objectType(lines.slice(i + 1, j), indent + 2) : undefined;
    const doc = comment.join('#').trim();
    const type = ts(m[3], inner);
    const pad = ' '.repeat(indent + 2);
    if (doc) fields.push(`${pad}/** ${doc.replace(/\*\//g, '* /')} */`);
    if (m[1] === '*') fields.push(`${pad}[key: string]: ${type} | undefined;`);
    else fields.push(`${pad}${m[1]}${m[2] ?? ''}: ${type};`);
    i = j;
  }
  return `{\n${fields.join('\n')}\n${' '.repeat(indent)}}`;
}

let out = `// The --json documents of fray's verbs, written by web/npm/json-types.mjs
// from docs/json.md (the contract the command line is tested against).
// Generated: edit docs/json.md, not this file.
`;
for (const b of blocks) {
  const lines = b.body
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => ({ depth: l.length - l.trimStart().length, text: l.trim() }));
  const name = b.kind === 'type' ? typeName(b.name) : shapeName(b.name);
  const what = b.kind === 'type' ? `The shape \`${b.name}\` of docs/json.md.` : `\`fray ${b.name.replace('-kinds', '')} --json\`.`;
  if (lines.length === 1 && !lines[0].text.includes(':')) {
    out += `\n/** ${what} */\nexport type ${name} = ${ts(lines[0].text)};\n`;
  } else {
    out += `\n/** ${what} */\nexport interface ${name} ${objectType(lines, 0)}\n`;
  }
}
writeFileSync(output, out);
