"""Typed values that GTP commands return, and their parsing from response text.

Kept apart from the controller so the local game logic and the built-in engine share one
vocabulary (a generated move is a :class:`Point`, ``"pass"`` or ``"resign"``; a score is a
winner and a margin) without pulling in any I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, TypeAlias

from igs_tui.go.coords import CoordinateError, format_point, parse_point
from igs_tui.go.types import Color, Point
from igs_tui.gtp.errors import GtpProtocolError
from igs_tui.numbers import bounded_float

GenmoveResult: TypeAlias = Point | Literal["pass", "resign"]
"""What ``genmove``/``reg_genmove`` answer (§6.3.3: "Vertex where the move was played or
the string 'resign'", where "pass" is a valid vertex)."""

StatusKind: TypeAlias = Literal["alive", "seki", "dead"]


def gtp_color(color: Color) -> str:
    """The GTP spelling of a colour (§3.2.1 accepts ``b``/``w`` too; we send the long form)."""
    return "black" if color is Color.BLACK else "white"


def gtp_vertex(point: Point | None, size: int) -> str:
    """Format a vertex; ``None`` is ``pass``."""
    return "pass" if point is None else format_point(point, size)


def parse_vertex(text: str, size: int) -> Point | None:
    """Parse a vertex (case-insensitive, §3.2.1); ``pass`` gives ``None``.

    Raises :class:`GtpProtocolError`: a bad vertex in a *response* is the engine's fault.
    """
    word = text.strip()
    if word.lower() == "pass":
        return None
    try:
        return parse_point(word, size)
    except (CoordinateError, ValueError) as exc:
        raise GtpProtocolError(f"engine sent a bad vertex {text!r}: {exc}") from exc


def parse_genmove(text: str, size: int) -> GenmoveResult:
    word = text.strip().lower()
    if word == "resign":
        return "resign"
    point = parse_vertex(word, size)
    return "pass" if point is None else point


def parse_vertex_list(text: str, size: int) -> list[Point]:
    """Parse ``vertex*`` (handicap answers); ``pass`` is not allowed there (§6.3.2)."""
    points: list[Point] = []
    for word in text.split():
        point = parse_vertex(word, size)
        if point is None:
            raise GtpProtocolError(f"engine listed 'pass' as a handicap vertex in {text!r}")
        points.append(point)
    return points


def parse_vertex_groups(text: str, size: int) -> list[list[Point]]:
    """Parse ``vertex*&`` (``final_status_list``): one group per line, as GNU Go sends it."""
    groups = [parse_vertex_list(line, size) for line in text.split("\n")]
    return [group for group in groups if group]


_SCORE_RE = re.compile(r"^([BW])\+(\d+(?:\.\d+)?|R|Resign|T|Time|F|Forfeit)?$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class FinalScore:
    """An engine's ``final_score`` (§4.3: "W+2.5", "B+31", or "0" for a draw).

    ``winner`` is ``None`` for a draw; ``margin`` is ``None`` when the engine gave no number
    (e.g. ``B+R``). ``text`` is the answer exactly as sent, in SGF RE form.
    """

    winner: Color | None
    margin: float | None
    text: str

    @property
    def signed_margin(self) -> float:
        """Black's lead: positive when Black wins, negative when White wins, 0 for a draw."""
        if self.winner is None or self.margin is None:
            return 0.0
        return self.margin if self.winner is Color.BLACK else -self.margin


def parse_final_score(text: str) -> FinalScore:
    word = text.strip()
    if word in ("0", "Draw", "draw", "Jigo", "jigo", "B+0", "W+0"):
        return FinalScore(None, 0.0, word)
    match = _SCORE_RE.match(word)
    if not match:
        raise GtpProtocolError(f"engine sent a bad final_score {text!r}")
    winner = Color.parse(match.group(1))
    amount = match.group(2)
    margin = bounded_float(amount) if amount else None
    if amount and amount[0].isdigit() and margin is None:
        raise GtpProtocolError(f"engine sent a bad final_score {text!r}")
    return FinalScore(winner, margin, word)


def parse_bool(text: str) -> bool:
    word = text.strip()
    if word == "true":
        return True
    if word == "false":
        return False
    raise GtpProtocolError(f"engine sent {text!r} where a boolean (true/false) was expected")


def parse_int(text: str, what: str) -> int:
    try:
        return int(text.strip())
    except ValueError as exc:
        raise GtpProtocolError(f"engine sent {text!r} where {what} (an int) was expected") from exc
