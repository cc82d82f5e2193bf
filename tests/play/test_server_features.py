"""Server features beyond playing (#14) against the embedded IGS server, linked in memory."""

from __future__ import annotations

from tests.play.harness import two_players
from tests.polling import wait_until


async def test_a_player_card_comes_from_stats() -> None:
    async with two_players() as (_server, alice, _bob):
        alice.backend.player_stats("bob")
        await wait_until(lambda: "bob" in alice.model.cards)
        card = alice.model.cards["bob"]
        assert card.name == "bob" and not card.error
        assert card.rank == "3k*"  # the demo account's rank, as the server words it
        assert card.get("Wins") and card.get("Losses")
        assert card.get("Status") == "online"
        alice.backend.player_stats("nobody")
        await wait_until(lambda: "nobody" in alice.model.cards)
        assert "Cannot find player" in alice.model.cards["nobody"].error
