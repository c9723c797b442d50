#!/bin/sh
# The npm package: installs TARBALL (make npm) into an empty folder with npm
# offline (the registry pointed at a closed local port, so any download would
# fail), runs use.mjs there in Node against the command line CLI, and
# type-checks types.ts against the package's declarations with TypeScript
# (this folder's package-lock.json; `npm ci` here installs it), for Node
# (module nodenext) and for bundlers (moduleResolution bundler, DOM types).
#   tests/package/npm/run.sh TARBALL CLI
set -eu
tgz=$(realpath "$1")
cli=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
tsc="$here/node_modules/.bin/tsc"
[ -x "$tsc" ] || (cd "$here" && npm ci --no-audit --no-fund)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
echo '{ "name": "fray-consumer", "private": true, "type": "module" }' > package.json
npm_config_registry=http://127.0.0.1:9/ npm install --offline --no-audit --no-fund --ignore-scripts "$tgz"
cp "$here/use.mjs" "$here/types.ts" .
node use.mjs "$cli"
cat > tsconfig.json <<'JSON'
{ "compilerOptions": { "strict": true, "noEmit": true, "target": "es2022", "module": "nodenext",
                       "moduleResolution": "nodenext", "lib": ["es2022"], "types": [] },
  "files": ["types.ts"] }
JSON
"$tsc" -p tsconfig.json
cat > tsconfig.json <<'JSON'
{ "compilerOptions": { "strict": true, "noEmit": true, "target": "es2022", "module": "esnext",
                       "moduleResolution": "bundler", "lib": ["es2022", "dom"], "types": [] },
  "files": ["types.ts"] }
JSON
"$tsc" -p tsconfig.json
echo "npm package: installed offline, run in Node $(node --version), types checked by tsc $("$tsc" --version | cut -d' ' -f2)"
