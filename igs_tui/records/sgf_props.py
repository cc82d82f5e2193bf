"""SGF property text for one node (``ID[value][value]...``) as decoded strings, both ways.

The Ishi writer carries data that Ishi has no keyword for in a ``USER igs-tui-sgf`` block
written in this syntax, so that the same interpretation code (:mod:`igs_tui.records.sgf`)
reads it back whichever format it came through. Values are FF[4] Text: ``\\`` escapes the
next character and a backslash before a line break removes the break.
"""

from __future__ import annotations

import re

__all__ = ["escape_value", "format_sgf_properties", "parse_sgf_properties", "unescape_value"]

_IDENT_RE = re.compile(r"\s*([A-Z]+)")
_SPACE_RE = re.compile(r"\s*")


def escape_value(value: str) -> str:
    """Escape a decoded value for the inside of ``[...]``."""
    return value.replace("\\", "\\\\").replace("]", "\\]")


def unescape_value(raw: str) -> str:
    """Decode the inside of ``[...]``: drop escaping backslashes and escaped line breaks."""
    out: list[str] = []
    i = 0
    while i < len(raw):
        ch = raw[i]
        if ch == "\\" and i + 1 < len(raw):
            nxt = raw[i + 1]
            i += 2
            if nxt == "\n":
                continue
            out.append(nxt)
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def format_sgf_properties(props: dict[str, list[str]]) -> str:
    """One property per line: ``ID[v1][v2]``. Values may hold line breaks (Text values)."""
    return "\n".join(
        ident + "".join(f"[{escape_value(v)}]" for v in values) for ident, values in props.items()
    )


def parse_sgf_properties(text: str) -> dict[str, list[str]]:
    """Parse the output of :func:`format_sgf_properties`; raises :class:`ValueError` if bad."""
    props: dict[str, list[str]] = {}
    pos = 0
    while True:
        pos = _SPACE_RE.match(text, pos).end()  # type: ignore[union-attr]
        if pos >= len(text):
            return props
        m = _IDENT_RE.match(text, pos)
        if not m:
            raise ValueError(f"expected a property identifier at {text[pos : pos + 10]!r}")
        ident = m.group(1)
        pos = m.end()
        values = props.setdefault(ident, [])
        found = False
        while True:
            pos = _SPACE_RE.match(text, pos).end()  # type: ignore[union-attr]
            if pos >= len(text) or text[pos] != "[":
                break
            end = pos + 1
            while end < len(text) and text[end] != "]":
                end += 2 if text[end] == "\\" else 1
            if end >= len(text):
                raise ValueError(f"unterminated value of {ident}")
            values.append(unescape_value(text[pos + 1 : end]))
            pos = end + 1
            found = True
        if not found:
            raise ValueError(f"property {ident} has no value")
