"""The Python examples run and write what they say."""

import os
import pathlib
import subprocess
import sys

import fray
from conftest import SOURCE_DIR

EXAMPLES = SOURCE_DIR / "examples" / "python"
# The examples import the same fray as the tests, wherever they run from.
ENV = dict(os.environ, PYTHONPATH=str(pathlib.Path(fray.__file__).resolve().parents[1]), MPLBACKEND="Agg")


def test_balance_script_writes_its_png(tmp_path):
    out = tmp_path / "enchant.png"
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "balance.py"), "--out", str(out), "--low", "0", "--high", "4"],
        capture_output=True, text=True, timeout=600, cwd=tmp_path, env=ENV,
    )
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert out.stat().st_size > 10_000
    # One line per enchant, then the file written.
    lines = done.stdout.splitlines()
    assert [l.split(":")[0] for l in lines[:5]] == [f"enchant {e:+3d}" for e in range(0, 5)]
    assert lines[-1] == f"wrote {out}"


def test_walkthrough_runs(tmp_path):
    done = subprocess.run([sys.executable, str(EXAMPLES / "walkthrough.py")], capture_output=True, text=True,
                          timeout=600, cwd=tmp_path, env=ENV)
    assert done.returncode == 0, done.stderr
    assert "fray.Error: attacker spec 'goblin_conjuror'" in done.stdout
