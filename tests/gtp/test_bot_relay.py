"""Move relay: who moves next, when the engine is told, scoring after three passes."""

from __future__ import annotations

from igs_tui.apps.bot.relay import Action, MoveRelay
from igs_tui.go import Color, Point


def test_white_bot_waits_then_answers() -> None:
    relay = MoveRelay(ours=Color.WHITE)
    assert relay.next_action() is Action.WAIT
    assert relay.server_move(Color.BLACK, Point(2, 2)) == (True, Action.GENMOVE)
    # Our own move echoed by the server is not sent to the engine again.
    assert relay.server_move(Color.WHITE, Point(3, 3)) == (False, Action.WAIT)


def test_three_passes_enter_scoring() -> None:
    # igs-rules.txt: "Three consecutive passes stop alternating play for confirmation"
    relay = MoveRelay(ours=Color.BLACK)
    relay.server_move(Color.BLACK, None)
    relay.server_move(Color.WHITE, None)
    assert relay.server_move(Color.BLACK, None)[1] is Action.SCORE


def test_resync_detects_a_stale_engine() -> None:
    relay = MoveRelay(ours=Color.BLACK)
    relay.server_move(Color.BLACK, Point(0, 0))
    server: list[tuple[Color, Point | None]] = [
        (Color.BLACK, Point(0, 0)),
        (Color.WHITE, Point(1, 1)),
    ]
    assert relay.resync(server) is True
    assert relay.next_action() is Action.GENMOVE
    assert relay.resync(server) is False
