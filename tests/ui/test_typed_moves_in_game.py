"""Issue 28, driven as the user did: typed text that is not a point of this board, then
Enter, plays nothing in an own game against the embedded server's bot (it played the cursor's
point: ``i5`` on 19x19 played L15, ``k3`` on 9x9 played E6), and says why on the board."""

from __future__ import annotations

import re

from igs_tui.ui.board.board_widget import BoardWidget
from tests.polling import wait_until
from tests.ui.local_play import own_game_against_igsbot


def plays(sent: list[str]) -> list[str]:
    """The move commands sent: a coordinate and the game number (``E5 1``; IGS spec, "Playing")."""
    return [line.split()[0] for line in sent if re.fullmatch(r"[A-Z]\d{1,2} \d+", line)]


def note(board: BoardWidget) -> str:
    return "\n".join(board.render_line(y).text for y in range(board.board_layout.height))


async def test_k3_on_9x9_is_refused_not_played_at_the_cursor() -> None:
    async with own_game_against_igsbot() as own:
        pilot, sent = own.pilot, own.sent
        board = own.panel.screen.query_one(BoardWidget)
        assert board.has_focus
        await pilot.press("k")
        assert "k: cursor up" in note(board)
        await pilot.press("3", "enter")
        await pilot.pause()
        assert "k3: no column K on 9x9; nothing played" in note(board)
        await pilot.press("e", "5", "enter")  # a real point still plays
        await wait_until(lambda: len(own.game.moves) >= 1)
        assert plays(sent) == ["E5"], sent


async def test_i5_and_t20_on_19x19_are_refused_not_played() -> None:
    async with own_game_against_igsbot(board_size=19) as own:
        pilot, sent = own.pilot, own.sent
        board = own.panel.screen.query_one(BoardWidget)
        await pilot.press("t", "2", "0", "enter")
        await pilot.pause()
        assert "t20: no row 20 on 19x19; nothing played" in note(board)
        await pilot.press("i")  # the game view's key (the opponent's card): the board says so
        await pilot.pause()
        assert "i: Player card (no column I here)" in note(board)
        await pilot.press("5", "enter")
        await pilot.pause()
        assert "5: no column letter; nothing played" in note(board)
        assert plays(sent) == [], sent
        assert own.game.moves == []
