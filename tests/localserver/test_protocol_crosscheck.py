"""Everything the server emits must parse, through our own client parser, into the right events.

This closes the loop of the project's data flow (socket -> protocol -> model): a full session
is played (over the in-memory link) and every received line of every client is fed to
:class:`igs_tui.backends.igs.protocol.parser.IgsParser`; no line may come out as ``unknown``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import TypeVar

from igs_tui.backends.igs.protocol import events as ev
from igs_tui.backends.igs.protocol.events import Event
from igs_tui.backends.igs.protocol.parser import IgsParser
from igs_tui.localserver import LocalServer
from tests.localserver.client import Client
from tests.localserver.conftest import Connect, MakeServer
from tests.localserver.test_games import drain_says, move

TINY = Path(__file__).parent / "data" / "tiny_relay.sgf"


def parse(history: list[str]) -> list[Event]:
    """Parse what a client received once it was in client mode (the banner, MOTD and
    prompts before ``toggle client on`` carry no reply codes by design)."""
    start = history.index("9 Set client to be True.")
    parser = IgsParser()
    events: list[Event] = []
    for line in history[start:]:
        events.extend(parser.feed_line(line))
    events.extend(parser.flush())
    return events


E = TypeVar("E", bound=Event)


def of_type(events: list[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


async def test_full_session_parses_without_unknown_lines(
    make_server: MakeServer, connect: Connect
) -> None:
    srv = await make_server(time_scale=1.0)
    alice: Client = await connect(srv)
    await alice.login("alice", "alice")
    bob: Client = await connect(srv)
    await bob.login("bob", "bob")
    carol: Client = await connect(srv)
    await carol.login("carol", "carol")
    for c in (alice, bob, carol):
        for toggle in ("quiet false", "nmatch true", "newundo true"):
            await c.command(f"toggle {toggle}")
    dave: Client = await connect(srv)
    await dave.login("dave", "dave")
    await carol.quiet()
    await alice.quiet()
    await bob.quiet()
    # listings and chat
    await alice.command("who")
    await alice.command("user")
    await alice.command("tell bob hi bob")
    await bob.block()
    await alice.command("shout hello all")
    await bob.block()
    await carol.block()
    for c in (alice, bob):
        await c.command("channel 3")
    await alice.command("yell in channel")
    await bob.block()
    # a declined match, a cancelled nmatch, a dispute, then an accepted nmatch
    await alice.command("match bob B 9 10 10")
    await bob.block()
    await bob.command("decline alice")
    await alice.block()
    await alice.command("nmatch bob B 0 9 600 600 25 0 0 0")
    await bob.block()
    await alice.command("nmatch cancel bob")
    await bob.block()
    await alice.command("nmatch bob B 0 9 600 600 25 0 0 0")
    await bob.block()
    await bob.command("nmatch alice W 0 9 1200 600 25 0 0 0")
    await alice.block()
    await bob.command("nmatch alice W 0 9 600 600 25 0 0 0")
    await alice.block()
    for c in (alice, bob, carol):
        await c.quiet()  # the 21 {Match 1: ...} announcement
    await carol.command("observe 1")
    await carol.command("games")
    await move(alice, bob, "C3", "  0(B): C3")
    await drain_says(bob)
    await move(bob, alice, "G7", "  1(W): G7")
    await drain_says(alice)
    await alice.command("say well played")
    await bob.block()
    await carol.command("kibitz interesting")
    await alice.block()
    await bob.block()
    await alice.send("addtime 1")
    await alice.block()
    await bob.block()
    await carol.command("time 1")
    await carol.command("status 1")
    await alice.command("undoplease")
    await bob.until("^1 6$")
    await bob.line()
    await bob.send("undo")
    await bob.until("^1 6$")
    await alice.until("^1 6$")
    await move(alice, bob, "C3", "  0(B): C3")
    await move(bob, alice, "G7", "  1(W): G7")
    for mover, other, text, expect in (
        (alice, bob, "pass", "  2(B): Pass"),
        (bob, alice, "pass", "  3(W): Pass"),
    ):
        await move(mover, other, text, expect)
    await alice.command("pass")
    await bob.block()
    await alice.command("G7")
    await alice.block()
    await bob.block()
    await bob.send("undo")
    await bob.block()
    await alice.block()
    await alice.command("done")
    await bob.block()
    await bob.command("done")
    for c in (alice, bob):
        await c.until("^1 5$")
    await carol.quiet(0.2)

    everything: Counter[str] = Counter()
    for client in (alice, bob, carol):
        events = parse(client.history)
        unknown = [e for e in events if e.type == "unknown"]
        assert unknown == [], unknown
        everything.update(e.type for e in events)
    for name in (
        "prompt",
        "who_entry",
        "user_entry",
        "games_entry",
        "tell",
        "shout",
        "yell",
        "match_request",
        "match_declined",
        "nmatch_request",
        "match_cancelled",
        "match_dispute",
        "game_heading",
        "time_info",
        "game_props",
        "move",
        "say",
        "kibitz",
        "time_added",
        "undo_request",
        "undo",
        "scoring_started",
        "stone_removal",
        "board_restored",
        "done_typed",
        "score_board",
        "score",
        "game_end",
        "game_start",
        "user_connected",
    ):
        assert everything[name] > 0, (name, everything)

    alice_events = parse(alice.history)
    first = of_type(alice_events, ev.Move)[0]
    assert (first.game, first.number, first.color.value, first.point) == (1, 0, "B", "C3")
    score = of_type(alice_events, ev.Score)[-1]
    assert (score.white, score.black) == ("bob", "alice")
    board = of_type(alice_events, ev.ScoreBoard)[-1]
    assert (board.white, board.black, board.size, board.komi) == ("bob", "alice", 9, 6.5)
    assert board.black_stones == ("C3",) and board.white_stones == ("G7",)
    assert score.black_score == len(board.black_territory)
    assert score.white_score == len(board.white_territory) + 6.5


async def test_broadcast_lines_parse_with_title(make_server: MakeServer, connect: Connect) -> None:
    srv = await make_server(broadcast=True, broadcast_record=TINY, broadcast_interval=0.03)
    client: Client = await connect(srv)
    await client.login("alice", "alice")
    await client.command("observe 1")
    await client.until("is over")
    events = parse(client.history)
    assert [e for e in events if e.type == "unknown"] == []
    titles = of_type(events, ev.GameTitle)
    assert titles and titles[0].game == 1
    assert titles[0].title == "Test Relay: Honinbo A(W) vs Meijin B(B)"


async def test_listings_parse_into_the_right_fields(server: LocalServer, connect: Connect) -> None:
    """who/user/games as the client parser reads them: names, ranks, games, flags."""
    alice: Client = await connect(server)
    await alice.login("alice", "alice")
    bob: Client = await connect(server)
    await bob.login("bob", "bob")
    await bob.command("toggle open false")
    await alice.command("toggle quiet false")
    await alice.command("match igsbot W 9 5 1")
    await alice.until("^9 Creating match")
    await alice.quiet(0.1)
    start = len(alice.history)
    for command in ("who", "user", "games"):
        await alice.command(command)
    events = parse(["9 Set client to be True.", *alice.history[start:]])
    users = {e.name: e for e in of_type(events, ev.UserEntry)}
    assert set(users) == {"igsbot", "alice", "bob"}
    a = users["alice"]
    assert (a.info, a.country, a.rank, a.won, a.lost, a.playing, a.flags) == (
        "Demo account",
        "USA",
        "5k*",
        12,
        9,
        1,
        "--",
    )
    assert users["bob"].flags == "QX"
    who = {e.name: e for e in of_type(events, ev.WhoEntry)}
    assert set(who) == {"igsbot", "alice", "bob"}
    assert (who["alice"].rank, who["alice"].playing, who["alice"].observing) == ("5k*", 1, None)
    assert who["bob"].flags == "QX"
    (game,) = of_type(events, ev.GamesEntry)
    assert (game.game, game.white, game.white_rank, game.black, game.black_rank) == (
        1,
        "alice",
        "5k*",
        "igsbot",
        "20k",
    )
    assert (game.size, game.handicap, game.komi, game.byoyomi, game.flags) == (9, 0, 6.5, 1, "I")
    totals = of_type(events, ev.Totals)
    assert totals[-1].players == 3 and totals[-1].games == 1
