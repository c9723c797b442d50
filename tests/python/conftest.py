"""What the Python tests share: the fray command line, run for its --json document.

The tests compare each Python function with `fray VERB --json` for the same
question. The build sets FRAY_CLI (the executable) and PYTHONPATH (the built
package); run by hand, they default to the build directory `build`.
"""

import json
import os
import pathlib
import re
import subprocess

import pytest

import fray

SOURCE_DIR = pathlib.Path(os.environ.get("FRAY_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
CLI = os.environ.get("FRAY_CLI", str(SOURCE_DIR / "build" / "fray"))
MAPS = SOURCE_DIR / "examples" / "maps"


def run_cli(*args):
    """The --json document of `fray ARGS --json` (the command must succeed)."""
    done = subprocess.run([CLI, *args, "--json"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"fray {' '.join(args)}: {done.stderr}"
    return json.loads(done.stdout)


def cli_error(*args):
    """The message of `fray ARGS` failing: stderr without "fray: error: "."""
    done = subprocess.run([CLI, *args], capture_output=True, text=True, timeout=600)
    assert done.returncode == 2, f"fray {' '.join(args)} did not fail: {done.stdout}"
    prefix = "fray: error: "
    assert done.stderr.startswith(prefix)
    return done.stderr[len(prefix) :].strip()


def builtin_rulesets():
    """fray.rulesets() without the rules files the tests loaded (fray.load_rules),
    which the command line does not know: the games fray was built with."""
    loaded = set(fray._api._loaded_from)
    return [r for r in fray.rulesets() if r["id"] not in loaded]


def as_a_fresh_cli_says(message):
    """A message of this process as the command line writes it: the rules
    files the tests loaded taken out of a list of known games."""
    loaded = set(fray._api._loaded_from)

    def known(m):
        return "(known: " + ", ".join(i for i in m.group(1).split(", ") if i not in loaded) + ")"

    return re.sub(r"\(known: ([^)]*)\)", known, message)


@pytest.fixture(scope="session")
def cli():
    return run_cli


@pytest.fixture(scope="session")
def maps():
    return MAPS
