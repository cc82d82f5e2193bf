"""How a local engine game looks in the model: settings, clocks, the engine's score, names.

Pure functions between the GTP side (:mod:`igs_tui.gtp.clock`, ``final_score``) and the
server-neutral model (clock readings, time settings, :class:`ServerScore`), kept apart from
:mod:`igs_tui.backends.engine.backend` so they are tested as plain values.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from igs_tui.go import Color, Point, fixed_handicap_points, format_point
from igs_tui.go.timecontrol import PlayerClock, TimeSettings
from igs_tui.gtp.values import FinalScore
from igs_tui.model import ClockReading, ServerScore

_UNSAFE = re.compile(r"[^A-Za-z0-9_.+-]+")


@dataclass(frozen=True, slots=True)
class LocalGameSettings:
    """What ``igs-tui play`` asks for: board, handicap, komi, our colour and the clock."""

    size: int = 19
    komi: float = 6.5
    handicap: int = 0
    color: Color = Color.BLACK
    """The human's colour; the engine plays the other one."""
    time: TimeSettings | None = None
    """The clock (GTP engines know Canadian and absolute time; ``None``: no clock)."""
    free_handicap: bool = False
    player_name: str = "You"


def clock_reading(clock: PlayerClock) -> ClockReading:
    """A model clock reading of a local game's clock (Canadian period time shown as main time,
    as IGS headings do)."""
    if clock.in_byoyomi:
        return ClockReading(clock.byo_left, in_byoyomi=True, byo_stones=clock.stones_left)
    return ClockReading(clock.main_left)


def engine_score(final: FinalScore) -> ServerScore:
    """The engine's ``final_score`` as the model's authority score.

    An engine gives only a winner and a margin, not totals, so the winner is credited with
    the margin and the loser with zero: the result text and the agreement check are exact.
    """
    margin = final.margin or 0.0
    if final.winner is Color.BLACK:
        return ServerScore(margin, 0.0)
    if final.winner is Color.WHITE:
        return ServerScore(0.0, margin)
    return ServerScore(0.0, 0.0)


def dead_stone_differences(
    ours: frozenset[Point], engine: frozenset[Point], size: int
) -> list[str]:
    """Where the marks on the board differ from the engine's ``final_status_list dead``."""
    lines: list[str] = []
    only_ours = sorted(ours - engine)
    only_engine = sorted(engine - ours)
    if only_ours:
        where = " ".join(format_point(p, size) for p in only_ours)
        lines.append(f"marked dead but alive for the engine: {where}")
    if only_engine:
        where = " ".join(format_point(p, size) for p in only_engine)
        lines.append(f"dead for the engine but not marked: {where}")
    return lines


def fixed_points(size: int, count: int) -> tuple[Point, ...]:
    """The fixed handicap points, or none where the size does not define them."""
    try:
        return fixed_handicap_points(size, count)
    except ValueError:
        return ()


def record_name(stamp: str, black: str, white: str) -> str:
    """A file name for the game record: ``<stamp>-<black>-vs-<white>.sgf``, filesystem-safe."""
    return _UNSAFE.sub("_", f"{stamp}-{black}-vs-{white}") + ".sgf"
