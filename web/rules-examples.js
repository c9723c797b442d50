// Copies the example rules files (examples/rules/*.toml) into the site's
// rules/ folder and writes rules/index.json, the page's list of them (the
// Your rules tab's Example picker): `node rules-examples.js IN_DIR OUT_DIR`.
// Each entry is {file, title}, the title the file's [game] title (its id
// when it has none), read with a line match: the engine reads the files,
// this only names them.
const fs = require('fs');
const path = require('path');
const [from, to] = process.argv.slice(2);
fs.rmSync(to, { recursive: true, force: true });
fs.mkdirSync(to, { recursive: true });
const files = fs.existsSync(from) ? fs.readdirSync(from).filter((f) => f.endsWith('.toml')).sort() : [];
const index = files.map((file) => {
  const text = fs.readFileSync(path.join(from, file), 'utf8');
  fs.writeFileSync(path.join(to, file), text);
  let table = '';
  const game = {};
  for (const line of text.split('\n')) {
    const head = line.match(/^\s*\[\s*([A-Za-z0-9_.-]+)\s*\]/);
    if (head) table = head[1];
    const kv = line.match(/^\s*(id|title)\s*=\s*"([^"]*)"/);
    if (table === 'game' && kv && !(kv[1] in game)) game[kv[1]] = kv[2];
  }
  return { file, title: game.title || game.id || '' };
});
// percent.toml first: the plainest, the one the tab starts from.
index.sort((a, b) => (b.file === 'percent.toml') - (a.file === 'percent.toml'));
fs.writeFileSync(path.join(to, 'index.json'), JSON.stringify(index, null, 1) + '\n');
