// Writes a JSON file without the white space between its tokens, every other
// byte as written (numbers keep their spelling): `node strip-json.js IN OUT`.
// web/CMakeLists.txt embeds the catalogs this way.
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
JSON.parse(out); // the same document, or fail the build
fs.writeFileSync(process.argv[3], out);
