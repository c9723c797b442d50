"""Writing extracted facts as JSON, in the layouts the committed files use.

Python 3 standard library only.
"""

import json
import sys


def write_json(path, data):
    """`data` indented by one space a level, non-ASCII characters as they are."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(data, indent=1, ensure_ascii=False) + "\n")


def write_rows(path, head, sections):
    """An object of `head`'s keys, then of `sections` ([(key, rows)]), with one row a
    line, so that a changed stat is one changed line."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("{\n")
        for key, value in head.items():
            f.write(" %s: %s,\n" % (json.dumps(key), json.dumps(value, ensure_ascii=False)))
        for k, (key, rows) in enumerate(sections):
            f.write(" %s: [\n" % json.dumps(key))
            for i, row in enumerate(rows):
                f.write("  %s%s\n" % (json.dumps(row, ensure_ascii=False, separators=(",", ":")),
                                      "," if i + 1 < len(rows) else ""))
            f.write(" ]%s\n" % ("," if k + 1 < len(sections) else ""))
        f.write("}\n")


def pretty(obj, indent=0, width=120):
    """JSON with one line for whatever fits in `width` characters, nested otherwise."""
    flat = json.dumps(obj, separators=(", ", ": "))
    if len(flat) + indent <= width or not isinstance(obj, (dict, list)) or not obj:
        return flat
    pad = " " * (indent + 1)
    if isinstance(obj, dict):
        items = ["%s%s: %s" % (pad, json.dumps(k), pretty(v, indent + 1, width)) for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + pretty(v, indent + 1, width) for v in obj]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def write_pretty(path, data):
    """`data` as pretty() lays it out, to the file at `path`, or to standard output
    when `path` is None."""
    text = pretty(data) + "\n"
    if path is None:
        sys.stdout.write(text)
    else:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
