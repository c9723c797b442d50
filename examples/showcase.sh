#!/bin/sh
# `make run`: a tour of what fray answers, from the embedded catalogs only.
fray=${1:-build/fray}
section() { printf '\n== %s\n$ fray %s\n' "$1" "$2"; }
run() { title=$1; shift; section "$title" "$*"; "$fray" "$@" || exit 1; }

run "Exact dice: ability scores, 4d6 keep the highest 3" dist 4d6kh3
