"""Engine analysis over GTP, sans-IO: which commands to use, and reading their answers.

Engines offer analysis in two families, told apart by ``list_commands``:

* *streaming* (Leela Zero's ``lz-analyze``, KataGo's ``kata-analyze``): one command starts a
  search that reports ``info move D4 visits 120 winrate 0.54 scoreLead 1.2 pv D4 Q16 ...``
  lines until any other command is sent (:func:`parse_analysis_line`);
* *one-shot* (GNU Go): ``top_moves_black``/``top_moves_white`` list moves with their values
  (:func:`parse_top_moves`), ``estimate_score`` answers ``W+13.5 (upper bound: ...)``
  (:func:`parse_estimate_score`) and ``move_probabilities`` a move and a probability per line
  (:func:`parse_move_probabilities`).

Engines are other people's programs: every parser here takes whatever text arrives and
returns what it could read (an empty list, ``None``), never raising. Winrates and score
leads are turned to *Black's* point of view here, so nothing above has to remember whose
turn the engine was thinking for.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass

from igs_tui.go.coords import CoordinateError, parse_point
from igs_tui.go.types import Color, Point
from igs_tui.numbers import bounded_int

__all__ = [
    "AnalysisPlan",
    "EngineCandidate",
    "parse_analysis_line",
    "parse_estimate_score",
    "parse_move_probabilities",
    "parse_top_moves",
    "plan_analysis",
    "stream_command",
]

STREAM_COMMANDS = ("kata-analyze", "lz-analyze")
"""Streaming analysis commands, best first (KataGo's reports a score lead as well)."""

MAX_CANDIDATES = 26
"""At most this many candidates are kept (they are drawn as the letters A to Z)."""

_MAX_PV = 40
_FLOAT_RE = re.compile(r"[-+]?[0-9]{1,9}(?:\.[0-9]{0,12})?(?:[eE][-+]?[0-9]{1,3})?")


def _number(text: str) -> float | None:
    """A finite float from engine text, or ``None`` (no ``nan``/``inf``, bounded length)."""
    if not _FLOAT_RE.fullmatch(text):
        return None
    value = float(text)
    return value if math.isfinite(value) else None


def _vertex(text: str, size: int) -> tuple[bool, Point | None]:
    """``(True, point)``, ``(True, None)`` for ``pass``, ``(False, None)`` for anything
    unreadable (never raises)."""
    if text.lower() == "pass":
        return True, None
    try:
        return True, parse_point(text, size)
    except (CoordinateError, ValueError):
        return False, None


@dataclass(frozen=True, slots=True)
class AnalysisPlan:
    """What an engine can be asked, chosen from its ``list_commands``.

    ``stream`` is the streaming command (``None``: none); ``top_moves`` the command that
    lists best moves (``"top_moves_"`` means the per-colour pair ``top_moves_black``/
    ``top_moves_white``, which needs no earlier ``genmove``).
    """

    stream: str | None = None
    top_moves: str | None = None
    estimate: bool = False
    probabilities: bool = False

    @property
    def usable(self) -> bool:
        """Can the engine tell anything about a position?"""
        return bool(self.stream or self.top_moves or self.estimate)

    def top_moves_command(self, to_move: Color) -> str | None:
        """The command that lists ``to_move``'s best moves."""
        if self.top_moves == "top_moves_":
            return "top_moves_black" if to_move is Color.BLACK else "top_moves_white"
        return self.top_moves

    def describe(self) -> str:
        """What will be used, for the status line (``"kata-analyze"``, ``"top_moves,
        estimate_score"``)."""
        if self.stream:
            return self.stream
        parts = []
        if self.top_moves:
            parts.append("top_moves" if self.top_moves == "top_moves" else "top_moves_<color>")
        if self.estimate:
            parts.append("estimate_score")
        if self.probabilities:
            parts.append("move_probabilities")
        return ", ".join(parts) or "nothing"


def plan_analysis(commands: Iterable[str]) -> AnalysisPlan:
    """The best analysis the engine offers, from the lines of its ``list_commands``."""
    known = {command.strip() for command in commands}
    stream = next((name for name in STREAM_COMMANDS if name in known), None)
    if stream is not None:
        return AnalysisPlan(stream=stream)
    top: str | None = None
    if {"top_moves_black", "top_moves_white"} <= known:
        top = "top_moves_"
    elif "top_moves" in known:
        top = "top_moves"
    return AnalysisPlan(
        top_moves=top,
        estimate="estimate_score" in known,
        probabilities="move_probabilities" in known,
    )


def stream_command(name: str, to_move: Color, interval_cs: int) -> str:
    """``kata-analyze b 50``: analyse for ``to_move``, a report every ``interval_cs``
    centiseconds (both engines take the colour first, then the interval)."""
    return f"{name} {'b' if to_move is Color.BLACK else 'w'} {max(1, interval_cs)}"


@dataclass(frozen=True, slots=True)
class EngineCandidate:
    """One move an engine considers, with what it said about it (``None``: not said).

    ``winrate`` is Black's winning chance (0 to 1) and ``score_lead`` Black's lead in points
    if that move is played; ``value`` is GNU Go's move value, ``probability`` its
    ``move_probabilities`` share; ``pv`` the expected continuation, the move first.
    """

    point: Point | None
    visits: int | None = None
    winrate: float | None = None
    score_lead: float | None = None
    value: float | None = None
    probability: float | None = None
    pv: tuple[Point | None, ...] = ()


_KNOWN_KEYS = frozenset(
    {"move", "visits", "edgeVisits", "winrate", "scoreLead", "scoreMean", "scoreStdev",
     "scoreSelfplay", "prior", "lcb", "utility", "utilityLcb", "order", "isSymmetryOf",
     "weight", "N", "pv", "pvVisits", "pvEdgeVisits", "ownership", "ownershipStdev",
     "movesOwnership", "movesOwnershipStdev", "info"}
)  # fmt: skip


def _split_infos(line: str) -> list[list[str]]:
    """The words of each ``info`` record of one line (KataGo puts them all on one line)."""
    records: list[list[str]] = []
    current: list[str] | None = None
    for word in line.split()[:4096]:
        if word == "info":
            current = []
            records.append(current)
        elif current is not None:
            current.append(word)
    return records


def _read_info(words: list[str], size: int, to_move: Color, lz: bool) -> EngineCandidate | None:
    fields: dict[str, str] = {}
    pv: list[Point | None] = []
    index = 0
    while index < len(words):
        key = words[index]
        index += 1
        if key == "pv":
            while index < len(words) and words[index] not in _KNOWN_KEYS:
                ok, vertex = _vertex(words[index], size)
                index += 1
                if ok and len(pv) < _MAX_PV:
                    pv.append(vertex)
        elif key in ("ownership", "ownershipStdev", "movesOwnership", "movesOwnershipStdev"):
            while index < len(words) and words[index] not in _KNOWN_KEYS:
                index += 1  # one number per point: not shown
        elif index < len(words):
            fields.setdefault(key, words[index])
            index += 1
    if "move" not in fields:
        return None
    ok, point = _vertex(fields["move"], size)
    if not ok:
        return None
    visits = bounded_int(fields.get("visits", ""))
    winrate = _number(fields.get("winrate", ""))
    if winrate is not None:
        winrate = winrate / 10000.0 if lz else winrate
        winrate = min(1.0, max(0.0, winrate))
        if to_move is Color.WHITE:
            winrate = 1.0 - winrate
    lead = _number(fields.get("scoreLead", "") or fields.get("scoreMean", ""))
    if lead is not None and to_move is Color.WHITE:
        lead = -lead
    return EngineCandidate(
        point,
        visits=visits,
        winrate=winrate,
        score_lead=lead,
        pv=tuple(pv),
    )


def parse_analysis_line(
    line: str, size: int, to_move: Color, *, lz: bool = False
) -> list[EngineCandidate]:
    """The candidates of one ``info ...`` line of ``kata-analyze`` or ``lz-analyze``.

    ``lz`` says the winrate is in hundredths of a percent (Leela Zero's 0-10000, also what
    KataGo answers to ``lz-analyze``); ``kata-analyze`` gives 0-1. Both report from the side
    to move's point of view: ``to_move`` turns that into Black's. Unreadable records are
    skipped; candidates come out in the engine's order, one per move.
    """
    candidates: list[EngineCandidate] = []
    seen: set[Point | None] = set()
    for words in _split_infos(line):
        candidate = _read_info(words, size, to_move, lz)
        if candidate is not None and candidate.point not in seen:
            seen.add(candidate.point)
            candidates.append(candidate)
            if len(candidates) >= MAX_CANDIDATES:
                break
    return candidates


def parse_top_moves(body: str, size: int) -> list[EngineCandidate]:
    """GNU Go's ``top_moves``: ``G7 75.00 C5 74.01 ...`` (a vertex and its value, repeated)."""
    words = body.split()[: 4 * MAX_CANDIDATES]
    candidates: list[EngineCandidate] = []
    seen: set[Point | None] = set()
    for vertex_text, value_text in zip(words[::2], words[1::2], strict=False):
        _, point = _vertex(vertex_text, size)
        value = _number(value_text)
        if point is None or value is None or point in seen:
            continue
        seen.add(point)
        candidates.append(EngineCandidate(point, value=value))
        if len(candidates) >= MAX_CANDIDATES:
            break
    return candidates


_ESTIMATE_RE = re.compile(r"\s*([BbWw])\+([0-9]{1,6}(?:\.[0-9]{1,6})?)")


def parse_estimate_score(body: str) -> float | None:
    """Black's lead from ``estimate_score`` (``W+13.5 (upper bound: ...)`` gives -13.5;
    ``0`` or ``Jigo`` gives 0), or ``None`` for anything else."""
    text = body.strip()
    first = text.split()[0] if text else ""
    if first in ("0", "0.0", "Jigo", "jigo", "Draw", "draw"):
        return 0.0
    match = _ESTIMATE_RE.match(text)
    if match is None:
        return None
    margin = float(match.group(2))
    return margin if match.group(1) in "Bb" else -margin


def parse_move_probabilities(body: str, size: int) -> dict[Point, float]:
    """GNU Go's ``move_probabilities``: one ``G7 0.8123`` per line (unreadable lines skipped)."""
    probabilities: dict[Point, float] = {}
    for line in body.split("\n")[: size * size + 1]:
        words = line.split()
        if len(words) < 2:
            continue
        _, point = _vertex(words[0], size)
        value = _number(words[1])
        if point is None or value is None or not 0.0 <= value <= 1.0:
            continue
        probabilities[point] = value
    return probabilities
