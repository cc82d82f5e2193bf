"""selection_intent / pass_intent: what a board selection means, as a table."""

from __future__ import annotations

import pytest

from igs_tui.go import Color, parse_point
from igs_tui.model import FollowedGame, GamePhase, MoveRecord, Role
from igs_tui.ui.game.game_intents import (
    Refuse,
    SendMove,
    SendRemoval,
    pass_intent,
    selection_intent,
)


def game_after(
    moves: list[str], role: Role = Role.PLAYING_BLACK, phase: GamePhase = GamePhase.PLAYING
) -> FollowedGame:
    """A 9x9 game after alternating moves (Black first), as the server announced them."""
    game = FollowedGame(1, size=9, role=role)
    for i, text in enumerate(moves):
        color = Color.BLACK if i % 2 == 0 else Color.WHITE
        game.add_move(MoveRecord(i + 1, color, parse_point(text, 9)))
    game.phase = phase  # a standalone game, not the shared model
    return game


# A ko: after these moves White has just taken at D4, Black may not retake at E4 at once.
KO = ["D5", "E5", "C4", "F4", "D3", "E3", "E4", "D4"]


@pytest.mark.parametrize(
    ("moves", "role", "point", "expected"),
    [
        ([], Role.PLAYING_BLACK, "E5", SendMove(parse_point("E5", 9))),
        (["D4"], Role.PLAYING_WHITE, "D4", Refuse("Illegal move D4: occupied")),
        (["D4"], Role.PLAYING_BLACK, "E5", Refuse("Illegal move E5: not your turn")),
        (KO, Role.PLAYING_BLACK, "E4", Refuse("Illegal move E4: ko")),
        (KO, Role.PLAYING_BLACK, "A1", SendMove(parse_point("A1", 9))),
        (["D4"], Role.OBSERVING, "E5", None),
    ],
)
def test_selection_during_play(moves: list[str], role: Role, point: str, expected: object) -> None:
    """IGS rules: "basic ko" — a single stone just captured may not be retaken at once."""
    game = game_after(moves, role)
    assert selection_intent(game, parse_point(point, 9)) == expected


def test_suicide_refused() -> None:
    # White stones around A1: Black A1 would have no liberty and capture nothing.
    game = game_after(["E5", "A2", "E6", "B1"], Role.PLAYING_BLACK)
    assert selection_intent(game, parse_point("A1", 9)) == Refuse("Illegal move A1: suicide")


def test_browsing_and_waiting_refuse_before_checking_the_move() -> None:
    game = game_after([], Role.PLAYING_BLACK)
    point = parse_point("C3", 9)
    assert isinstance(selection_intent(game, point, at_live=False), Refuse)
    assert selection_intent(game, point, awaiting_server=True) == Refuse(
        "Waiting for the server to confirm your move"
    )


def test_scoring_selects_stones_only() -> None:
    game = game_after(["D4", "E5"], Role.PLAYING_WHITE, GamePhase.SCORING)
    assert selection_intent(game, parse_point("D4", 9)) == SendRemoval(parse_point("D4", 9))
    assert selection_intent(game, parse_point("A1", 9)) == Refuse(
        "A1 is empty: select a dead stone"
    )


def test_finished_game_refuses() -> None:
    game = game_after(["D4"], Role.PLAYING_WHITE, GamePhase.FINISHED)
    assert selection_intent(game, parse_point("A1", 9)) == Refuse("The game is over")


@pytest.mark.parametrize(
    ("moves", "role", "phase", "expected"),
    [
        ([], Role.PLAYING_BLACK, GamePhase.PLAYING, SendMove(None)),
        ([], Role.PLAYING_WHITE, GamePhase.PLAYING, Refuse("Cannot pass: not your turn")),
        ([], Role.OBSERVING, GamePhase.PLAYING, Refuse("You are not playing this game")),
        ([], Role.PLAYING_BLACK, GamePhase.SCORING, Refuse("The game is not in play")),
    ],
)
def test_pass(moves: list[str], role: Role, phase: GamePhase, expected: object) -> None:
    assert pass_intent(game_after(moves, role, phase)) == expected
