"""nmatch games and the clocks, with a fast game clock (time_scale) so tests stay quick."""

from __future__ import annotations

from igs_tui.localserver import LocalServer, ManualClock
from tests.localserver.client import Client
from tests.localserver.conftest import Connect, MakeServer
from tests.localserver.test_games import drain_says, move, start_match


async def players(
    make_server: MakeServer, connect: Connect, **config: object
) -> tuple[LocalServer, Client, Client]:
    srv = await make_server(**config)
    alice: Client = await connect(srv)
    await alice.login("alice", "alice")
    bob: Client = await connect(srv)
    await bob.login("bob", "bob")
    for client in (alice, bob):
        await client.command("toggle nmatch true")
    return srv, alice, bob


async def test_nmatch_canadian_heading_time_lines_and_byoyomi(
    make_server: MakeServer, connect: Connect
) -> None:
    """Spec: an nmatch heading carries TIME and GAMERPROPS lines; entering byo-yomi sends
    '9 The player OmegaGo1 is now in byo-yomi.' / '9 You have 24 stones and 11 minutes'."""
    clock = ManualClock()
    _, alice, bob = await players(make_server, connect, clock=clock)
    assert await alice.command("nmatch bob B 0 5 60 600 3 0 0 0") == [
        "9 Requesting match in 1 min with bob as White.",
        "1 5",
    ]
    assert await bob.block() == [
        "9 NMatch requested with alice(W 0 5 60 600 3 0 0 0).",
        "9 Use <nmatch alice W 0 5 60 600 3 0 0 0> or <decline alice> to respond.",
        "1 5",
    ]
    start = await bob.command("nmatch alice W 0 5 60 600 3 0 0 0")
    assert start[0] == "9 Creating match [1] with alice."
    assert start[2:6] == [
        "15 Game 1 I: bob (0 60 -1) vs alice (0 60 -1)",
        "15 TIME:1:bob(W): 0 60/60 0/600 3/3 0/0 0/0 0/0",
        "15 TIME:1:alice(B): 0 60/60 0/600 3/3 0/0 0/0 0/0",
        "15 GAMERPROPS:1: 5 0 6.50",
    ]
    await alice.block()
    clock.advance(90)  # 60 s of main time and 30 s of the first period
    await alice.send("C3")
    assert await alice.block() == [
        "15 Game 1 I: bob (0 60 -1) vs alice (0 570 2)",
        "15 TIME:1:bob(W): 0 60/60 0/600 3/3 0/0 0/0 0/0",
        "15 TIME:1:alice(B): 1 0/60 570/600 2/3 0/0 0/0 0/0",
        "15 GAMERPROPS:1: 5 0 6.50",
        "15   0(B): C3",
        "9 The player alice is now in byo-yomi.",
        "9 You have 2 stones and 9 minutes",
        "1 6",
    ]


async def test_absolute_time_loss(make_server: MakeServer, connect: Connect) -> None:
    """Spec: '9 Soothie has run out of time.' ends the game (both players receive this)."""
    _, alice, bob = await players(make_server, connect, time_scale=300.0)
    await start_match(alice, bob, "B 5 1 0")  # one minute, no byo-yomi
    expected = [
        "9 alice has run out of time.",
        "1 6",
        "",
        "9 Removed game file bob-alice from database.",
        "1 5",
    ]
    assert await alice.until("^1 5$") == expected
    assert await bob.until("^1 5$") == expected
    assert "9 Losses:           10" in await alice.command("stats")


async def test_byoyomi_time_loss(make_server: MakeServer, connect: Connect) -> None:
    clock = ManualClock()
    _, alice, bob = await players(make_server, connect, clock=clock)
    assert (await alice.command("nmatch bob B 0 5 60 60 5 0 0 0"))[-1] == "1 5"
    await bob.block()
    await bob.command("nmatch alice W 0 5 60 60 5 0 0 0")
    await alice.block()
    await move(alice, bob, "C3", "  0(B): C3")
    await drain_says(bob)
    clock.advance(119)  # bob is deep in byo-yomi but still has a second
    assert await bob.quiet(0.1) == []
    clock.advance(2)
    lost = await bob.until("^1 5$")
    assert lost[0] == "9 bob has run out of time."
    assert lost[-2:] == ["9 Removed game file bob-alice from database.", "1 5"]


async def test_japanese_byoyomi_uses_periods(make_server: MakeServer, connect: Connect) -> None:
    """Advanced Japanese: byomoves 1, koryo periods; the TIME line shows the periods."""
    clock = ManualClock()
    _, alice, bob = await players(make_server, connect, clock=clock)
    await alice.command("nmatch bob B 0 5 0 0 1 3 30 0")
    await bob.block()
    start = await bob.command("nmatch alice W 0 5 0 0 1 3 30 0")
    assert start[3] == "15 TIME:1:bob(W): 0 0/0 0/0 1/1 3/3 30/30 0/0"
    await alice.block()
    clock.advance(45)  # one whole period and part of the next are used up
    await alice.send("C3")
    block = await alice.block()
    assert block[2] == "15 TIME:1:alice(B): 1 0/0 30/0 1/1 1/3 30/30 0/0"
    await drain_says(alice)
    await bob.until("^1 6$")  # the move block
    await drain_says(bob)
    clock.advance(91)  # bob never moves: all three 30 s periods run out
    assert (await bob.until("^1 5$"))[0] == "9 bob has run out of time."


async def test_no_greeting_loss(make_server: MakeServer, connect: Connect) -> None:
    """Spec: '9 OmegaGo1 lost the game 88 due to no-greeting. move 0 points.'"""
    _, alice, bob = await players(make_server, connect, time_scale=300.0, greeting_seconds=60)
    await start_match(alice, bob, "B 5 0 0")
    expected = [
        "9 alice has run out of time.",
        "1 6",
        "9 alice lost the game 1 due to no-greeting. move 0 points.",
        "",
        "9 Removed game file bob-alice from database.",
        "1 5",
    ]
    assert await alice.until("^1 5$") == expected
    assert await bob.until("^1 5$") == expected


async def test_nmatch_argument_rules(make_server: MakeServer, connect: Connect) -> None:
    _, alice, bob = await players(make_server, connect)
    usage = [
        "5 Usage :",
        "5 nmatch <oppname> <color(BWN)> <handicap> <boardsize(2-19)> <time(sec)> <byotime(sec)>",
        "5 <byomoves(0-25)> <koryocount> <koryosec(sec)> <prebyoyomi(sec)>",
        "1 5",
    ]
    assert await alice.command("nmatch bob B 0 19 600") == usage
    assert await alice.command("nmatch bob B 0 19 61 0 0 0 0 0") == [
        "5 Seconds must be a multiple of 60.",
        "1 5",
    ]
    assert (await alice.command("nmatch bob N 2 19 60 0 0 0 0 0"))[0] == (
        "5 You cannot set a handicap with nigiri."
    )
    await bob.command("toggle nmatch false")
    assert await alice.command("nmatch bob B 0 19 60 0 0 0 0 0") == [
        "5 Opponent's client does not support nmatch.",
        "1 5",
    ]


async def test_nmatch_cancel_and_handicap_start(make_server: MakeServer, connect: Connect) -> None:
    """Spec: '24 *SYSTEM*: MORAL70 canceled the nmatch request.'; a handicap nmatch starts
    with the automatic first move 'Handicap N'."""
    _, alice, bob = await players(make_server, connect)
    await alice.command("nmatch bob B 2 9 600 0 0 0 0 0")
    await bob.block()
    assert await alice.command("nmatch cancel bob") == ["1 5"]
    assert await bob.block() == ["24 *SYSTEM*: alice canceled the nmatch request.", "1 5"]
    await alice.command("nmatch bob B 2 9 600 0 0 0 0 0")
    await bob.block()
    start = await bob.command("nmatch alice W 2 9 600 0 0 0 0 0")
    assert start[5] == "15 GAMERPROPS:1: 9 2 0.50"
    assert start[6] == "15   0(B): Handicap 2"
    await alice.block()
    await move(bob, alice, "E5", "  1(W): E5")


async def test_manual_clock_drives_the_server_exactly(
    make_server: MakeServer, connect: Connect
) -> None:
    """With an injected ManualClock nothing expires until the test moves time on."""
    clock = ManualClock()
    _, alice, bob = await players(make_server, connect, clock=clock)
    await start_match(alice, bob, "B 5 1 0")
    clock.advance(59.5)
    assert await alice.quiet(0.1) == []
    assert (await alice.command("time"))[2] == "26 Black(alice) : 0:00"
    assert (await bob.command("time"))[1] == "26 White(bob) : 1:00"
    clock.advance(1.0)
    assert (await alice.until("^1 5$"))[0] == "9 alice has run out of time."


async def test_pause_is_asked_agreed_and_undone(make_server: MakeServer, connect: Connect) -> None:
    """A pause in NNGS's words (src/gameproc.c:601-666, src/formats.h: ``%s requests to
    pause the game.`` (bernds/q5Go src/parser.cpp:806), ``Pause request sent.``, ``%s
    accepted pause. Game clock paused.``, ``Game clock paused.``, ``Game clock resumed.``):
    while paused no clock runs and a move is refused."""
    clock = ManualClock()
    server, alice, bob = await players(make_server, connect, clock=clock)
    await start_match(alice, bob, "B 5 1 0")
    assert await alice.command("pause") == ["9 Pause request sent.", "1 6"]
    assert await bob.block() == ["9 alice requests to pause the game.", "1 6"]
    assert await bob.command("pause") == ["9 Game clock paused.", "1 6"]
    assert await alice.block() == ["9 bob accepted pause. Game clock paused.", "1 6"]
    assert await alice.command("pause") == [
        '5 Game is already paused, use "unpause" to resume.',
        "1 6",
    ]
    clock.advance(600)  # far beyond alice's minute: no clock runs
    assert await alice.command("C3") == ['9 Game clock is paused, use "unpause" to resume.', "1 6"]
    assert (await alice.command("time"))[2] == "26 Black(alice) : 1:00"
    assert await bob.command("unpause") == ["9 Game clock resumed.", "1 6"]
    assert await alice.block() == ["9 Game clock resumed.", "1 6"]
    assert await bob.command("unpause") == ["5 Game is not paused.", "1 6"]
    clock.advance(30)
    assert (await alice.command("time"))[2] == "26 Black(alice) : 0:30"
    assert not server.hub.games[1].clock_stopped
