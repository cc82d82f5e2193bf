"""What a game's changes do to its clocks, prisoners and dead stones, for every keeper of a game.

The model's followed games (:mod:`igs_tui.model.apply`) and the IGS session's own view of each
game (``backends/igs/session/view.py``) keep the same state by the same rules; the session may
not read the model, so both call these functions on their own objects (anything with the fields
of :class:`GameState`). One rule, written once, cannot drift between the two.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from igs_tui.go import Color, Game, Point
from igs_tui.model import changes as ch
from igs_tui.model.clocks import Clock
from igs_tui.model.games import GamePhase


class GameState(Protocol):
    """The fields these rules read and write (a :class:`~igs_tui.model.FollowedGame`, the
    session's ``GameView``)."""

    phase: GamePhase
    dead: set[Point]
    prisoners: dict[Color, int]
    clocks: dict[Color, Clock]

    @property
    def board(self) -> Game: ...


def count_prisoners(game: GameState, c: ch.PrisonersCounted) -> None:
    game.prisoners[Color.WHITE] = c.white
    game.prisoners[Color.BLACK] = c.black


def set_clock(game: GameState, c: ch.ClockSet, now: float) -> None:
    """One player's clock as a game heading or a time notice gives it (stopped or started when
    the change says so)."""
    clock = game.clocks[c.color]
    if c.running is False:
        clock.stop(now)
    clock.set(c.reading, now)
    if c.running:
        clock.start(now)


def read_clocks(game: GameState, c: ch.ClocksRead, now: float) -> None:
    """Readings that leave each clock running or stopped as it was."""
    for color, reading in c.readings:
        game.clocks[color].set(reading, now)


def sync_clocks(game: GameState, c: ch.ClocksSynced, now: float) -> None:
    """Both clocks set at once, and the one that runs (if any) started."""
    for color, reading in ((Color.BLACK, c.black), (Color.WHITE, c.white)):
        clock = game.clocks[color]
        clock.stop(now)
        clock.set(reading, now)
    if c.running is not None:
        game.clocks[c.running].start(now)


def stop_clocks(game: GameState, now: float) -> None:
    for clock in game.clocks.values():
        clock.stop(now)


def mark_dead(game: GameState, points: Iterable[Point]) -> None:
    """Each point's whole chain is dead (an empty point marks nothing); marking starts scoring."""
    board = game.board
    for point in points:
        if board.get(point) is not None:
            game.phase = GamePhase.SCORING
            game.dead |= board.chain(point)


def mark_alive(game: GameState, points: Iterable[Point]) -> None:
    """Each point's whole chain is alive again."""
    board = game.board
    for point in points:
        if board.get(point) is not None:
            game.dead -= board.chain(point)
