"""Issue 27's NNGS list, against the real NNGS 1.1.22 of ``../shared/tools/nngs``.

The client's own protocol stack (session, telnet client, model, backend) logs in to a real
server over TCP on 127.0.0.1, as the README's "Supported servers" promises. Each test is one
item of the issue's NNGS list (what a session on NNGS 1.1.22 saw go wrong).
"""

from __future__ import annotations

import re
from contextlib import AsyncExitStack

from igs_tui.go import Color, Point
from igs_tui.model import BufferKey, ChatKind, GamePhase
from igs_tui.model.terms import MatchTerms
from tests.nngs.clients import TIMEOUT, NngsPlayer, play, players, start
from tests.nngs.kit import NngsServer
from tests.polling import wait_until

MOVE_LINE = re.compile(r"^15\s+\d+\((?:B|W)\): ")
"""A move line as NNGS writes it: ``15   3(W): D3`` (kit README)."""


async def test_the_user_list_is_read_and_a_player_challenged_from_it(nngs: NngsServer) -> None:
    """Issue 27: "the user list is always empty (its who/user rows are not read, so nobody
    can be challenged from the list)". NNGS answers ``user`` with a code-9 table (kit README,
    "There is no code 42"); each logged-in player is a row, with the rank the server keeps."""
    async with AsyncExitStack() as stack:
        alice, bob = await players(stack, nngs, "alice", "bob")
        alice.backend.refresh_players()
        await wait_until(
            lambda: {"alice", "bob"} <= set(alice.model.players.names()),
            TIMEOUT,
            what="alice and bob in alice's user list",
        )
        row = alice.model.players.get("bob")
        assert row is not None and row.rank == "NR"  # the kit's accounts are unranked
        # the row is what the challenge is made from: the offer reaches bob as a match
        alice.backend.challenge(MatchTerms(row.name, Color.BLACK, size=9, main_seconds=600))
        await wait_until(lambda: bob.model.challenge_from("alice") is not None, TIMEOUT)
        offer = bob.model.challenge_from("alice")
        assert offer is not None and offer.terms.size == 9
        assert alice.errors() == [] and bob.errors() == []
        assert alice.unknown == [] and bob.unknown == []  # every line NNGS sent was typed


async def round_trip(player: NngsPlayer) -> None:
    """Everything the server wrote to ``player`` before now has been read: a command is
    answered after what the server queued earlier on the same link."""
    before = len(player.received)
    player.backend.send_raw(f"stats {player.name}")
    await wait_until(
        lambda: any("Player:" in line for line in player.received[before:]),
        TIMEOUT,
        what=f"{player.name}'s stats reply",
    )


def move_lines(player: NngsPlayer, since: int) -> list[str]:
    """The move lines (``15   3(W): D3``) ``player`` received after line ``since``."""
    return [line for line in player.received[since:] if MOVE_LINE.match(line)]


async def carol_watching(
    stack: AsyncExitStack, nngs: NngsServer
) -> tuple[NngsPlayer, NngsPlayer, NngsPlayer, int]:
    """alice (black) and bob in a game with one move played, carol observing it."""
    alice, bob, carol = await players(stack, nngs, "alice", "bob", "carol")
    number = await start(alice, bob)
    await play(number, [(alice, Point(2, 2))], bob)
    carol.backend.observe(number)
    await wait_until(lambda: number in carol.model.followed, TIMEOUT, what="carol observing")
    return alice, bob, carol, number


async def test_closing_an_observed_board_stops_the_moves(nngs: NngsServer) -> None:
    """Issue 27: closing an observed board "sends unobserve N, which NNGS treats as the same
    toggle as observe" (src/command_list.h:190): the board must stay closed, with no move of
    the game reaching the client afterwards."""
    async with AsyncExitStack() as stack:
        alice, bob, carol, number = await carol_watching(stack, nngs)
        watched = carol.model.followed[number]
        await play(number, [(bob, Point(6, 6))], carol)
        assert watched.last_number == 2
        carol.backend.close_game(number)
        assert number not in carol.model.followed
        await round_trip(carol)
        since = len(carol.received)
        await play(number, [(alice, Point(2, 6)), (bob, Point(6, 2))])
        await round_trip(carol)
        assert move_lines(carol, since) == []
        assert number not in carol.model.followed
        assert carol.errors() == []
        assert [p.unknown for p in (alice, bob, carol)] == [[], [], []]


async def test_kibitz_text_comes_without_the_move_suffix(nngs: NngsServer) -> None:
    """NNGS ends kibitz text with the move it was said at: ``11 look here (1)``
    (src/comproc.c:1470-1475); the text is shown without it, the move kept as data."""
    async with AsyncExitStack() as stack:
        alice, bob, carol, number = await carol_watching(stack, nngs)
        watched = carol.model.followed[number]
        await wait_until(lambda: watched.last_number == 1, TIMEOUT, what="the move observed")
        bob.backend.kibitz(number, "look here")
        await wait_until(lambda: bool(watched.kibitzes), TIMEOUT, what="the kibitz")
        assert any(line.endswith("look here (1)") for line in carol.received)  # as NNGS wrote it
        said = watched.kibitzes[-1]
        assert (said.author, said.text, said.move_number) == ("bob", "look here", 1)
        shown = carol.texts(BufferKey(ChatKind.GAME, str(number)))
        assert any(text.endswith("look here") for text in shown)
        assert not any("(1)" in text for text in shown)
        assert [p.unknown for p in (alice, bob, carol)] == [[], [], []]


async def test_the_first_movers_clock_runs_from_the_games_start(nngs: NngsServer) -> None:
    """Issue 27: "the player's own clock stays at 10:00 before the first move while the server
    already charges". NNGS starts Black's clock when the game starts (its first heading after
    the match already shows Black's time going down): both players' models run Black's clock
    before any move, and White's stays."""
    async with AsyncExitStack() as stack:
        alice, bob = await players(stack, nngs, "alice", "bob")
        number = await start(alice, bob)
        for player in (alice, bob):
            game = player.model.followed[number]
            await wait_until(
                lambda: game.clocks[Color.BLACK].running,  # noqa: B023 (awaited at once)
                TIMEOUT,
                what=f"Black's clock running for {player.name}",
            )
            assert not game.clocks[Color.WHITE].running
            assert game.last_number == 0 and game.phase is GamePhase.PLAYING
