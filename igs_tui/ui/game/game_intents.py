"""What a click on the board or a pass key *means* in a game, decided before anything is sent.

A pure function of the followed game and the view's state, so the rules of "may I send this"
are tested as a table instead of through key presses. The answer is one of: send a move
(:class:`SendMove`), send a dead-stone removal (:class:`SendRemoval`), explain why not
(:class:`Refuse`), or nothing at all (``None``: an observer's click only moves the cursor).
"""

from __future__ import annotations

from dataclasses import dataclass

from igs_tui.go import Point, format_point
from igs_tui.model import FollowedGame, GamePhase


@dataclass(frozen=True, slots=True)
class SendMove:
    point: Point | None
    """``None`` is a pass."""


@dataclass(frozen=True, slots=True)
class SendRemoval:
    point: Point


@dataclass(frozen=True, slots=True)
class Refuse:
    message: str


Intent = SendMove | SendRemoval | Refuse


def selection_intent(
    game: FollowedGame, point: Point, *, at_live: bool = True, awaiting_server: bool = False
) -> Intent | None:
    """The meaning of selecting ``point``: our engine must agree before a move is sent."""
    color = game.role.color
    if color is None:
        return None
    where = format_point(point, game.size)
    if game.phase is GamePhase.SCORING:
        if game.board.get(point) is None:
            return Refuse(f"{where} is empty: select a dead stone")
        return SendRemoval(point)
    if game.phase is not GamePhase.PLAYING:
        return Refuse("The game is over")
    if not at_live:
        return Refuse("Browsing: press End for the live position to play")
    if awaiting_server:
        return Refuse("Waiting for the server to confirm your move")
    check = game.board.check(point, color, enforce_turn=True)
    if not check.legal:
        reason = check.reason.value if check.reason else "illegal"
        return Refuse(f"Illegal move {where}: {reason}")
    return SendMove(point)


def pass_intent(game: FollowedGame) -> SendMove | Refuse:
    """May we pass now? Only in our own game in play, on our turn."""
    color = game.role.color
    if color is None:
        return Refuse("You are not playing this game")
    if game.phase is not GamePhase.PLAYING:
        return Refuse("The game is not in play")
    check = game.board.check(None, color, enforce_turn=True)
    if not check.legal:
        return Refuse(f"Cannot pass: {check.reason.value if check.reason else 'illegal'}")
    return SendMove(None)
