"""A watched game adjourned and loaded again is live again for its watcher, end to end.

IGS: "An 'adjourned' can be restarted with the 'load' command" (igs-protocol.md, ``games``
help); the embedded server gives a loaded game the lowest number not in play, so a game
loaded at once gets its old number back. A watcher who still has the adjourned game's tab
and types ``observe N`` in the console (a line the client does not interpret) gets the
game's heading and moves again under that number: the tab must show the game as being
played (its moves arrive, the clock of the side to move runs), not as adjourned.
"""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path

import pytest

from igs_tui.go import Color, Point
from igs_tui.model import GamePhase
from tests.play.test_game_identity import DIALECTS, FIRST, adjourn, client, embedded, play, start
from tests.polling import wait_until


@pytest.mark.parametrize("dialect", DIALECTS)
async def test_a_watched_game_loaded_again_is_live_for_its_watcher(
    tmp_path: Path, dialect: str
) -> None:
    async with embedded(dialect) as server, AsyncExitStack() as stack:
        alice = await client(stack, server.port, "alice", tmp_path)
        bob = await client(stack, server.port, "bob", tmp_path)
        carol = await client(stack, server.port, "carol", tmp_path)
        number = await start(alice, bob)
        carol.player.backend.observe(number)
        await wait_until(lambda: number in carol.player.model.followed)
        await play(number, [(alice if i % 2 == 0 else bob, p) for i, p in enumerate(FIRST)], carol)
        await adjourn(number, alice, bob)
        await wait_until(lambda: carol.game(number).is_adjourned)
        alice.player.backend.load("bob")
        await wait_until(
            lambda: (
                (g := alice.player.game()) is not None
                and g.phase is GamePhase.PLAYING
                and g.last_number == len(FIRST)
            )
        )
        again = alice.player.game()
        assert again is not None and again.number == number  # its old number back
        carol.player.backend.send_raw(f"observe {number}")  # typed in the console
        await wait_until(lambda: carol.game(number).phase is GamePhase.PLAYING)
        await play(number, [(alice, Point(4, 2))], carol)  # and play goes on for her
        watched = carol.game(number)
        assert watched.phase is GamePhase.PLAYING and not watched.is_adjourned
        assert [m.point for m in watched.moves] == [*FIRST, Point(4, 2)]
        assert watched.clocks[Color.WHITE].running  # bob (White) to move
        assert not watched.clocks[Color.BLACK].running
