"""Issue 25 on the real NNGS 1.1.22: a game is more than its number.

NNGS gives an ended or adjourned game's number to a later game (docs/pitfalls.md, "Real
servers"). Found on NNGS itself: after an adjourn the new game under the number went into the
stale tab and the earlier record on disk was overwritten. The clients here keep what the app
keeps (autosaved records, chat logs), as in tests/play/test_game_identity.py against the
embedded server.

When the number comes back (NNGS 1.1.22 src/gamedb.c): an ended game's slot is kept as an
"old game" (``NewOldGame``) until both its players have ended another game
(``RemoveOldGamesForPlayer``) or one of them disconnects; ``get_empty_game_slot`` then gives
the lowest free slot. So after game N is adjourned the next game is N+1, and once that one
has ended the game after it is N again.
"""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path

from igs_tui.model import GamePhase
from tests.nngs.clients import TIMEOUT, play_records, recorded_client
from tests.nngs.kit import NngsServer
from tests.play.test_game_identity import FIRST, SECOND, adjourn, as_sgf, sgf_moves, start
from tests.polling import wait_until


async def test_adjourned_then_a_new_game_under_the_number(nngs: NngsServer, tmp_path: Path) -> None:
    """alice and bob adjourn game N, which carol watched; after a short game between them
    (N+1, resigned) they start another, which NNGS numbers N again, and carol observes N
    again. The adjourned records of all three stay byte
    for byte; the new game is a new entry, chat and file for each."""
    async with AsyncExitStack() as stack:
        alice = await recorded_client(stack, nngs, "alice", tmp_path)
        bob = await recorded_client(stack, nngs, "bob", tmp_path)
        carol = await recorded_client(stack, nngs, "carol", tmp_path)
        number = await start(alice, bob)
        carol.player.backend.observe(number)
        await wait_until(lambda: number in carol.player.model.followed, TIMEOUT)
        await play_records(
            number, [(alice if i % 2 == 0 else bob, p) for i, p in enumerate(FIRST)], carol
        )
        alice.player.backend.say(number, "good luck in the first game")
        await wait_until(lambda: "good luck in the first game" in bob.chat_lines(number), TIMEOUT)
        await adjourn(number, alice, bob)
        await wait_until(lambda: carol.game(number).is_adjourned, TIMEOUT)
        old = {c.name: c.game(number) for c in (alice, bob, carol)}
        before = {c.name: c.records() for c in (alice, bob, carol)}
        for c in (alice, bob, carol):
            (data,) = before[c.name].values()
            assert sgf_moves(data) == as_sgf(FIRST), c.name

        between = await start(alice, bob)
        assert between != number  # the adjourned game still holds its slot
        bob.player.backend.resign(between)
        await wait_until(
            lambda: alice.game(between).phase is GamePhase.FINISHED, TIMEOUT, what="resigned"
        )
        again = await start(alice, bob)
        assert again == number  # NNGS gave the number to the new game
        carol.player.backend.refresh_games()
        await wait_until(lambda: number in carol.player.model.games, TIMEOUT)
        carol.player.backend.observe(number)  # Enter on the row: an old tab has the number
        await wait_until(lambda: carol.game(number) is not old["carol"], TIMEOUT)
        await play_records(
            number, [(alice if i % 2 == 0 else bob, p) for i, p in enumerate(SECOND)], carol
        )

        for c in (alice, bob, carol):
            new = c.game(number)
            assert new is not old[c.name] and new.serial > old[c.name].serial
            assert [m.point for m in new.moves] == SECOND and not new.sync_errors
            assert [m.point for m in old[c.name].moves] == FIRST  # the old game took none
            now = c.records()
            for path, data in before[c.name].items():
                assert now.pop(path) == data, f"{c.name}'s adjourned record was rewritten"
            fresh = [data for data in now.values() if sgf_moves(data) == as_sgf(SECOND)]
            assert len(fresh) == 1, f"{c.name}: the new game has one record of its own"
            assert new.record and Path(new.record) not in before[c.name]
        # the new game's chat starts empty: the first game's lines are in its own log
        assert "good luck in the first game" not in bob.chat_lines(number)
        alice.player.backend.say(number, "and in the second")
        await wait_until(lambda: bob.chat_lines(number) == ["and in the second"], TIMEOUT)
        logs = [t for t in bob.game_logs().values() if "good luck" in t or "second" in t]
        assert len(logs) == 2, logs
        first_log, second_log = sorted(logs, key=lambda t: "second" in t)
        assert "good luck in the first game" in first_log and "second" not in first_log
        assert "and in the second" in second_log and "first game" not in second_log
