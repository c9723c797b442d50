"""Text of the C family (C, C++, Java): comments, string and character literals, braces.

Python 3 standard library only.
"""


def literal_end(text, i):
    """The index after the string or character literal that opens at text[i] (a quote)."""
    q, j, n = text[i], i + 1, len(text)
    while j < n and text[j] != q:
        j += 2 if text[j] == "\\" else 1
    return j + 1


def strip_comments(text, keep_lines=False):
    """The text without // and /* */ comments (literals kept). A /* */ comment becomes a
    space, or with keep_lines the line ends it held (so that lines keep their numbers)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c in "\"'":
            j = literal_end(text, i)
            out.append(text[i:j])
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            out.append("\n" * text.count("\n", i, j) if keep_lines else " ")
            i = n if j < 0 else j + 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def block_end(text, i):
    """The index after the brace block that opens at text[i] ("{"), literals skipped."""
    depth, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in "\"'":
            i = literal_end(text, i)
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise SyntaxError("unbalanced braces")


def braced(text, i):
    """The text inside the brace block that opens at text[i], and the index after it."""
    end = block_end(text, i)
    return text[i + 1:end - 1], end
