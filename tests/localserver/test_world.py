"""The populated world: the bot account, the titled broadcast game, bot-vs-bot games."""

from __future__ import annotations

import re
from pathlib import Path

from igs_tui.go import Game
from igs_tui.localserver.broadcast import load_record
from tests.localserver.client import Client
from tests.localserver.conftest import Connect, MakeServer

TINY = Path(__file__).parent / "data" / "tiny_relay.sgf"


def test_shipped_broadcast_record_is_legal_under_our_rules() -> None:
    record = load_record()
    assert record.size == 19 and len(record.moves) >= 100
    game = Game(record.size, komi=record.komi)
    for color, point in record.moves:
        game.play(point, color)  # raises IllegalMove if the record were illegal
    assert len(game.moves) == len(record.moves)


async def test_match_against_bot_played_to_the_end(
    make_server: MakeServer, connect: Connect
) -> None:
    srv = await make_server(time_scale=1.0)
    alice: Client = await connect(srv)
    await alice.login("alice", "alice")
    await alice.command("toggle newundo true")
    assert await alice.command("match igsbot B 5 0 0") == [
        "9 Requesting match in 0 min with igsbot as White.",
        "1 5",
    ]
    start = await alice.block()
    assert start[0] == "9 Creating match [1] with igsbot."
    hello = await alice.until(r"^19 \*igsbot\*: Hello alice")
    assert hello[-2:] == [
        "",
        "19 *igsbot*: Hello alice, I am igsbot, a simple local robot. Have a good game!",
    ]
    await alice.send("C3")
    reply = await alice.until(r"^15 +1\(W\): [A-E][1-5]")
    assert "15   0(B): C3" in reply
    # the bot accepts undo requests
    await alice.send("undoplease")
    undone = await alice.until(r"^28 igsbot undid the last move \(C3\) \.$")
    assert re.match(r"^28 igsbot undid the last move \([A-E][1-5]\) \.$", undone[-2])
    await alice.send("C3")
    await alice.until(r"^15 +1\(W\): [A-E][1-5]")
    # passing ends the game: the bot passes back, we pass a third time, the bot types done
    await alice.send("pass")
    await alice.until(r"^15 +3\(W\): Pass$")
    await alice.send("pass")
    await alice.until("^9 You can check your score")
    await alice.until("^9 igsbot has typed done.$")
    await alice.send("done")
    end = await alice.until("^1 5$")
    assert sum(1 for line in end if line.startswith("22 ")) == 2 + 5
    assert re.match(r"^20 igsbot \(W:O\): +[\d.]+ to alice \(B:g\): +[\d.]+$", end[-8])
    assert end[-2] == "9 Removed game file igsbot-alice from database."


async def test_bot_declines_oversized_and_is_listed(
    make_server: MakeServer, connect: Connect
) -> None:
    srv = await make_server(bot_max_size=9)
    alice: Client = await connect(srv)
    await alice.login("alice", "alice")
    await alice.command("match igsbot B 19 10 10")
    assert await alice.block() == ["9 igsbot declines your request for a match.", "1 5"]
    lines = await alice.command("user igsbot")
    assert lines[1].startswith("42     igsbot  Local robot")


async def test_broadcast_observe_catch_up_title_and_restart(
    make_server: MakeServer, connect: Connect
) -> None:
    """Spec: relayed games show 'kansai1 (0 0 -1) vs kansai1 (0 0 -1)' and after each move
    '9 Game is titled: ...'."""
    srv = await make_server(
        broadcast=True,
        broadcast_record=TINY,
        broadcast_interval=0.05,
        broadcast_restart_delay=0.2,
    )
    client: Client = await connect(srv)
    await client.login("alice", "alice")
    games = await client.command("games")
    assert re.match(r"^7 \[ 1\]     kansai1 \[  NR\] vs\.     kansai1 \[  NR\] \(", games[1])
    observed = await client.command("observe 1")
    assert observed[0] == "9 Adding game to observation list."
    assert observed[1] == "15 Game 1 I: kansai1 (0 0 -1) vs kansai1 (0 0 -1)"
    assert observed[-2] == "9 Game is titled: Test Relay: Honinbo A(W) vs Meijin B(B)"
    # each move arrives as heading + move + title + observer prompt
    for _ in range(2):
        block = await client.block()
        assert block[0] == "15 Game 1 I: kansai1 (0 0 -1) vs kansai1 (0 0 -1)"
        assert re.match(r"^15 +\d+\([BW]\): [A-J]\d$", block[1])
        assert block[2:] == ["9 Game is titled: Test Relay: Honinbo A(W) vs Meijin B(B)", "1 8"]
    # `moves 1` gives the whole list from move 0 whenever one joins
    moves = await client.command("moves 1")
    listed = [line for line in moves if re.match(r"^15 +\d+\(", line)]
    assert listed[:2] == ["15   0(B): E5", "15   1(W): C7"]
    assert [int(line[3:6]) for line in listed] == list(range(len(listed)))
    # the relay ends after six moves and starts again
    await client.until(r"is over: B\+R")
    for _ in range(100):
        again = await client.command("games")
        if len(again) > 2:
            break
        await client.quiet(0.05)
    assert re.match(r"^7 \[ 1\]     kansai1 ", again[1])


async def test_bot_games_populate_games_list(make_server: MakeServer, connect: Connect) -> None:
    srv = await make_server(bot_games=2, bot_game_interval=0.01)
    client: Client = await connect(srv)
    await client.login("alice", "alice")
    await client.quiet(0.2)
    games = await client.command("games")
    entries = [line for line in games if re.match(r"^7 \[ *\d", line)]
    assert len(entries) == 2
    sizes = [re.search(r"\(\s*\d+\s+(\d+)", e) for e in entries]
    assert {"9", "13"} == {m.group(1) for m in sizes if m is not None}
    observed = await client.command(f"observe {entries[0][4]}")
    assert observed[-1] == "1 8"


async def test_bot_as_black_moves_first_in_an_nmatch(
    make_server: MakeServer, connect: Connect
) -> None:
    srv = await make_server()
    alice: Client = await connect(srv)
    await alice.login("alice", "alice")
    await alice.command("toggle nmatch true")
    await alice.command("nmatch igsbot W 0 9 600 0 0 0 0 0")
    lines = await alice.until(r"^15 +0\(B\): [A-J]\d$")
    # the heading sent with the bot's move shows White's clock untouched
    assert "15 TIME:1:alice(W): 0 600/600 0/0 0/0 0/0 0/0 0/0" in lines[-5:]


async def test_demo_games_are_found_under_way(make_server: MakeServer, connect: Connect) -> None:
    """``opening_moves`` (``igs-tui --local``): the bot games and the broadcast already have
    that many moves when a user logs in, so the first ``games`` listing (spec: the ``7`` line's
    "(Mv Sz H Komi By FR)" group) shows real move numbers, not 0."""
    srv = await make_server(
        bot_games=2,
        bot_game_interval=60.0,
        broadcast=True,
        broadcast_interval=60.0,
        opening_moves=5,
    )
    client: Client = await connect(srv)
    await client.login("alice", "alice")
    for _ in range(100):
        games = await client.command("games")
        entries = [line for line in games if re.match(r"^7 \[ *\d", line)]
        if len(entries) == 3:
            break
        await client.quiet(0.05)
    moves = sorted(int(m.group(1)) for e in entries if (m := re.search(r"\(\s*(\d+)\s+\d+", e)))
    assert moves == [5, 5, 5], entries
    observed = await client.command(f"observe {entries[0][4]}")
    # the moves are real: the observer's board gets all five
    listed = await client.command(f"moves {entries[0][4]}")
    assert len([line for line in listed if re.match(r"^15 +\d+\(", line)]) == 5
    assert observed[-1] == "1 8"


async def test_the_robot_agrees_to_pause(make_server: MakeServer, connect: Connect) -> None:
    """A pause asked of igsbot is agreed (``9 igsbot accepted pause. Game clock paused.``,
    NNGS 1.1.22 src/formats.h:1652), so the paused clocks can be tried offline."""
    srv = await make_server(bot_delay=0.01)
    alice: Client = await connect(srv)
    await alice.login("alice", "alice")
    await alice.command("match igsbot B 9 10 10")
    await alice.until("^9 Creating match")
    await alice.until("^1 6$")
    await alice.send("pause")
    agreed = await alice.until(r"^9 igsbot accepted pause\. Game clock paused\.$")
    assert "9 Pause request sent." in agreed
    assert srv.hub.games[1].clock_stopped
