"""``load`` on the real NNGS 1.1.22 restores an adjourned game (issue 25).

NNGS reloads ``load white-black`` (kit README: "Adjourn gives ``9 Game has been
adjourned.``; ``load white-black`` resumes it") under a new number while the adjourned game
still holds its slot (src/gamedb.c, ``NewOldGame``), and tells the players only its last move
(``@ Move 4``, README "Supported servers"): the client asks for the rest. The restored game is
a new entry whose record goes on in the first file; the adjourned entry stays closed.
"""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path

from igs_tui.go import Point
from tests.nngs.clients import TIMEOUT, NngsPlayer, play_records, recorded_client
from tests.nngs.kit import NngsServer
from tests.play.test_game_identity import FIRST, adjourn, as_sgf, sgf_moves, start
from tests.polling import wait_until


async def test_load_restores_an_adjourned_game_into_its_record(
    nngs: NngsServer, tmp_path: Path
) -> None:
    async with AsyncExitStack() as stack:
        alice = await recorded_client(stack, nngs, "alice", tmp_path)
        bob = await recorded_client(stack, nngs, "bob", tmp_path)
        number = await start(alice, bob)
        await play_records(number, [(alice if i % 2 == 0 else bob, p) for i, p in enumerate(FIRST)])
        await adjourn(number, alice, bob)
        old = {c.name: c.game(number) for c in (alice, bob)}
        paths = {c.name: list(c.records()) for c in (alice, bob)}
        assert all(len(p) == 1 for p in paths.values())

        alice.player.backend.load("bob")
        for c in (alice, bob):
            await wait_until(
                lambda: (
                    (g := c.player.game()) is not None  # noqa: B023
                    and g is not old[c.name]  # noqa: B023
                    and g.last_number == len(FIRST)
                    and [m.point for m in g.moves] == FIRST
                ),
                TIMEOUT,
                what=f"the game restored for {c.name}",
            )
        again = alice.player.game()
        assert again is not None
        players = [c.player for c in (alice, bob)]
        assert all(isinstance(p, NngsPlayer) for p in players)
        sent = alice.player.sent if isinstance(alice.player, NngsPlayer) else []
        assert "load bob-alice" in sent  # white-black, as NNGS takes it
        await play_records(again.number, [(alice, Point(4, 2)), (bob, Point(4, 6))])
        for c in (alice, bob):
            game = c.game(again.number)
            assert old[c.name].is_adjourned and game is not old[c.name]
            assert [m.point for m in game.moves] == [*FIRST, Point(4, 2), Point(4, 6)]
            assert not game.sync_errors
            records = c.records()
            assert list(records) == paths[c.name], "the loaded game went on in its first file"
            assert sgf_moves(records[paths[c.name][0]]) == as_sgf(
                [*FIRST, Point(4, 2), Point(4, 6)]
            )
        assert [p.errors() for p in players if isinstance(p, NngsPlayer)] == [[], []]
