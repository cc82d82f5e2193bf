"""What sgfmill's tolerant tokeniser lets through but no SGF writer makes.

sgfmill skips "leading junk" up to the first ``(;`` and stops at the ``)`` that closes the
first game, so ``((;...)`` (one parenthesis never closed) reads as a good game; it merges a
property given twice in a node, so ``SZ[9]SZ[19]`` reads as a board of some size; and a
value whose ``]`` was forgotten runs on to the next ``]``, swallowing the nodes between
(``C[oops;B[aa]`` is a comment ``oops;B[aa`` and the move is gone). FF[4] says "only one of
each property is allowed per node" and that a game tree is balanced parentheses; a value
that holds ``;B[`` is a lost ``]`` far more often than a comment about SGF. These checks
find each with its offset, so the reader reports ``FILE:LINE:COL`` and nothing is written.
"""

from __future__ import annotations

import re

__all__ = ["LIST_PROPERTIES", "structure_problem"]

LIST_PROPERTIES = frozenset(
    {"AB", "AW", "AE", "TR", "SQ", "CR", "MA", "LB", "SL", "TB", "TW", "DD", "VW", "AR", "LN"}
)
"""Point lists: a writer that repeats one of these (``AB[aa]AB[bb]``) means their union,
and sgfmill's merge reads it so."""

_NODE_IN_VALUE = re.compile(rb";\s*[A-Z]{1,2}\[[^\[\\]*\Z")
r"""A node's start at the very end of a value: a lost ``]`` makes the value run on to the first
``]`` of the next node, so the swallowed ``;B[cc`` is always the value's tail (``C[a;B[b\] c]``
from another program, or ``C[a;B\[b]`` as our writer escapes it, is a comment)."""
_BLANK = frozenset(b" \t\r\n\f\v")


def structure_problem(data: bytes, start: int, end: int) -> tuple[int, str] | None:
    """The first structural fault of the game tree ``data[start:end]`` (``start`` at its
    ``(``), as (offset, message), or ``None``.

    Also looks at what stands just before ``start``: a ``(`` there opens a tree that is
    never closed.
    """
    before = start - 1
    while before >= 0 and data[before] in _BLANK:
        before -= 1
    if before >= 0 and data[before] == 0x28:  # (
        return before, "unbalanced '(': this game tree is never closed"
    depth = 0
    index = start
    seen: set[bytes] = set()
    ident = bytearray()
    while index < end:
        byte = data[index]
        if byte == 0x5B:  # [ : a value, up to its unescaped ]
            close = _value_end(data, index + 1, end)
            if close is None:
                return index, "a value is never closed by ']'"
            name = bytes(ident)
            if ident:
                if name in seen and name.decode() not in LIST_PROPERTIES:
                    return index - len(ident), f"{name.decode()} appears twice in one node"
                seen.add(name)
                ident.clear()
            if _NODE_IN_VALUE.search(data, index + 1, close):
                return index, "a value seems to be missing its ']' (it holds the start of a node)"
            index = close + 1
            continue
        if 0x41 <= byte <= 0x5A:  # upper case: the property's name (``AddBlack`` is ``AB``)
            ident.append(byte)
        elif byte == 0x3B:  # ;
            seen.clear()
            ident.clear()
        elif byte == 0x28:  # (
            depth += 1
            seen.clear()
        elif byte == 0x29:  # )
            depth -= 1
            seen.clear()
        index += 1
    if depth != 0:
        if data[end : end + 1] == b"[":  # sgfmill stopped at a value with no end
            return end, "a value is never closed by ']'"
        if not data[end:].strip():
            return None  # the data ends inside the game: sgfmill says so, at the end
        return start, "unbalanced '(': this game tree is never closed"
    after = end
    while after < len(data) and data[after] in _BLANK:
        after += 1
    if after < len(data) and data[after] == 0x29:  # )
        return after, "unbalanced ')': it closes no game tree"
    return None


def _value_end(data: bytes, index: int, end: int) -> int | None:
    """The offset of the ``]`` that ends a value starting at ``index``."""
    while index < end:
        byte = data[index]
        if byte == 0x5C:  # backslash escapes the next byte
            index += 2
            continue
        if byte == 0x5D:
            return index
        index += 1
    return None
