#!/bin/sh
# The Python wheel: installs WHEEL with `pip install --no-index` (no package
# index) into a fresh virtual environment of PYTHON, then imports fray there
# and checks it against the command line CLI (tests/package/wheel/check.py).
# The environment sees the interpreter's own packages (--system-site-packages)
# for numpy, which fray needs and Debian's python3-numpy provides.
#   tests/package/wheel/run.sh WHEEL CLI [PYTHON]
set -eu
wheel=$(realpath "$1")
cli=$(realpath "$2")
python=${3:-/usr/bin/python3}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
version=$(sed -n 's/^project(fray VERSION \([0-9.]*\).*/\1/p' "$root/CMakeLists.txt")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$python" -m venv --system-site-packages "$work/venv"
"$work/venv/bin/python" -m pip install --no-index --no-cache-dir --disable-pip-version-check -q "$wheel"
cd "$work"
env -u PYTHONPATH "$work/venv/bin/python" "$here/check.py" "$cli" "$version"
