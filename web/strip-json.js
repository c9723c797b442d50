// Writes a JSON file without the white space between its tokens, every other
// byte as written (numbers keep their spelling): `node strip-json.js IN OUT`.
// web/CMakeLists.txt embeds the catalogs this way. `node strip-json.js IN OUT
// KEY,KEY,...` also leaves out every member of those names, at any depth (the
// document is then written again by JSON.stringify, which spells numbers as
// JavaScript does: for files whose numbers are plain integers and decimals).
const fs = require('fs');
const text = fs.readFileSync(process.argv[2], 'utf8');
let out = '';
let inString = false;
let escaped = false;
for (const c of text) {
  if (inString) {
    out += c;
    if (escaped) escaped = false;
    else if (c === '\\') escaped = true;
    else if (c === '"') inString = false;
  } else if (c === '"') {
    inString = true;
    out += c;
  } else if (!/\s/.test(c)) {
    out += c;
  }
}
const doc = JSON.parse(out); // the same document, or fail the build
const unread = new Set((process.argv[4] || '').split(',').filter(Boolean));
const without = (v) => {
  if (Array.isArray(v)) return v.map(without);
  if (v === null || typeof v !== 'object') return v;
  const o = {};
  for (const [k, x] of Object.entries(v)) if (!unread.has(k)) o[k] = without(x);
  return o;
};
fs.writeFileSync(process.argv[3], unread.size ? JSON.stringify(without(doc)) : out);
