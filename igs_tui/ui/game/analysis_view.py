"""What the engine analysis looks like on a board and beside it: pure functions, no widgets.

* the position a board shows, as an :class:`~igs_tui.model.analysis.AnalysisPosition` (a
  followed game cut at the browsed move, or the review cursor's path);
* the candidate letters drawn on empty points (``A``, ``B``, ``C``... best first; ``O`` and
  ``X`` are skipped, since ASCII mode draws the stones with them);
* the panel's lines: the winrate/score line, the candidates with their numbers, and a
  sparkline of Black's lead (or winrate) over the line of play shown.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from igs_tui.go import Color, Point, format_point
from igs_tui.model import FollowedGame
from igs_tui.model.analysis import (
    AnalysisPosition,
    AnalysisState,
    Candidate,
    EngineAnalysis,
    PositionAnalysis,
    next_key,
    prefix_keys,
    start_key,
)
from igs_tui.records.model import GameRecord, Node

LABELS = "ABCDEFGHJKLMNPQRSTUVWYZ"
"""Candidate letters: no I (as on the board's coordinates), no O or X (ASCII stones)."""

BOARD_CANDIDATES = 9
"""At most this many candidates get a letter on the board (the panel lists them too)."""

SPARK = "▁▂▃▄▅▆▇█"

PV_SHOWN = 8
"""Moves of the best candidate's expected continuation shown in the panel (its first too)."""


async def ask_engine(
    engine: EngineAnalysis,
    state: AnalysisState,
    position: AnalysisPosition,
    alive: Callable[[], bool],
    shown: Callable[[], None],
) -> bool:
    """Take the engine's answers about ``position`` into ``state`` (stale ones are dropped
    there) and show each; True when a complete answer came, so the graph may be filled next.
    ``alive`` says the view is still on screen. One loop for the game view and the review."""
    answered = False
    async for update in engine.analyse(position):
        if not alive():
            return False
        if state.accept(position, update):
            answered = update.final and not update.note
            shown()
    return answered


async def fill_gaps(
    engine: EngineAnalysis,
    state: AnalysisState,
    next_position: Callable[[], AnalysisPosition | None],
    alive: Callable[[], bool],
    shown: Callable[[], None],
) -> None:
    """While the engine is idle, estimate the other positions of the line shown for the
    graph (``next_position`` gives the nearest one missing, None when none is); any new
    position to show cancels this (the caller's worker group)."""
    while state.on and alive():
        position = next_position()
        if position is None:
            return
        async for update in engine.analyse(position, estimate_only=True):
            if update.note:
                return
            if update.final:
                state.record(position, update)
        state.tried.add(position.key)
        if state.on and alive():
            shown()


def game_moves(game: FollowedGame, count: int) -> tuple[int, list[tuple[Color, Point | None]]]:
    """The fixed handicap and the moves of ``game``'s first ``count`` records."""
    handicap = 0
    moves: list[tuple[Color, Point | None]] = []
    for record in game.moves[:count]:
        if record.handicap:
            handicap = record.handicap if not moves else handicap
        else:
            moves.append((record.color, record.point))
    return handicap, moves


def game_line_keys(game: FollowedGame, count: int) -> list[int]:
    """:func:`prefix_keys` along ``game``'s moves up to ``count`` (handicap included)."""
    handicap, moves = game_moves(game, count)
    return prefix_keys(game.size, game.komi, handicap, moves)


def game_position(game: FollowedGame, count: int) -> AnalysisPosition:
    """The position after ``game``'s first ``count`` move records."""
    handicap, moves = game_moves(game, count)
    return AnalysisPosition.make(game.size, game.komi, moves, handicap=handicap)


def _node_moves(node: Node) -> list[tuple[Color, Point | None]]:
    moves: list[tuple[Color, Point | None]] = [(Color.BLACK, p) for p in node.add_black]
    moves += [(Color.WHITE, p) for p in node.add_white]
    if node.move is not None:
        moves.append((node.move.color, node.move.point))
    return moves


def review_position(
    record: GameRecord, path: Sequence[Node], stones: dict[Point, Color], komi: float
) -> AnalysisPosition:
    """The position at the end of ``path`` (the review cursor's) as moves. A path with a
    node that takes stones away (``AE``) cannot be said with moves: then the ``stones`` on
    the board are sent as setup moves (Black's first), without the history."""
    moves: list[tuple[Color, Point | None]] = []
    last_play: Color | None = None
    for node in path:
        moves += _node_moves(node)
        if node.move is not None:
            last_play = node.move.color
    if any(node.add_empty for node in path):
        moves = sorted(
            ((c, p) for p, c in stones.items()), key=lambda m: (m[0] is Color.WHITE, m[1])
        )
    if last_play is not None:
        next_color = last_play.opponent
    else:
        handicapped = record.info.handicap is not None and record.info.handicap >= 2
        next_color = Color.WHITE if handicapped else Color.BLACK
    return AnalysisPosition.make(record.size, komi, moves, next_color=next_color)


def review_keys(record: GameRecord, path: Sequence[Node], komi: float) -> list[int]:
    """A key per node of ``path`` (the graph's positions along the review line)."""
    key = start_key(record.size, komi, 0)
    keys: list[int] = []
    for node in path:
        for move in _node_moves(node):
            key = next_key(key, move)
        keys.append(key)
    return keys


def candidate_labels(
    analysis: PositionAnalysis | None,
    stones: Mapping[Point, Color],
    limit: int = BOARD_CANDIDATES,
) -> dict[Point, str]:
    """The letter of each candidate drawn on the board (empty points only, best first)."""
    labels: dict[Point, str] = {}
    if analysis is None:
        return labels
    for candidate in analysis.candidates:
        if len(labels) >= min(limit, len(LABELS)):
            break
        point = candidate.point
        if point is not None and point not in stones and point not in labels:
            labels[point] = LABELS[len(labels)]
    return labels


def _lead(lead: float) -> str:
    if abs(lead) < 0.05:
        return "even"
    return f"{'B' if lead > 0 else 'W'}+{abs(lead):.1f}"


def _candidate_text(letter: str, candidate: Candidate, size: int) -> str:
    where = "pass" if candidate.point is None else format_point(candidate.point, size)
    parts = [f"{letter} {where}" if letter else where]
    if candidate.winrate is not None:
        parts.append(f"{candidate.winrate * 100:.0f}%")  # Black's, as the head line says
    if candidate.score_lead is not None:
        parts.append(_lead(candidate.score_lead))
    if candidate.visits is not None:
        parts.append(f"{candidate.visits}v")
    if candidate.value is not None:
        parts.append(f"value {candidate.value:g}")
    if candidate.probability is not None:
        # GNU Go's move_probabilities: how often it would choose this move (a lone sensible
        # move is 100%). Named, so it is not read as a winrate (#31).
        parts.append(f"chosen {candidate.probability * 100:.0f}%")
    return " ".join(parts)


def summary_lines(
    name: str,
    state: AnalysisState,
    labels: dict[Point, str],
    size: int,
    graph: Sequence[float | None] = (),
    graph_is_lead: bool = True,
    width: int = 30,
) -> list[str]:
    """The panel's analysis lines (empty while analysis is off)."""
    if not state.on:
        return []
    analysis = state.latest
    head = f"Analysis ({name})"
    if analysis is None:
        return [f"{head}: thinking…"]
    if analysis.note:
        return [analysis.note]
    facts = []
    if analysis.winrate is not None:
        facts.append(f"Black {analysis.winrate * 100:.1f}%,")
    if analysis.score_lead is not None:
        facts.append(_lead(analysis.score_lead))
    if not analysis.final:
        facts.append("…")
    lines = [f"{head}: {' '.join(facts).rstrip(',')}" if facts else head]
    for candidate in analysis.candidates[:BOARD_CANDIDATES]:
        letter = labels.get(candidate.point, "") if candidate.point is not None else ""
        lines.append("  " + _candidate_text(letter, candidate, size))
    if analysis.candidates and len(pv := analysis.candidates[0].pv) > 1:
        moves = ["pass" if p is None else format_point(p, size) for p in pv[1:PV_SHOWN]]
        lines.append(f"  then {' '.join(moves)}{' …' if len(pv) > PV_SHOWN else ''}")
    if graph and any(value is not None for value in graph):
        what = "lead" if graph_is_lead else "winrate"
        lines.append(f"Black's {what} by move:")
        lines.append(sparkline(graph, width, centre=0.0 if graph_is_lead else 0.5))
    return lines


def sparkline(values: Sequence[float | None], width: int, *, centre: float = 0.0) -> str:
    """One row of at most ``width`` block characters over all ``values``: the middle block
    is ``centre`` (an even game), higher is better for Black; ``·`` is a stretch not analysed.
    A longer game is squeezed: each character stands for a run of moves, and shows the last
    estimate met in it."""
    width = max(1, width)
    shown: list[float | None] = list(values)
    if len(shown) > width:
        count = len(shown)
        runs = [shown[count * i // width : count * (i + 1) // width] for i in range(width)]
        shown = [next((v for v in reversed(run) if v is not None), None) for run in runs]
    known = [abs(v - centre) for v in shown if v is not None]
    scale = max(known, default=0.0) or 1.0
    chars = []
    for value in shown:
        if value is None:
            chars.append("·")
            continue
        level = (value - centre) / scale  # -1 .. 1
        index = round((level + 1) / 2 * (len(SPARK) - 1))
        chars.append(SPARK[max(0, min(len(SPARK) - 1, index))])
    return "".join(chars)
