"""Two clients play real games (in memory): match, moves, scoring, undo, resign, adjourn."""

from __future__ import annotations

from igs_tui.localserver import LocalServer
from tests.localserver.client import Client
from tests.localserver.conftest import Connect, MakeServer


async def pair(
    server: LocalServer, connect: Connect, *, newundo: bool = False
) -> tuple[Client, Client]:
    alice: Client = await connect(server)
    await alice.login("alice", "alice")
    bob: Client = await connect(server)
    await bob.login("bob", "bob")
    if newundo:
        for c in (alice, bob):
            await c.command("toggle newundo true")
    return alice, bob


async def start_match(alice: Client, bob: Client, args: str = "B 5 0 0") -> None:
    """alice offers `match bob <args>` and bob accepts with the suggested command."""
    reply = await alice.command(f"match bob {args}")
    assert reply[0].startswith("9 Requesting match in ")
    offer = await bob.block()
    hint = offer[1]
    assert hint.startswith("9 Use <match alice ") and hint.endswith(
        "> or <decline alice> to respond."
    )
    accept = hint[len("9 Use <") : hint.index(">")]
    start_b = await bob.command(accept)
    start_a = await alice.block()
    assert start_b[0] == "9 Creating match [1] with alice."
    assert start_a[0] == "9 Creating match [1] with bob."
    assert start_a[-1] == start_b[-1] == "1 6"


async def move(mover: Client, other: Client, text: str, expect: str) -> None:
    """Send a move; both sides must see the 15 heading and `expect` as the move line.

    Say blocks (the automatic "Hi!" after a first move) may come first and are skipped.
    """
    await mover.send(text)
    for client in (mover, other):
        block = await client.block()
        while block[0].startswith("51 Say"):
            block = await client.block()
        assert block[0].startswith("15 Game 1 I: "), block
        assert block[-2] == f"15 {expect}", block


async def drain_says(client: Client) -> list[str]:
    return await client.quiet(0.1)


async def test_match_request_lines_exactly_as_spec(server: LocalServer, connect: Connect) -> None:
    """Spec: '9 Match[19x19] in 75 minutes requested with Soothie as Black.' and
    '9 Use <match Soothie W 19 75 0> or <decline Soothie> to respond.'"""
    alice, bob = await pair(server, connect)
    assert await alice.command("match bob B 19 75 0") == [
        "9 Requesting match in 75 min with bob as White.",
        "1 5",
    ]
    assert await bob.block() == [
        "9 Match[19x19] in 75 minutes requested with alice as Black.",
        "9 Use <match alice W 19 75 0> or <decline alice> to respond.",
        "2 \x07",
        "1 5",
    ]
    assert await bob.command("decline alice") == ["1 5"]
    assert await alice.block() == ["9 bob declines your request for a match.", "1 5"]


async def test_match_errors(server: LocalServer, connect: Connect) -> None:
    alice, bob = await pair(server, connect)
    assert await alice.command("match gagh") == ["5 gagh is not logged on.", "1 5"]
    await bob.command("toggle open false")
    assert await alice.command("match bob") == [
        "5 That player is currently not accepting matches.",
        "1 5",
    ]


async def test_match_dispute_keeps_both_requests(server: LocalServer, connect: Connect) -> None:
    """Spec: a mismatch gives 'There is a dispute regarding your match(nmatch):' to both."""
    alice, bob = await pair(server, connect)
    await alice.command("match bob B 9 10 5")
    await bob.block()
    dispute = await bob.command("match alice W 9 20 5")
    assert dispute == [
        "5 There is a dispute regarding your match(nmatch):",
        "5 alice request: B 9 10 5",
        "5 bob request: W 9 20 5",
        "1 5",
    ]
    assert await alice.block() == dispute
    # alice accepts bob's terms instead: the game starts
    start = await alice.command("match bob B 9 20 5")
    assert start[0] == "9 Creating match [1] with bob."


async def test_game_to_scored_result(server: LocalServer, connect: Connect) -> None:
    """Three passes, removal, a refused removal, scoring undo, done: the 22 + 20 lines."""
    alice, bob = await pair(server, connect)
    await start_match(alice, bob)
    moves = [
        (alice, bob, "B1", "  0(B): B1"),
        (bob, alice, "D1", "  1(W): D1"),
        (alice, bob, "B2", "  2(B): B2"),
        (bob, alice, "D2", "  3(W): D2"),
        (alice, bob, "B3", "  4(B): B3"),
        (bob, alice, "D3", "  5(W): D3"),
        (alice, bob, "B4", "  6(B): B4"),
        (bob, alice, "D4", "  7(W): D4"),
        (alice, bob, "B5", "  8(B): B5"),
        (bob, alice, "A3", "  9(W): A3"),
        (alice, bob, "pass", " 10(B): Pass"),
        (bob, alice, "D5", " 11(W): D5"),
        (alice, bob, "pass", " 12(B): Pass"),
        (bob, alice, "pass", " 13(W): Pass"),
    ]
    for mover, other, text, expect in moves:
        await move(mover, other, text, expect)
    # the server never speaks for a player (it once sent a "Hi!" say that ended up in SGFs)
    assert not any(line.startswith("19 ") for line in bob.history + alice.history)
    # Third pass: 'You can check your score with the score command, type 'done' when finished.'
    end_a = await alice.command("pass")
    assert end_a[0] == (
        "9 You can check your score with the score command, type 'done' when finished."
    )
    assert end_a[1].startswith("15 Game 1 I: bob (")
    assert end_a[2:] == ["15  14(B): Pass", "1 7"]
    end_b = await bob.block()
    assert end_b[0] == end_a[0] and end_b[-1] == "1 7"
    # a removal of an empty point
    assert await alice.command("C3") == ["5 You cannot remove a liberty.", "1 7"]
    # removal: empty answer + prompt, then the block to both (a double prompt)
    assert await alice.command("A3") == ["1 7"]
    removal = ["9 Removing @ A3", "49 Game 1 alice is removing @ A3", "1 7"]
    assert await alice.block() == removal
    assert await bob.block() == removal
    # scoring undo: unanswered, both get the restore message with the 'done typo
    await bob.send("undo")
    restored = [
        "9 Board is restored to what it was when you started scoring",
        "9 Please type 'done again.",
        "1 7",
    ]
    assert await bob.block() == restored
    assert await alice.block() == restored
    await alice.command("A3")
    await alice.block()
    await bob.block()
    assert await alice.command("done") == ["1 7"]
    assert await bob.block() == ["9 alice has typed done.", "1 7"]
    assert await bob.command("done") == ["1 7"]
    expected = [
        "22 bob 3k*  0 0 0 F 6.5 0",
        "22 alice 5k*  1 0 0 F 6.5 0",
        "22  0: 55555",
        "22  1: 00000",
        "22  2: 33333",
        "22  3: 11111",
        "22  4: 44444",
        "20 bob (W:O): 11.5 to alice (B:g):  6.0",
        "1 7",
        "",
        "9 game completed.",
        "1 7",
        "",
        "9 Removed game file bob-alice from database.",
        "1 5",
    ]
    for client in (bob, alice):
        got = await client.until("^1 5$")
        assert got == expected
    lines = await alice.command("stats")
    assert "9 Wins:             12" in lines  # alice lost: her wins did not change
    assert "9 Losses:           10" in lines


async def test_illegal_moves_get_error(server: LocalServer, connect: Connect) -> None:
    alice, bob = await pair(server, connect)
    await start_match(alice, bob)
    await move(alice, bob, "C3", "  0(B): C3")
    await drain_says(bob)
    assert (await bob.command("C3")) == ["5 Illegal move: C3 is occupied", "1 6"]
    assert (await alice.command("D4"))[0] == "5 It is not your turn."
    assert (await bob.command("Z9"))[0].startswith("5 Illegal coordinate")


async def test_resign(server: LocalServer, connect: Connect) -> None:
    alice, bob = await pair(server, connect)
    await start_match(alice, bob)
    await move(alice, bob, "C3", "  0(B): C3")
    await drain_says(bob)
    await bob.send("resign")
    expected = [
        "9 bob has resigned the game.",
        "1 6",
        "",
        "9 Removed game file bob-alice from database.",
        "1 5",
    ]
    assert await bob.until("^1 5$") == expected
    assert await alice.until("^1 5$") == expected


async def test_undoplease_undo_noundo(server: LocalServer, connect: Connect) -> None:
    """Spec: '24 *SYSTEM*: OmegaGo1 requests undo.' with a double prompt; 28 undo lines."""
    alice, bob = await pair(server, connect, newundo=True)
    await start_match(alice, bob)
    await move(alice, bob, "C3", "  0(B): C3")
    await move(bob, alice, "B2", "  1(W): B2")
    await drain_says(alice)
    await drain_says(bob)
    assert await alice.command("undoplease") == ["9 Requesting undo.", "1 6"]
    assert await bob.until("^1 6$") == ["24 *SYSTEM*: alice requests undo.", "1 6"]
    assert await bob.line() == "1 6"  # the documented double prompt
    await bob.send("undo")
    for client in (bob, alice):
        block = await client.until("^1 6$")
        assert block[:3] == [
            "28 bob undid the last move (B2) .",
            "28 bob undid the last move (C3) .",
            "",
        ]
        assert block[3].startswith("15 Game 1 I: bob (")
    assert (await alice.command("moves"))[1:] == ["1 6"]
    await move(alice, bob, "C2", "  0(B): C2")
    await alice.command("undoplease")
    await bob.until("^1 6$")
    await bob.line()
    await bob.send("noundo")
    assert await bob.block() == ["9 bob declines undo.", "1 6"]
    assert await alice.block() == ["9 bob declines undo.", "1 6"]


async def test_undoplease_needs_newundo(server: LocalServer, connect: Connect) -> None:
    alice, bob = await pair(server, connect)
    await start_match(alice, bob)
    await move(alice, bob, "C3", "  0(B): C3")
    assert await alice.command("undoplease") == [
        "5 Opponent's client does not support undoplease.",
        "1 6",
    ]


async def test_handicap_first_move(server: LocalServer, connect: Connect) -> None:
    """Spec: 'The first move by B (Black) can be: handicap #'."""
    alice, bob = await pair(server, connect)
    await start_match(alice, bob, "B 9 0 0")
    await move(alice, bob, "handicap 3", "  0(B): Handicap 3")
    status = await bob.command("status")
    assert status[1].startswith("22 alice 5k*  0 0 0 F 6.5 3")
    board = "".join(line[6:] for line in status[2:-1])
    assert board.count("0") == 3
    await drain_says(bob)
    await move(bob, alice, "E5", "  1(W): E5")


async def test_adjourn_and_load(server: LocalServer, connect: Connect) -> None:
    alice, bob = await pair(server, connect)
    await start_match(alice, bob)
    await move(alice, bob, "C3", "  0(B): C3")
    await drain_says(bob)
    assert await alice.command("adjourn") == ["9 Requesting adjournment of game 1.", "1 6"]
    # IGS asks with a 48 line (bernds/q5Go src/parser.cpp:2040)
    assert await bob.block() == ["48 Game 1 alice requests an adjournment", "1 6"]
    await bob.send("adjourn")
    for client in (bob, alice):
        assert await client.block() == ["9 {Game 1: bob vs alice has adjourned.}", "1 5"]
    assert await alice.command("games") == [
        "7 [##]  white name [ rk ]      black name [ rk ] (Move size H Komi BY FR) (###)",
        "1 5",
    ]
    start = await alice.command("load bob")
    assert start[0] == "9 Creating match [1] with bob."
    assert start[2:] == ["15   0(B): C3", "1 6"]
    await bob.block()
    await move(bob, alice, "D4", "  1(W): D4")


async def test_time_and_addtime(make_server: MakeServer, connect: Connect) -> None:
    """Spec: 'Increase OmegaGo1's time by 10 minutes' to both; time shows 26 lines."""
    from igs_tui.localserver import ManualClock

    clock = ManualClock()
    srv = await make_server(clock=clock)
    alice, bob = await pair(srv, connect)
    await start_match(alice, bob, "B 5 10 0")
    clock.advance(1)
    assert await alice.command("time") == [
        "26 Game : 1",
        "26 White(bob) : 10:00",
        "26 Black(alice) : 9:59",
        "1 6",
    ]
    await alice.send("addtime 5")
    assert await alice.block() == ["9 Increase bob's time by 5 minutes", "1 6"]
    assert await bob.block() == ["9 Increase bob's time by 5 minutes", "1 6"]
    assert (await bob.command("time"))[1] == "26 White(bob) : 15:00"


async def test_disconnect_adjourns_and_load_resumes(server: LocalServer, connect: Connect) -> None:
    """'quit' ... 'will attempt to save your game': the game is adjourned, then loadable."""
    alice, bob = await pair(server, connect)
    await start_match(alice, bob)
    await move(alice, bob, "C3", "  0(B): C3")
    await drain_says(bob)
    await bob.close()
    assert await alice.block() == [
        "9 bob has disconnected.",
        "9 {Game 1: bob vs alice has adjourned.}",
        "1 5",
    ]
    bob2 = await connect(server)
    await bob2.login("bob", "bob")
    start = await bob2.command("load alice-bob")
    assert start[0] == "9 Creating match [1] with alice."
    assert start[-2:] == ["15   0(B): C3", "1 6"]
    assert (await alice.block())[-2:] == ["15   0(B): C3", "1 6"]


async def test_non_client_mode_game_uses_hash_prompt(server: LocalServer, connect: Connect) -> None:
    """Without client mode lines carry no codes and the prompt is '#> '."""
    alice = await connect(server)
    await alice.login("alice", "alice", client=False)
    bob = await connect(server)
    await bob.login("bob", "bob")
    assert await alice.command("match bob B 5 0 0") == [
        "Requesting match in 0 min with bob as White.",
        "#> ",
    ]
    await bob.block()
    await bob.command("match alice W 5 0 0")
    start = await alice.block()
    assert start[0] == "Creating match [1] with bob."
    assert start[-1] == "#> "
    await alice.send("C3")
    block = await alice.block()
    assert block[1:] == ["  0(B): C3", "#> "]


async def test_observer_time_lists_all_observed_games(
    server: LocalServer, connect: Connect
) -> None:
    alice, bob = await pair(server, connect)
    await start_match(alice, bob)
    carol = await connect(server)
    await carol.login("carol", "carol")
    await carol.command("observe 1")
    assert await carol.command("time") == [
        "26 Game : 1",
        "26 White(bob) : 0:00",
        "26 Black(alice) : 0:00",
        "1 8",
    ]


async def test_komi_is_set_when_both_players_ask_for_the_same_value(
    server: LocalServer, connect: Connect
) -> None:
    alice, bob = await pair(server, connect)
    await start_match(alice, bob)
    assert await alice.command("komi 0.25") == [
        "5 Usage: komi <value> (a whole or half number)",
        "1 6",
    ]
    assert await alice.command("komi 0.5") == ["1 6"]
    assert await bob.block() == ["9 alice wants the komi to be  0.5", "1 6"]
    assert server.hub.games[1].komi == 6.5  # not agreed yet
    assert await bob.command("komi 1.5") == ["1 6"]  # a different value is a counter-proposal
    assert await alice.block() == ["9 bob wants the komi to be  1.5", "1 6"]
    assert await alice.command("komi 1.5") == ["9 Set the komi to 1.5", "1 6"]
    assert await bob.block() == ["9 Set the komi to 1.5", "1 6"]
    game = server.hub.games[1]
    assert game.komi == 1.5 and game.rules.komi == 1.5
    listing = await bob.command("games 1")
    assert any("1.5" in line for line in listing if line.startswith("7 [ 1]"))


async def test_komi_outside_a_game_is_refused(server: LocalServer, connect: Connect) -> None:
    alice, _bob = await pair(server, connect)
    assert await alice.command("komi 0.5") == ["5 You are not playing a game.", "1 5"]


async def test_an_adjourn_request_is_declined(server: LocalServer, connect: Connect) -> None:
    """IGS: ``53 Game 75 adjournment is declined`` (pzorin/qgo
    src/network/igsconnection.cpp:4194)."""
    alice, bob = await pair(server, connect)
    await start_match(alice, bob)
    await alice.command("adjourn")
    await bob.block()
    assert await bob.command("decline adjourn") == [
        "9 You decline the adjourn request from alice.",
        "1 6",
    ]
    assert await alice.block() == ["53 Game 1 adjournment is declined", "1 6"]
    assert await bob.command("decline adjourn") == [
        "5 There is no adjourn request to decline.",
        "1 6",
    ]


async def test_review_of_the_previous_game_in_56_lines(
    server: LocalServer, connect: Connect
) -> None:
    """IGS's review lines (pzorin/qgo src/network/igsconnection.cpp:4290-4312: ``56 CREATE
    107``, ``56 OWNER 107 eb5 3k``, ... ``56 NODE 107 2 1 16 4``, ``56 CONTROL 107 eb5``,
    ``56 DATAEND 107``) for ``review create_prevgame``
    (src/game_interfaces/qgoboard_match.cpp:193); a ``56 ERROR`` without a game."""
    alice, bob = await pair(server, connect)
    assert await alice.command("review create_prevgame") == [
        "56 ERROR You have no finished game to review.",
        "1 5",
    ]
    await start_match(alice, bob)  # 5x5, alice Black
    await move(alice, bob, "B4", "  0(B): B4")
    await drain_says(alice)
    await drain_says(bob)
    await move(bob, alice, "D2", "  1(W): D2")
    await bob.send("resign")
    await bob.until("^1 5$")
    await alice.until("^1 5$")
    review = await alice.command("review create_prevgame")
    assert review[:4] == ["56 CREATE 1", "56 DATA 1", "56 OWNER 1 alice 5k*", "56 BOARDSIZE 1 5"]
    assert "56 GAMERESULT 1 B+Resign" in review
    start = review.index("56 GAMERESULT 1 B+Resign") + 1
    assert review[start:] == [
        "56 NODE 1 1 0 0 0",
        "56 NODE 1 2 1 2 2",  # B4: second column, second row from the top
        "56 NODE 1 3 2 4 4",  # D2
        "56 NODE 1 1 0 0 0",
        "56 CONTROL 1 alice",
        "56 DATAEND 1",
        "1 5",
    ]
    assert await alice.command("review quit 1") == ["1 5"]
    assert server.hub.reviews == {}
