"""Run by tests/package/wheel/run.sh inside a fresh virtual environment into
which only the wheel was installed: `import fray` must come from that
environment and answer as the command line does.

    python check.py CLI VERSION
"""

import json
import pathlib
import subprocess
import sys

cli, version = sys.argv[1], sys.argv[2]

import fray  # noqa: E402  (after reading the arguments, so a usage error shows first)

where = pathlib.Path(fray.__file__).resolve()
assert pathlib.Path(sys.prefix).resolve() in where.parents, f"fray imported from {where}, not from {sys.prefix}"
assert fray.__version__ == version, (fray.__version__, version)

args = ["attack", "--rules", "brogue", "--attacker", "ogre", "--defender", "player", "--json"]
expected = json.loads(subprocess.run([cli, *args], check=True, capture_output=True, text=True).stdout)
got = fray.attack("brogue", "ogre", "player")
assert json.loads(json.dumps(got.to_json())) == expected, "fray.attack(...).to_json() differs from fray attack --json"

try:
    fray.attack("brogue", "no_such_monster", "player")
except fray.Error as e:
    assert "no_such_monster" in str(e), str(e)
else:
    raise AssertionError("a bad spec raised no fray.Error")

print(f"wheel: fray {fray.__version__} from {where.parent}: P(hit) {got.p_hit:.4f}, as fray attack --json")
