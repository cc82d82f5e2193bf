"""The local server's NNGS dialect, line for line as a real NNGS 1.1.22 server was observed.

The quoted lines come from issue #13 (two clients and a guest on NNGS 1.1.22); they are the
spec of this dialect. The IGS dialect (the default) is covered by the other modules here.
"""

from __future__ import annotations

import re

import pytest

from igs_tui.go import parse_point
from igs_tui.localserver import LocalServer, ManualClock
from igs_tui.localserver.dialect import NNGS, dialect_named
from tests.localserver.client import Client
from tests.localserver.conftest import Connect, MakeServer


async def nngs(make_server: MakeServer, **overrides: object) -> LocalServer:
    return await make_server(dialect="nngs", **overrides)


async def pair(server: LocalServer, connect: Connect) -> tuple[Client, Client]:
    bob: Client = await connect(server)
    await bob.login("bob", "bob")
    alice: Client = await connect(server)
    await alice.login("alice", "alice")
    return bob, alice


async def start(bob: Client, alice: Client, size: int = 9) -> None:
    """bob (White) offers alice a classic match; alice accepts with the suggested line."""
    await bob.command(f"match alice W {size} 10 0")
    offer = await alice.block()
    hint = next(line for line in offer if line.startswith("9 Use <match"))
    await alice.command(hint[len("9 Use <") : hint.index(">")])
    await bob.block()


async def play(mover: Client, other: Client, move: str) -> list[str]:
    await mover.send(move)
    block = await mover.block()
    await other.block()
    return block


def test_dialect_names() -> None:
    assert dialect_named("NNGS") is NNGS
    with pytest.raises(ValueError, match="unknown server dialect"):
        dialect_named("kgs")


async def test_login_names_the_server_and_guests_keep_their_name(
    make_server: MakeServer, connect: Connect
) -> None:
    server = await nngs(make_server)
    alice = await connect(server)
    await alice.line()
    await alice.until("^Login: $")
    await alice.send("alice")
    await alice.line()
    await alice.send("alice")
    block = await alice.until(r"^#> $")
    assert "No Name Go Server (NNGS) version 1.1.22" in block  # not in client mode yet
    guest = await connect(server)
    await guest.line()
    await guest.until("^Login: $")
    await guest.send("guest")
    block = await guest.until(r"^#> $")
    assert any(line.startswith('"guest" is not a registered name.') for line in block)
    assert "This is a guest account." in block
    assert server.hub.find_online("guest") is not None
    again = await connect(server)  # in client mode the line carries its code
    await again.line()
    await again.until("^Login: $")
    await again.send("alice")
    await again.line()
    await again.send("alice")
    await again.send("toggle client on")
    await again.until("^1 5$")
    client_alice = await connect(server)
    await client_alice.login("alice", "alice")
    assert "39 No Name Go Server (NNGS) version 1.1.22" in client_alice.history


async def test_version_line_can_be_left_out(make_server: MakeServer, connect: Connect) -> None:
    server = await nngs(make_server, announce_version=False)
    alice = await connect(server)
    await alice.login("alice", "alice")
    assert not any("No Name Go Server" in line for line in alice.history)


async def test_missing_commands_and_toggles(make_server: MakeServer, connect: Connect) -> None:
    server = await nngs(make_server)
    alice = await connect(server)
    await alice.login("alice", "alice")
    assert await alice.command("nmatch bob B 0 9 600 0 0 0 0 0") == [
        "5 nmatch: Unknown command.",
        "1 5",
    ]
    assert await alice.command("undoplease") == ["5 undoplease: Unknown command.", "1 5"]
    assert await alice.command("id igs-tui 0.1.0") == ["5 id: Unknown command.", "1 5"]
    # IGS's automatch offer: not in NNGS 1.1.22's src/command_list.h
    assert await alice.command("automatch bob") == ["5 automatch: Unknown command.", "1 5"]
    for name in ("newundo", "nmatch"):
        assert await alice.command(f"toggle {name} true") == [
            "5 Unknown value for toggling.",
            "1 5",
        ]
    assert await alice.command("toggle quiet false") == ["9 Set quiet to be False.", "1 5"]


async def test_user_is_a_code_9_table(make_server: MakeServer, connect: Connect) -> None:
    server = await nngs(make_server)
    alice = await connect(server)
    await alice.login("alice", "alice")
    await alice.command("toggle quiet false")
    reply = await alice.command("user")
    assert reply[0] == "9  Info     Name       Rank  19  9  Idle Rank Info"
    assert reply[1] == "9 "  # what a real NNGS 1.1.22 sends under the header (no rule)
    rows = [line for line in reply if " alice " in line]
    assert len(rows) == 1
    assert rows[0] == "9     -- -- alice       5k*  21   0  0s  5k"
    assert reply[-1] == "1 5"


async def test_chat_lines(make_server: MakeServer, connect: Connect) -> None:
    server = await nngs(make_server)
    bob, alice = await pair(server, connect)
    await alice.command("shout shout from alice")
    assert await bob.block() == ["21 alice -->> shout from alice", "1 5"]
    await start(bob, alice)
    await alice.command("say good game so far")
    assert await bob.block() == ["19 alice good game so far", "1 6"]


async def test_a_game_to_a_scored_result(make_server: MakeServer, connect: Connect) -> None:
    """Numbered done/resign/adjourn are refused; two passes start scoring without echoing the
    pass to the players; the count ends as a 'resignation' with the score."""
    server = await nngs(make_server)
    bob, alice = await pair(server, connect)
    carol = await connect(server)
    await carol.login("carol", "carol")
    await carol.command("toggle quiet false")
    await start(bob, alice)
    assert await carol.block() == ["21 {Match 1: bob [3k* ] vs. alice [5k* ] }", "1 5"]
    await carol.command("observe 1")
    # alice (Black) walls column C, bob (White) column E
    for row in range(1, 10):
        await play(alice, bob, f"C{row}")
        await carol.block()
        await play(bob, alice, f"E{row}")
        await carol.block()
    # komi: an offer with a hint; the agreement reaches the players only
    await alice.command("komi 5.5")
    assert await bob.block() == [
        "9 alice offers a new komi of 5.5.",
        '9 Use "komi 5.5" to accept, or "decline alice" to respond.',
        "1 6",
    ]
    await bob.send("komi 5.5")
    assert await bob.block() == ["9 Komi is now set to 5.5", "1 6"]
    assert await alice.block() == ["9 Komi is now set to 5.5", "1 6"]
    assert await carol.quiet() == []
    await play(alice, bob, "pass")
    assert (await carol.block())[-2] == "15  18(B): Pass"
    await alice.send("pass 1")  # not her turn: a move with a number is still understood
    assert (await alice.block())[0].startswith("5 ")
    await bob.send("pass")
    scoring = await bob.block()
    assert scoring == [
        "9 You can check your score with the score command, type 'done' when finished.",
        "1 7",
    ]
    assert (await alice.block())[0] == scoring[0]
    assert (await carol.block())[-2] == "15  19(W): Pass"
    assert await alice.command("done 1") == [
        "5 Usage: ",
        "5 done",
        "5 See 'help done' for a complete description.",
        "1 7",
    ]
    assert (await alice.command("resign 1"))[1] == "5 resign"
    assert (await alice.command("adjourn 1"))[1] == "5 adjourn"
    await alice.send("done")
    assert await bob.block() == ["9 1 7", "1 7"]
    await alice.block()
    await bob.send("done")
    ending = await bob.until("Removed game file")
    assert any(line.startswith("20 bob (W:O):") for line in ending)
    # Black has columns A-B (18 points), White F-J (36) and komi 5.5: Black lost
    assert "9 alice has resigned the game." in ending, ending
    announcement = "21 {Game 1: bob vs alice : Black resigns. W 41.5 B 18.0}"
    carol_end = await carol.until("^21 ")
    assert carol_end[-1] == announcement
    assert not any(line.startswith(("20 ", "22 ")) for line in carol_end)


async def test_undo_by_the_player_to_move(make_server: MakeServer, connect: Connect) -> None:
    server = await nngs(make_server)
    bob, alice = await pair(server, connect)
    await start(bob, alice)
    await play(alice, bob, "C3")
    assert (await alice.command("undo"))[0] == "5 It is not your move."
    await bob.send("undo")
    took = await alice.block()
    # NNGS's source: "%s undid the last move (%s).\n" (IGS puts a space before the stop)
    assert took[0] == "28 bob undid the last move (C3)."
    await bob.block()
    assert server.hub.games[1].records == []


async def test_undo_in_scoring_goes_back_to_play(make_server: MakeServer, connect: Connect) -> None:
    """NNGS's undo in scoring: both players back to play, the removed stones back, and the
    pass that began scoring taken back (IGS restores the stones and stays in scoring)."""
    server = await nngs(make_server)
    bob, alice = await pair(server, connect)
    carol = await connect(server)
    await carol.login("carol", "carol")
    await start(bob, alice)
    await carol.command("observe 1")
    for mover, other, move in ((alice, bob, "C3"), (bob, alice, "E3"), (alice, bob, "pass")):
        await play(mover, other, move)
        await carol.block()
    await bob.send("pass")
    await bob.block()
    await alice.block()
    await carol.block()
    await alice.send("E3")  # remove White's stone (its own prompt, then the removal block)
    for player in (alice, bob):
        await player.until("^49 Game 1 alice is removing @ E3$")
        await player.block()
    game = server.hub.games[1]
    assert game.scoring is not None and game.scoring.dead
    await alice.send("undo")  # not her turn: in scoring either player may
    block = await alice.block()
    assert block[0] == "28 alice undid the last move (Pass)."
    assert block[2].startswith("15 Game 1 I: bob (")
    assert (await bob.block())[0] == "28 alice undid the last move (Pass)."
    assert (await carol.block())[0] == "28 Undo in game 1: bob vs alice:   Pass"
    assert game.scoring is None and len(game.records) == 3
    assert game.rules.get(parse_point("E3", 9)) is not None  # the removed stone is back
    await bob.send("D5")  # bob's pass was taken back: his turn again
    assert (await bob.block())[-2] == "15   3(W): D5"


async def test_adjourn_and_load_white_black(make_server: MakeServer, connect: Connect) -> None:
    server = await nngs(make_server)
    bob, alice = await pair(server, connect)
    await start(bob, alice)
    for mover, other, move in ((alice, bob, "C3"), (bob, alice, "E3"), (alice, bob, "C4")):
        await play(mover, other, move)
    await alice.send("adjourn")
    assert await bob.block() == [
        "9 alice would like to adjourn the game.",
        "9 Use adjourn to adjourn the game.",
        "1 6",
    ]
    # NNGS's FORMAT_REQUEST_FOR_ADJOURNMENT_SENT_n (IGS: "Requesting adjournment of game 1.")
    assert await alice.block() == ["9 Request for adjournment sent.", "1 6"]
    await bob.send("adjourn")
    assert "has adjourned" in (await bob.until("^1 5$"))[-2]
    assert "has adjourned" in (await alice.until("^1 5$"))[-2]
    assert await alice.command("load bob") == [
        '5 You cannot load someone else\'s game.  Try "look" to see the game.',
        "1 5",
    ]
    await alice.send("load bob-alice")
    block = await alice.block()
    assert block == [
        "21 {Game 1: bob vs alice @ Move 3}",
        block[1],
        "15   2(B): C4",
        "1 6",
    ]
    assert block[1].startswith("15 Game 1 I: bob (0 ")


async def test_replies_in_nngs_words(make_server: MakeServer, connect: Connect) -> None:
    """Replies NNGS's formats.h words otherwise than IGS: FORMAT_s_IS_NOT_LOGGED_IN_,
    FORMAT_CANNOT_TYPE_DONE_UNTIL_BOTH_SIDES_HAVE_PASSED_, FORMAT_IT_IS_NOT_YOUR_MOVE_,
    FORMAT_PASS_IS_NOT_VALID_DURING_SCORING_n; and a ``results`` line as NNGS's help shows
    one (``ManyFaces3 [10k*](W) : frodo      [ NR ](B) H 0 K 0.5 19x19 W+127.5
    9908231716``: a yymmddhhmm stamp, no rated mark)."""
    server = await nngs(make_server)
    bob, alice = await pair(server, connect)
    assert await bob.command("match nobody W 9 10 0") == ["5 nobody is not logged in.", "1 5"]
    await start(bob, alice)
    assert await alice.command("done") == [
        "5 Cannot type done until both sides have passed.",
        "1 6",
    ]
    assert await bob.command("C3") == ["5 It is not your move.", "1 6"]
    await play(alice, bob, "pass")
    await bob.send("pass")
    await bob.block()
    await alice.block()
    assert await alice.command("pass") == ["5 Pass is not valid during scoring.", "1 7"]
    await alice.send("resign")
    await alice.until("Removed game file")
    await alice.block()
    results = await alice.command("results alice")
    assert re.fullmatch(
        r"bob {8}\[ 3k\*\]\(W\) : alice {6}\[ 5k\*\]\(B\) H 0 K 6\.5 9x9 W\+Resign \d{10}",
        results[1],
    ), results


def test_command_line_switch() -> None:
    from igs_tui.localserver.__main__ import build_parser

    assert build_parser().parse_args([]).dialect == "igs"
    assert build_parser().parse_args(["--dialect", "nngs"]).dialect == "nngs"
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--dialect", "kgs"])


async def test_an_adjourn_request_is_declined_in_nngs_words(
    make_server: MakeServer, connect: Connect
) -> None:
    """NNGS 1.1.22 src/playerdb.c:1498: ``%s declines the adjourn request.``"""
    server = await nngs(make_server)
    bob, alice = await pair(server, connect)
    await start(bob, alice)
    await alice.send("adjourn")
    await bob.block()
    await alice.block()
    assert (await bob.command("decline adjourn"))[0] == (
        "9 You decline the adjourn request from alice."
    )
    assert (await alice.block())[0] == "9 bob declines the adjourn request."


async def test_unobserve_toggles_and_kibitz_ends_with_the_move_number(
    make_server: MakeServer, connect: Connect
) -> None:
    """NNGS 1.1.22: ``unobserve`` is ``com_observe`` (src/command_list.h:190), a toggle; a
    kibitz ends ``(N)``, the move it was said at (src/comproc.c:1470-1475)."""
    server = await nngs(make_server)
    bob, alice = await pair(server, connect)
    await start(bob, alice)
    await play(alice, bob, "C3")
    carol: Client = await connect(server)
    await carol.login("carol", "carol")
    assert (await carol.command("observe 1"))[0] == "9 Adding game to observation list."
    await alice.send("kibitz 1 look at this")
    said = await carol.block()
    assert [line for line in said if line.startswith("11 ")][-1] == "11    look at this (1)"
    assert (await carol.command("unobserve 1"))[0] == "9 Removing game 1 from observation list."
    # the same command again observes anew: a client must not send it for a dropped game
    assert (await carol.command("unobserve 1"))[0] == "9 Adding game to observation list."


async def test_addtime_is_told_from_each_side(make_server: MakeServer, connect: Connect) -> None:
    """As a real NNGS 1.1.22 words it (seen first-hand; bernds/q5Go src/parser.cpp:856-862)."""
    server = await nngs(make_server)
    bob, alice = await pair(server, connect)
    await start(bob, alice)
    assert (await alice.command("addtime 2"))[0] == (
        "9 2 minutes were added to your opponents clock"
    )
    assert (await bob.block())[0] == "9 your opponent has added 2 minutes to your clock."


async def test_pause_answers_nothing_and_a_short_loaded_game_is_paused(
    make_server: MakeServer, connect: Connect
) -> None:
    """NNGS 1.1.22 never records a pause request (src/gameproc.c:637-642 follow a
    ``return``): ``pause`` answers only the prompt. A game loaded with a player short of
    time is paused (src/gameproc.c:1700-1739: Black under 30 s here): ``Game clock paused.
    Use "unpause" to resume.`` to both; no clock runs and no move is taken until
    ``unpause`` resumes it for both (src/gameproc.c:455-458, 647-666)."""
    clock = ManualClock()
    server = await nngs(make_server, clock=clock)
    bob, alice = await pair(server, connect)
    await start(bob, alice)  # ten minutes, no byo-yomi; alice is Black
    assert await alice.command("pause") == ["1 6"]
    assert await bob.quiet(0.1) == []
    clock.advance(580)  # alice keeps 20 s
    await play(alice, bob, "C3")
    await bob.send("adjourn")
    await alice.block()
    await bob.block()
    await alice.send("adjourn")
    await bob.until("^1 5$")
    await alice.until("^1 5$")
    await alice.send("load bob-alice")
    paused = '9 Game clock paused. Use "unpause" to resume.'
    mine = await alice.until(f"^{paused}$")
    assert "9 You have only 20 seconds left." in mine
    theirs = await bob.until(f"^{paused}$")
    assert "9 Black has only 20 seconds left." in theirs
    await alice.quiet(0.1)
    await bob.quiet(0.1)
    clock.advance(120)
    assert await bob.command("E3") == ['9 Game clock is paused, use "unpause" to resume.', "1 6"]
    assert await alice.command("unpause") == ["9 Game clock resumed.", "1 6"]
    assert await bob.block() == ["9 Game clock resumed.", "1 6"]
    await play(bob, alice, "E3")  # the clocks run again
    assert not server.hub.games[1].clock_stopped


async def test_review_is_nngs_stub(make_server: MakeServer, connect: Connect) -> None:
    """NNGS 1.1.22 answers any ``review`` with three fixed lines (src/comproc.c:236-244)."""
    server = await nngs(make_server)
    _bob, alice = await pair(server, connect)
    assert await alice.command("review create_prevgame") == [
        "9 The currently loaded games:",
        "9 You cannot review multiple SGF files.",
        "9 You need review a game. 'review <loaded game>'.  File is a loaded file.",
        "1 5",
    ]
