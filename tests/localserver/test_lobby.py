"""Automatch (``seek``), stored games, rooms and free/teaching games in IGS wording (#14)."""

from __future__ import annotations

from igs_tui.localserver import LocalServer
from tests.localserver.conftest import Connect, MakeServer
from tests.localserver.test_games import pair, start_match


async def test_seek_config_list_names_the_setups(server: LocalServer, connect: Connect) -> None:
    alice, _bob = await pair(server, connect)
    assert await alice.command("seek config_list") == [
        "63 CONFIG_LIST_START 4",
        "63 CONFIG_LIST 0 60 600 25 0 0",
        "63 CONFIG_LIST 1 60 420 25 0 0",
        "63 CONFIG_LIST 2 60 300 25 0 0",
        "63 CONFIG_LIST 3 60 900 25 0 0",
        "63 CONFIG_LIST_END",
        "1 5",
    ]
    assert await alice.command("seek nonsense") == ["63 ERROR unknown command.", "1 5"]


async def test_two_seekers_of_one_setup_are_paired(
    make_server: MakeServer, connect: Connect
) -> None:
    """Same setup and board, and the handicap range each accepts: alice (5k*) takes up to
    two stones from a stronger player, bob (3k*) at first wants even games only. Each
    seeker hears who else seeks as IGS lists them (``63 ENTRY_LIST_START 5`` / ``63
    ENTRY_LIST HKL 60 480 25 0 0 19 1 1 0`` / ``63 ENTRY_LIST_END``: bernds/q5Go
    src/parser.cpp:2094-2100), and a pairing is a bare ``63 OPPONENT_FOUND`` (ibid. 2092)."""
    server = await make_server(bots=())
    alice, bob = await pair(server, connect)
    assert await alice.command("seek entry 0 9 0 2 0") == [
        "63 ENTRY 60 600 25 0 0 9 0 2 0",
        "63 ENTRY_LIST_START 0",
        "63 ENTRY_LIST_END",
        "1 5",
    ]
    assert await alice.command("seek entry 0 9") == [
        "63 ERROR You are already entered in the seek list.",
        "1 5",
    ]
    assert await bob.command("seek entry 1 9") == [
        "63 ENTRY 60 420 25 0 0 9 0 0 0",
        "63 ENTRY_LIST_START 1",
        "63 ENTRY_LIST alice 60 600 25 0 0 9 0 2 0",
        "63 ENTRY_LIST_END",
        "1 5",
    ]
    # alice is told the queue changed: bob seeks too
    assert await alice.block() == [
        "63 ENTRY_LIST_START 1",
        "63 ENTRY_LIST bob 60 420 25 0 0 9 0 0 0",
        "63 ENTRY_LIST_END",
        "1 5",
    ]
    assert await alice.command("seek entry_list") == [
        "63 ENTRY_LIST_START 1",
        "63 ENTRY_LIST bob 60 420 25 0 0 9 0 0 0",
        "63 ENTRY_LIST_END",
        "1 5",
    ]
    assert await bob.command("seek entry_cancel") == ["63 ENTRY_CANCEL", "1 5"]
    assert await alice.block() == ["63 ENTRY_LIST_START 0", "63 ENTRY_LIST_END", "1 5"]
    # the same setup, but bob gives no handicap: a two-stone difference is out of his range
    reply = await bob.command("seek entry 0 9")
    assert reply[0] == "63 ENTRY 60 600 25 0 0 9 0 0 0"
    assert "63 ENTRY_LIST alice 60 600 25 0 0 9 0 2 0" in reply
    assert await bob.command("seek entry_cancel") == ["63 ENTRY_CANCEL", "1 5"]
    await alice.quiet()
    reply = await bob.command("seek entry 0 9 2 0")
    assert reply == ["63 ENTRY 60 600 25 0 0 9 2 0 0", "1 5"]
    found = await bob.block()
    assert found[:2] == ["63 OPPONENT_FOUND", "63 ENTRY_CANCEL"]
    assert "9 Creating match [1] with alice." in found
    assert any(line.startswith("15 Game 1 I: ") for line in found)
    assert found[-1] == "1 6"
    mine = await alice.block()
    assert mine[:2] == ["63 OPPONENT_FOUND", "63 ENTRY_CANCEL"]
    assert "9 Creating match [1] with bob." in mine
    game = server.hub.games[1]
    assert game.black.name == "alice" and game.handicap == 2  # the weaker takes Black
    assert await alice.command("seek entry 0 9") == [
        "63 ERROR You are currently playing a game of some kind.",
        "1 6",
    ]


async def test_seekers_of_equal_rank_pair_even(make_server: MakeServer, connect: Connect) -> None:
    server = await make_server(bots=())
    alice, bob = await pair(server, connect)
    server.hub.users["bob"].rank = "5k*"
    await alice.command("seek entry 0 9")
    reply = await bob.command("seek entry 0 9")
    found = reply[2:] if len(reply) > 2 else await bob.block()
    assert found[0] == "63 OPPONENT_FOUND"
    assert server.hub.games[1].handicap == 0


async def test_a_robot_seeks_what_a_lone_seeker_seeks(
    server: LocalServer, connect: Connect
) -> None:
    alice = await connect(server)
    await alice.login("alice", "alice")
    await alice.command("seek entry 2 9")
    found = await alice.until("1 6")
    assert "63 OPPONENT_FOUND" in found
    assert found[found.index("63 OPPONENT_FOUND") + 1] == "63 ENTRY_CANCEL"
    assert "9 Creating match [1] with igsbot." in found


async def test_an_automatch_offer_is_a_36_block_and_the_same_command_accepts(
    make_server: MakeServer, connect: Connect
) -> None:
    """IGS's ``automatch NAME`` offer (pzorin/qgo src/network/igsconnection.cpp:3893-3896):
    ``36 terra1 wants a match with you:`` / ``36 terra1 wants 19x19 in 1 minutes with 10
    byo-yomi and 25 byo-stones`` / ``36 To accept match type 'automatch terra1'``."""
    server = await make_server(bots=())
    alice, bob = await pair(server, connect)
    assert await alice.command("automatch bob") == [
        "9 Requesting automatch with bob.",
        "1 5",
    ]
    assert await bob.block() == [
        "36 alice wants a match with you:",
        "36 alice wants 19x19 in 1 minutes with 10 byo-yomi and 25 byo-stones",
        "36 To accept match type 'automatch alice'",
        "1 5",
    ]
    started = await bob.command("automatch alice")
    assert "9 Creating match [1] with alice." in started
    game = server.hub.games[1]
    assert (game.size, game.control.main, game.control.byo_time, game.control.byo_stones) == (
        19,
        60,
        600,
        25,
    )
    assert game.black.name == "alice"  # 5k* against 3k*: the weaker takes Black
    assert "9 Creating match [1] with bob." in await alice.block()


async def test_stored_lists_adjourned_games(server: LocalServer, connect: Connect) -> None:
    """IGS and NNGS word it alike: ``9 Stored games for frosla:``, ``23`` lines of names
    (``" %25s"`` each, three to a line), ``9 Found N stored games.`` (bernds/q5Go
    src/parser.cpp:239-240; NNGS 1.1.22 src/gameproc.c:1763-1783)."""
    alice, bob = await pair(server, connect)
    assert await alice.command("stored") == [
        "9 Stored games for alice:",
        "9 Found 0 stored games.",
        "1 5",
    ]
    await start_match(alice, bob)  # alice plays Black: the game is bob-alice
    await alice.command("adjourn")
    await bob.command("adjourn")
    await alice.quiet()
    await bob.quiet()
    listed = [f"23  {'bob-alice':>25}", "9 Found 1 stored games.", "1 5"]
    assert await alice.command("stored") == ["9 Stored games for alice:", *listed]
    assert await bob.command("stored") == ["9 Stored games for bob:", *listed]
    assert (await bob.command("stored nobody"))[0] == "5 Cannot find player nobody."


async def test_rooms_are_listed_and_joined(server: LocalServer, connect: Connect) -> None:
    alice, _bob = await pair(server, connect)
    """IGS's ``9 ROOM NN: NAME;FLAGS;LOCAL NAME;SIZE`` (pzorin/qgo
    src/network/igsconnection.cpp:2632-2634)."""
    listing = await alice.command("room")
    assert listing[0] == "9 ROOM 00: Lobby;;ロビー;19"
    assert listing[2] == "9 ROOM 02: Tournament;;大会;19"
    assert await alice.command("join 2") == ["9 You are now in room 2 (Tournament).", "1 5"]
    assert (await alice.command("join 99"))[0].startswith("5 Usage: join")


async def test_free_and_teach_mark_the_game_in_the_list(
    server: LocalServer, connect: Connect
) -> None:
    alice, bob = await pair(server, connect)
    assert (await alice.command("free"))[0] == "5 You are not playing a game."
    await start_match(alice, bob)
    assert await alice.command("free") == ["9 Game 1 is now a free (unrated) game.", "1 6"]
    assert await bob.block() == ["9 Game 1 is now a free (unrated) game.", "1 6"]
    assert (await bob.command("games 1"))[1].endswith("FI) (  0)")
    await bob.command("teach")
    assert (await bob.command("games 1"))[1].endswith("TI) (  0)")
    await bob.command("unfree")
    assert (await bob.command("games 1"))[1].endswith(" I) (  0)")
