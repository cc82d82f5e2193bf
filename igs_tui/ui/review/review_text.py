"""The words of the record review's side panel: header, position, variations (pure functions).

Everything here comes from a file someone else wrote, so every string goes through
:func:`~igs_tui.ui.safe_text.clean`; the screen shows the result as plain
:class:`~textual.content.Content`, never as markup.
"""

from __future__ import annotations

from igs_tui.go import Color, CoordinateError, format_point
from igs_tui.records import GameInfo, Play
from igs_tui.records.cursor import Choice, ReviewPosition
from igs_tui.ui.safe_text import clean

__all__ = ["choice_lines", "header_lines", "move_text", "position_lines"]

NAME_WIDTH = 24
LINE_WIDTH = 60
STONE = {Color.BLACK: "●", Color.WHITE: "○"}
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _player(color: Color, name: str | None, rank: str | None) -> str:
    shown = clean(name or "", max_length=NAME_WIDTH) or "?"
    rank_text = clean(rank or "", max_length=8)
    return f"{STONE[color]} {shown}" + (f" {rank_text}" if rank_text else "")


def header_lines(info: GameInfo, size: int) -> list[str]:
    """Players (black first, as records list them), then size, komi, handicap, result, and
    the event and date when the record names them."""
    lines = [
        _player(Color.BLACK, info.black, info.black_rank),
        _player(Color.WHITE, info.white, info.white_rank),
    ]
    terms = [f"{size}x{size}"]
    if info.komi is not None:
        terms.append(f"komi {info.komi:g}")
    if info.handicap:
        terms.append(f"handicap {info.handicap}")
    if info.result:
        terms.append(f"result {clean(info.result, max_length=20)}")
    lines.append("  ".join(terms))
    about = [clean(t, max_length=LINE_WIDTH) for t in (info.event, info.date) if t]
    if about:
        lines.append(clean(", ".join(about), max_length=LINE_WIDTH))
    return lines


def move_text(move: Play | None, size: int) -> str:
    """``● Q16``, ``○ pass``, or ``(no move)`` for a node without one."""
    if move is None:
        return "(no move)"
    try:
        where = "pass" if move.point is None else format_point(move.point, size)
    except CoordinateError:
        where = "?"
    return f"{STONE[move.color]} {where}"


def position_lines(position: ReviewPosition) -> list[str]:
    """Where we are: move number and the last move, captures, which variation this is."""
    if position.move_number == 0 and position.last_move is None:
        where = f"Start (0/{position.last_number})"
    else:
        where = f"Move {position.move_number}/{position.last_number}"
        if position.last_move is not None:
            where += f"  {move_text(position.last_move, position.size)}"
    caps = position.captures
    lines = [
        where,
        f"Captures: ● {caps.get(Color.BLACK, 0)}  ○ {caps.get(Color.WHITE, 0)}",
    ]
    if position.alternative is not None:
        k, n = position.alternative
        lines.append(f"This move: variation {k} of {n}  ([ ])")
    if position.error:
        lines.append(f"Error: {clean(position.error, max_length=LINE_WIDTH)}")
    return lines


def choice_lines(choices: tuple[Choice, ...], selected: int, size: int) -> list[str]:
    """The next-move variations, the selected one marked ``>`` (``a)`` is the main line)."""
    if not choices:
        return []
    lines = [f"Next move: {len(choices)} variations (↑↓)"]
    for choice in choices:
        letter = LETTERS[choice.index] if choice.index < len(LETTERS) else "*"
        mark = ">" if choice.index == selected else " "
        label = f" [{clean(choice.label, max_length=4)}]" if choice.label else ""
        main = "  main line" if choice.index == 0 else ""
        lines.append(f"{mark} {letter}) {move_text(choice.move, size)}{label}{main}")
    return lines
