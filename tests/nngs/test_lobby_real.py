"""Issue 27's NNGS list, against the real NNGS 1.1.22 of ``../shared/tools/nngs``.

The client's own protocol stack (session, telnet client, model, backend) logs in to a real
server over TCP on 127.0.0.1, as the README's "Supported servers" promises. Each test is one
item of the issue's NNGS list (what a session on NNGS 1.1.22 saw go wrong).
"""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack

from igs_tui.go import Color, Point
from igs_tui.model import BufferKey, ChatKind, GamePhase
from igs_tui.model.terms import MatchTerms
from tests.nngs.clients import TIMEOUT, players, play, start
from tests.nngs.kit import NngsServer
from tests.polling import wait_until


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
