"""Server features beyond playing (#14) against the embedded IGS server, linked in memory."""

from __future__ import annotations

from igs_tui.model import changes as ch
from igs_tui.model.topics import TOPIC_MESSAGES
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
        assert card.online and card.last_access.startswith("(On server)")
        assert card.playing is None and card.info == "Demo account"
        alice.backend.player_stats("nobody")
        await wait_until(lambda: "nobody" in alice.model.cards)
        assert "Cannot find player" in alice.model.cards["nobody"].error


async def test_the_observers_of_a_game_are_listed() -> None:
    from tests.play.test_e2e_play import start_game

    async with two_players() as (server, alice, bob):
        number, _ = await start_game(alice, bob)
        game = alice.game()
        assert game is not None and game.observer_list is None
        alice.backend.list_observers(number)
        await wait_until(lambda: game.observer_list is not None)
        assert game.observer_list == ()
        from tests.play.harness import join

        carol = await join(server, "carol")
        try:
            carol.backend.observe(number)
            await wait_until(lambda: number in carol.model.followed)
            alice.backend.list_observers(number)
            await wait_until(lambda: bool(game.observer_list))
            listed = game.observer_list
            assert listed is not None and [name for name, _rank in listed] == ["carol"]
            assert game.observers == 1
        finally:
            await carol.client.close()
            carol.task.cancel()


async def test_messages_wait_at_login_are_read_and_erased() -> None:
    async with two_players() as (_server, alice, bob):
        # the local robot left each newcomer a welcome message, announced at login
        assert alice.model.messages_waiting == 1
        assert any(n.title == "You have a message" for n in alice.model.notifications)
        alice.backend.read_messages()
        await wait_until(lambda: bool(alice.model.messages))
        (welcome,) = alice.model.messages
        assert welcome.author == "igsbot" and "Welcome, alice" in welcome.text
        bob.backend.send_raw("message alice see you [b]tomorrow[/b]")
        await wait_until(lambda: alice.model.messages_waiting == 2)
        alice.backend.read_messages()
        await wait_until(lambda: len(alice.model.messages) == 2)
        assert alice.model.messages[-1].author == "bob"
        assert alice.model.messages[-1].text == "see you [b]tomorrow[/b]"
        alice.backend.erase_messages()
        await wait_until(lambda: not alice.model.messages and alice.model.messages_waiting == 0)
        heard: list[object] = []
        alice.model.hub.subscribe(TOPIC_MESSAGES, heard.append)
        alice.backend.read_messages()  # "You have no messages."
        await wait_until(lambda: bool(heard))
        assert heard == [ch.MessagesListed(())]


async def test_results_fill_the_players_recent_games_and_rank_history() -> None:
    from tests.play.test_e2e_play import start_game

    async with two_players() as (_server, alice, bob):
        alice.backend.player_results("bob")
        await wait_until(lambda: "bob" in alice.model.results)
        assert alice.model.results["bob"].games == ()  # nothing played yet
        number, _ = await start_game(alice, bob)
        game = alice.game()
        assert game is not None
        alice.backend.resign(number)
        await wait_until(lambda: game.result != "")
        alice.backend.player_results("bob")
        await wait_until(lambda: bool(alice.model.results["bob"].games))
        results = alice.model.results["bob"]
        (played,) = results.games
        assert played.opponent == "alice" and played.won and played.result.endswith("+Resign")
        assert results.rank_history == ("3k*",) and results.record == (1, 0)
        alice.backend.player_results("nobody")
        await wait_until(lambda: "nobody" in alice.model.results)
        assert "no player" in alice.model.results["nobody"].error
