"""Issue 14 end to end over real TCP on 127.0.0.1: player cards (``stats``), a game's
observers (``all N``) and the messages the server keeps (``message``/``erase``), first through
the client stack alone, then through the whole app driven by keys."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList, Static

from igs_tui.go import Color
from igs_tui.model import BufferKey, ChatKind
from igs_tui.model.terms import MatchTerms
from igs_tui.ui.main.main_screen import MainScreen
from igs_tui.ui.people.messages_screen import MessagesScreen
from igs_tui.ui.people.observers_screen import ObserversScreen
from igs_tui.ui.people.player_card import PlayerCardScreen
from tests.e2e.test_app_local_server import log_in_locally, make_app, wait_for
from tests.play.harness import tcp_server
from tests.play.test_e2e_play import start_game
from tests.polling import quit_by_keys, run_palette_command, wait_until


async def test_cards_observers_and_messages_over_tcp() -> None:
    async with tcp_server() as tcp:
        alice, bob, carol = await tcp.join("alice", "bob", "carol")
        number, _ = await start_game(alice, bob)

        carol.backend.player_stats("alice")
        await wait_until(lambda: "alice" in carol.model.cards)
        card = carol.model.cards["alice"]
        assert card.playing == number and card.online and card.rank

        carol.backend.observe(number)
        await wait_until(lambda: number in carol.model.followed)
        game = alice.game()
        assert game is not None
        alice.backend.list_observers(number)
        await wait_until(lambda: game.observer_list is not None and len(game.observer_list) == 1)
        assert game.observer_list is not None and game.observer_list[0][0] == "carol"

        assert carol.model.messages_waiting == 1  # the robot's welcome, told at login
        bob.backend.send_raw("message carol good game")
        await wait_until(lambda: carol.model.messages_waiting == 2)
        carol.backend.read_messages()
        await wait_until(lambda: len(carol.model.messages) == 2)
        assert [m.author for m in carol.model.messages] == ["igsbot", "bob"]
        carol.backend.erase_messages()
        await wait_until(lambda: carol.model.messages == () and carol.model.messages_waiting == 0)


async def test_app_reads_messages_and_lists_observers_by_keys(tmp_path: Path) -> None:
    app, model, connector = make_app(tmp_path)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await log_in_locally(app, pilot, model)
            await wait_for(pilot, lambda: model.messages_waiting == 1)

            await run_palette_command(pilot, app, "Messages")
            await wait_for(pilot, lambda: isinstance(app.screen, MessagesScreen))
            await wait_for(pilot, lambda: bool(model.messages))
            text = app.screen.query_one("#messages-text", Static)
            await wait_for(pilot, lambda: "Welcome" in str(text.render()))
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))

            await wait_for(pilot, lambda: bool(model.games))
            number = min(model.games)
            app.screen.query_one("#chat-input").focus()
            await pilot.press(*f"/observe {number}", "enter")
            await wait_for(pilot, lambda: number in model.followed)
            await pilot.pause()
            await pilot.press("f2")
            await pilot.pause()
            await pilot.press("v")
            await wait_for(pilot, lambda: isinstance(app.screen, ObserversScreen))
            options = app.screen.query_one("#observers-list", OptionList)
            await wait_for(pilot, lambda: options.option_count >= 1)
            assert model.me in str(options.get_option_at_index(0).prompt)
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, PlayerCardScreen))
            card_text = app.screen.query_one("#card-text", Static)
            await wait_for(pilot, lambda: f"observing game {number}" in str(card_text.render()))
            await quit_by_keys(app)
    finally:
        await connector.close()


async def test_friends_are_announced_and_blocked_players_silenced_over_tcp() -> None:
    """Through the client stack over TCP (#14 item 2): a friend's logon and logoff are told
    (the server's code-21 notices), a blocked player's tell, shout and challenge never reach
    the model, and the challenge is declined for us."""
    async with tcp_server() as tcp:
        (alice,) = await tcp.join("alice")
        social = alice.backend.capabilities.social
        assert social is not None and not social.kept_by_server
        social.set_social(frozenset({"bob"}), frozenset({"dave"}))
        bob, dave = await tcp.join("bob", "dave")
        await wait_until(lambda: any(n.title == "bob logged on" for n in alice.model.notifications))
        assert not any("dave" in n.title for n in alice.model.notifications)

        dave.backend.tell("alice", "spam")
        dave.backend.shout("more spam")
        dave.backend.challenge(MatchTerms("alice", Color.BLACK, 9, 0, 0.5, 600, 0, 0))
        bob.backend.tell("alice", "hello friend")
        await wait_until(lambda: BufferKey(ChatKind.TELL, "bob") in alice.model.buffers)
        await wait_until(lambda: not dave.model.challenges)  # declined by alice's client
        assert BufferKey(ChatKind.TELL, "dave") not in alice.model.buffers
        shouts = alice.model.buffers.get(BufferKey(ChatKind.SHOUT))
        assert shouts is None or all(m.author != "dave" for m in shouts.messages)
        assert "dave" not in alice.model.challenges

        await bob.client.close()
        await wait_until(
            lambda: any(n.title == "bob logged off" for n in alice.model.notifications)
        )
