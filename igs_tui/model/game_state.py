"""What a game's changes do to its players, phase, clocks, prisoners and dead stones, for
every keeper of a game.

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
from igs_tui.model.clocks import Clock, TimeSettings
from igs_tui.model.games import GamePhase, Role
from igs_tui.model.play import ScoreCheck


class GameState(Protocol):
    """The fields these rules read and write (a :class:`~igs_tui.model.FollowedGame`, the
    session's ``GameView``)."""

    white: str
    black: str
    role: Role
    phase: GamePhase
    dead: set[Point]
    prisoners: dict[Color, int]
    clocks: dict[Color, Clock]
    time_settings: TimeSettings | None
    score_check: ScoreCheck | None

    @property
    def board(self) -> Game: ...

    def set_time_settings(self, settings: TimeSettings | None) -> None: ...


def seat_players(game: GameState, c: ch.PlayersSeated) -> None:
    """The players (and our role) as the server names them now."""
    game.white, game.black = c.white, c.black
    if c.role is not None:
        game.role = c.role
    if game.phase is GamePhase.ADJOURNED:
        # Players named again for an adjourned game: it was loaded and is live.
        game.phase = GamePhase.PLAYING


def change_phase(game: GameState, c: ch.PhaseChanged, now: float) -> None:
    """A new phase: back to play from scoring forgets the dead stones and the count; any
    phase but play stops the clocks."""
    if c.phase is GamePhase.PLAYING and game.phase is GamePhase.SCORING:
        game.dead.clear()
        game.score_check = None
    game.phase = c.phase
    if c.phase is not GamePhase.PLAYING:
        stop_clocks(game, now)


def set_time_system(game: GameState, c: ch.TimeSystemSet) -> None:
    """The game's time system (one that applies only if none is known yet is then ignored)."""
    if not (c.only_if_unknown and game.time_settings is not None):
        game.set_time_settings(c.settings)


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


def hand_over_clock(game: GameState, color: Color, now: float) -> None:
    """``color`` moved: its clock stops, and its opponent's starts while the game is played."""
    game.clocks[color].stop(now)
    if game.phase is GamePhase.PLAYING:
        game.clocks[color.opponent].start(now)


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
