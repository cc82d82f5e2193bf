"""Ishi Standard Format vocabulary shared by the reader and the writer.

Keyword classes (spec §5: header data that sums over repeated lines versus once-only data),
the ``\\C`` special mark characters, and the text forms of the items that MARK, UNMARK, HIDE
and PRISONER lines list.
"""

from __future__ import annotations

from collections.abc import Iterable

from igs_tui.go.coords import format_point
from igs_tui.records.model import AllStones, Mark, MarkAction, MarkKind, MoveRange, StoneRef

__all__ = [
    "EXTENDED_MARKS",
    "MAX_ISHI_SIZE",
    "ONCE_HEADERS",
    "SGF_USER_TITLE",
    "SPECIAL_CODES",
    "SPECIAL_MARKS",
    "SUMMED_HEADERS",
    "closes_block",
    "format_mark",
    "format_ref",
    "group_marks",
]

SGF_USER_TITLE = "igs-tui-sgf"
"""Title of the ``USER`` block that carries data Ishi has no keyword for, as SGF properties."""

MAX_ISHI_SIZE = 25  # the spec stops at 19; the 25 letters A-Z without I allow up to 25

SUMMED_HEADERS = {
    "ANALYSIS": "annotator",
    "DATE": "date",
    "PLACE": "place",
    "RECORDER": "recorder",
    "SOURCE": "source",
    "TIMELIMIT": "time_limit",
}
ONCE_HEADERS = {"BLACK": "black", "WHITE": "white", "RESULT": "result", "RULES": "rules"}

SPECIAL_MARKS = {
    "d": MarkKind.DIAMOND,
    "t": MarkKind.TRIANGLE,
    "c": MarkKind.CHECK,
    "s": MarkKind.SQUARE,
}
# Not Ishi: our private SGF property ISMK also needs SGF's circle and cross.
EXTENDED_MARKS = {**SPECIAL_MARKS, "o": MarkKind.CIRCLE, "x": MarkKind.CROSS}
SPECIAL_CODES = {kind: code for code, kind in EXTENDED_MARKS.items()}


def format_ref(ref: StoneRef | AllStones, size: int) -> str:
    """An item of HIDE/PRISONER/MARK/UNMARK: a location, ``#n``, ``#n-n`` or ``ALL``."""
    if isinstance(ref, AllStones):
        return "ALL"
    if isinstance(ref, MoveRange):
        return f"#{ref.first}" if ref.first == ref.last else f"#{ref.first}-{ref.last}"
    return format_point(ref, size)


def format_mark(mark: Mark, size: int) -> str:
    """A MARK/UNMARK item: ``Q8``, ``#21-28``, ``\\t@Q5``, ``a@R3``, ``x@#81-90``."""
    target = format_ref(mark.target, size)
    if mark.action is MarkAction.UNMARK or mark.kind is MarkKind.NUMBER:
        return target
    if mark.kind is MarkKind.LABEL:
        return f"{mark.label}@{target}"
    return f"\\{SPECIAL_CODES[mark.kind]}@{target}"


def group_marks(marks: list[Mark]) -> Iterable[tuple[MarkAction, list[Mark]]]:
    """Runs of consecutive MARKs or UNMARKs, one keyword line each, keeping their order."""
    group: list[Mark] = []
    for mark in marks:
        if group and group[-1].action is not mark.action:
            yield group[0].action, group
            group = []
        group.append(mark)
    if group:
        yield group[0].action, group


def closes_block(line: str, keyword: str) -> bool:
    """Whether a block body line would be read as the block's closing keyword line."""
    first = line.split(None, 1)
    return bool(first) and first[0].upper() == keyword
