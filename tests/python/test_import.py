"""fray.import_character against `fray import --json`: a DCSS 0.34 character
file (tests/golden/crawl_0_34/characters) read as an attacker spec."""

import pathlib

import pytest

import fray
from conftest import SOURCE_DIR, cli_error, run_cli

CHARACTERS = SOURCE_DIR / "tests" / "golden" / "crawl_0_34" / "characters"
FILES = [
    "morgue-Hungry0364-20260402-095531.txt",
    "morgue-Chih-20260401-190156.txt",
    "morgue-joeboomin-20260404-223512.txt",
    "handmade-human-autumn-katana.txt",
]


@pytest.mark.parametrize("name", FILES)
def test_import_is_the_command_line(name):
    path = CHARACTERS / name
    doc = run_cli("import", "--rules", "crawl-0.34", str(path))
    got = fray.import_character("crawl-0.34", path)
    assert got.to_json() == doc
    assert got.spec == doc["spec"] and got.character == doc["character"] and got.unused == doc["unused"]
    # The same file as a str path, and as its text (then its source is <text>).
    assert fray.import_character("crawl-0.34", str(path)).to_json() == doc
    text = fray.import_character("crawl-0.34", path.read_text(encoding="utf-8"))
    assert text.spec == doc["spec"] and text.unused == doc["unused"]
    assert text["source"] == "<text>"
    assert fray.import_character("crawl-0.34", path.read_bytes()).spec == doc["spec"]


def test_the_spec_fights():
    c = fray.import_character("crawl-0.34", CHARACTERS / "morgue-Hungry0364-20260402-095531.txt")
    assert c.character["species"] == "minotaur" and c.character["sh"] == 42
    assert c.spec.endswith(",ac=44,ev=14,sh=84")
    assert 0 < fray.attack("crawl-0.34", c.spec, "orc_warrior").p_hit <= 1
    assert "ImportedCharacter(Hungry0364, minotaur Fighter XL 27" in repr(c)


def test_errors_name_the_input():
    bad = CHARACTERS / "handmade-0.19.txt"
    with pytest.raises(fray.Error) as caught:
        fray.import_character("crawl-0.34", bad)
    assert str(caught.value) == cli_error("import", "--rules", "crawl-0.34", str(bad))
    assert "a DCSS 0.19.6 character file, not 0.34" in str(caught.value)
    with pytest.raises(fray.Error, match="<text>: not a DCSS character file"):
        fray.import_character("crawl-0.34", "hello\nworld\n")
    with pytest.raises(fray.Error, match="<text>: empty"):
        fray.import_character("crawl-0.34", b"")
    with pytest.raises(fray.Error, match="import is not a verb of rules crawl"):
        fray.import_character("crawl", CHARACTERS / FILES[0])
    with pytest.raises(TypeError):
        fray.import_character("crawl-0.34", 12)  # type: ignore[arg-type]
