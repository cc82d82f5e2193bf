"""Player cards (``stats``), observers (``all N``) and messages (``message``, ``erase``) in
IGS wording (issue 14)."""

from __future__ import annotations

import re

from igs_tui.localserver import LocalServer
from tests.localserver.conftest import Connect
from tests.localserver.test_games import pair, start_match


async def test_stats_in_igs_wording(server: LocalServer, connect: Connect) -> None:
    alice, bob = await pair(server, connect)
    await start_match(alice, bob)
    lines = await alice.command("stats bob")
    assert lines[0] == "9 Player:      bob"
    assert any(x.startswith("9 Rating:      3k*") for x in lines)
    assert any(x.startswith("9 Idle Time:  (On server) ") for x in lines)
    assert "9 Playing in game:  1" in lines
    assert lines[-3].split()[1:4] == ["Verbose", "Bell", "Quiet"]
    assert lines[-1] == "1 6"
    assert await alice.command("stats nobody") == ["5 Cannot find player nobody.", "1 6"]


async def test_all_lists_the_observers_of_a_game(server: LocalServer, connect: Connect) -> None:
    alice, bob = await pair(server, connect)
    await start_match(alice, bob)
    assert await alice.command("all 1") == [
        "9 Observing game  1 (bob vs. alice) :",
        "9 Found 0 observers.",
        "1 6",
    ]
    carol = await connect(server)
    await carol.login("carol", "carol")
    await carol.command("observe 1")
    lines = await alice.command("all 1")
    assert lines[1].split()[:2] == ["9", "carol"]
    assert lines[2:] == ["9 Found 1 observers.", "1 6"]
    assert await alice.command("all 99") == ["5 There is no such game.", "1 6"]


async def test_messages_are_kept_listed_and_erased(server: LocalServer, connect: Connect) -> None:
    alice, bob = await pair(server, connect)  # both greeted with the robot's welcome message
    lines = await bob.command("message")
    assert lines[0] == "14 File" and lines[-2:] == ["14 File", "1 5"]
    assert lines[1].startswith("igsbot ") and ": Welcome, bob!" in lines[1]
    assert await alice.command("message bob see you tomorrow") == [
        "9 Message saved for bob.",
        "1 5",
    ]
    assert await bob.block() == [
        "9 You have 2 messages. To read your messages, type:  message",
        "1 5",
    ]
    lines = await bob.command("message")
    assert lines[2].startswith("alice ") and lines[2].endswith(": see you tomorrow")
    assert await bob.command("erase") == ["9 Messages erased.", "1 5"]
    assert await bob.command("message") == ["9 You have no messages.", "1 5"]
    assert (await alice.command("message nobody hi"))[0] == "5 Cannot find player nobody."


async def test_results_list_finished_games_winner_first(
    server: LocalServer, connect: Connect
) -> None:
    """``results [name]``: a ``25 File`` block of the player's games, one line each in the
    form Tim Casey's notes show for IGS: ``kido       [ 4d*](W) : wildwolf   [ 4d ](B) H 0 K
    5.5 19x19 W+Resign 26-00-34 R``."""
    alice, bob = await pair(server, connect)
    assert await alice.command("results bob") == ["1 5"]  # no games yet: no file at all
    await start_match(alice, bob)
    await alice.send("resign")
    await alice.until("Removed game file")
    await alice.block()
    lines = await alice.command("results alice")
    assert lines[0] == "25 File" and lines[-2:] == ["25 File", "1 5"]
    assert len(lines) == 4
    assert re.fullmatch(
        r"bob {8}\[ 3k\*\]\(W\) : alice {6}\[ 5k\*\]\(B\) H 0 K 6\.5 5x5 W\+Resign"
        r" \d\d-\d\d-\d\d(?: R)?",
        lines[1],
    ), lines[1]
    assert (await alice.command("results bob"))[1] == lines[1]
    assert (await alice.command("results"))[1] == lines[1]  # the server's latest games
    assert await alice.command("results nobody") == ["5 There is no player by that name.", "1 5"]
