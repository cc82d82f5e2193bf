"""When the game view should interrupt the player: low time, an undo request, the result.

Each rule is a small stateful object fed the game on every redraw or clock tick; it answers
"act now?" exactly once per occurrence. Redraws happen many times a second in busy games, so
without this memory the bell would ring every second and dialogs would stack up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from igs_tui.go import Color
from igs_tui.model import ClockReading, FollowedGame, GamePhase, Role

LOW_TIME_SECONDS = 60.0
"""Below this the clock turns amber (and the bell rings once); below :data:`CRITICAL_SECONDS`
red (and it rings once more)."""
CRITICAL_SECONDS = 15.0


def time_level(reading: ClockReading) -> int:
    """0 plenty of time, 1 low, 2 critical (unlimited clocks are never low)."""
    if reading.unlimited:
        return 0
    left = reading.seconds_left  # in byo-yomi: what is left of the current period
    if left <= CRITICAL_SECONDS:
        return 2
    if left <= LOW_TIME_SECONDS:
        return 1
    return 0


@dataclass
class TimeAlarm:
    """Rings once each time our clock crosses a threshold downwards.

    A new byo-yomi period or added time lowers the level again, so the next crossing rings
    again; staying below a threshold never rings twice.
    """

    level: int = 0

    def update(self, level: int) -> bool:
        ring = level > self.level
        self.level = level
        return ring


def own_name(game: FollowedGame) -> str:
    """Our account name in ``game`` ("" when we are only observing)."""
    if game.role is Role.PLAYING_BLACK:
        return game.black
    if game.role is Role.PLAYING_WHITE:
        return game.white
    return ""


def opponent_request(game: FollowedGame, requester: str) -> str:
    """``requester`` when it is the opponent's request, unanswered, in a game we play ("" when
    there is none, it is our own echoed back, or play is over)."""
    if not requester or game.role.color is None or game.phase is not GamePhase.PLAYING:
        return ""
    if requester.lower() == own_name(game).lower():
        return ""  # our own request, echoed
    return requester


def opponent_undo_request(game: FollowedGame) -> str:
    """The opponent who asked for an undo we have not answered ("" when none)."""
    return opponent_request(game, game.undo_requested_by)


def opponent_adjourn_request(game: FollowedGame) -> str:
    """The opponent who asked to adjourn, unanswered ("" when none)."""
    return opponent_request(game, game.adjourn_requested_by)


@dataclass
class RequestPrompt:
    """Opens an answer dialog once per request (a request is its asker at a move number)."""

    requester: Callable[[FollowedGame], str]
    asked: tuple[str, int] | None = None

    def update(self, game: FollowedGame) -> bool:
        requester = self.requester(game)
        if not requester:
            self.asked = None
            return False
        key = (requester, len(game.moves))
        if key == self.asked:
            return False
        self.asked = key
        return True


@dataclass
class ResultPrompt:
    """Shows the result screen once per game, when the result is final.

    An own game that went through scoring waits for the server's count (``score_check``), so
    the screen can compare it with ours; :attr:`waiting` tells the view to show the result
    anyway after a grace period if the count never comes.
    """

    shown: bool = False
    scored: bool = False

    def update(self, game: FollowedGame) -> bool:
        if game.phase is GamePhase.SCORING:
            self.scored = True
        if self.shown or game.phase is not GamePhase.FINISHED:
            return False
        if not game.result and game.score_check is None:
            return False
        if self.waiting(game):
            return False
        self.shown = True
        return True

    def waiting(self, game: FollowedGame) -> bool:
        """An own scored game whose server count has not arrived yet."""
        own = game.role.color is not None
        return own and self.scored and game.score_check is None and not self.shown

    def give_up_waiting(self) -> bool:
        """The grace period is over: show what we have (True once)."""
        if self.shown:
            return False
        self.shown = True
        return True


def flag_fell(game: FollowedGame, color: Color, now: float) -> bool:
    """Our local clock says ``color`` has no time left in a game still in play."""
    return game.phase is GamePhase.PLAYING and game.clocks[color].flag_fell(now)
