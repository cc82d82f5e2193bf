"""The messages view, a game's observers and the player card from chat and the palette
(issue 14). The backend is a recording fake; the server's answers are applied to the model."""

from __future__ import annotations

from textual.widgets import Input, OptionList, Static

from igs_tui.model import BufferKey, ChatKind, ClientModel, PlayerCard, Role
from igs_tui.model import changes as ch
from igs_tui.model.mailbox import ServerMessage
from igs_tui.ui.main.commands import IgsCommands
from igs_tui.ui.main.help_screen import HelpScreen
from igs_tui.ui.people.messages_screen import MessagesScreen
from igs_tui.ui.people.observers_screen import ObserversScreen
from igs_tui.ui.people.player_card import PlayerCardScreen
from tests.ui.shell_helpers import COMPACT, main_screen, make_app


async def test_messages_view_reads_shows_plain_text_and_erases() -> None:
    model = ClientModel()
    app, backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        provider = IgsCommands(app.screen)
        (hit,) = [h async for h in provider.search("messages") if h.text == "Messages"]
        hit.command()
        await pilot.pause()
        assert isinstance(app.screen, MessagesScreen)
        assert backend.named("read_messages") == [()]
        text = app.screen.query_one("#messages-text", Static)
        assert "Asking the server" in str(text.render())
        found = (
            ServerMessage("igsbot", "11/25/26 08:00", "[b]Welcome[/b]"),
            ServerMessage("bob", "11/25/26 09:00", "see you"),
        )
        model.apply(ch.MessagesListed(found))
        await pilot.pause()
        await pilot.pause()
        shown = str(text.render())
        assert "[b]Welcome[/b]" in shown and "igsbot" in shown and "see you" in shown
        await pilot.press("e")
        assert backend.named("erase_messages") == [()]
        model.apply(ch.MessagesListed(()))
        await pilot.pause()
        await pilot.pause()
        assert "No messages." in str(text.render())
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, MessagesScreen)


async def test_the_sender_of_a_message_has_a_card() -> None:
    model = ClientModel()
    model.apply(ch.MessagesListed((ServerMessage("bob", "", "hi"),)))
    app, _backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        app.show_messages()
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, PlayerCardScreen) and app.screen.player == "bob"


async def test_v_on_a_board_lists_observers_and_enter_opens_a_card() -> None:
    model = ClientModel()
    model.set_connection(user="me")
    app, backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        model.follow(8, role=Role.PLAYING_WHITE, white="me", black="cid")
        await pilot.press("f2")
        await pilot.pause()
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, ObserversScreen) and app.screen.number == 8
        assert backend.named("list_observers") == [(8,)]
        model.apply(ch.ObserversListed(8, (("ann", "3k"), ("[x]bo", "1d"))))
        await pilot.pause()
        await pilot.pause()
        options = app.screen.query_one("#observers-list", OptionList)
        assert options.option_count == 2
        assert "[x]bo" in str(options.get_option_at_index(1).prompt)
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PlayerCardScreen) and app.screen.player == "[x]bo"
        assert backend.named("player_stats") == [("[x]bo",)]


async def test_card_from_chat_with_slash_card_and_palette_prompt() -> None:
    model = ClientModel()
    model.set_connection(user="me")
    model.add_chat(BufferKey(ChatKind.CHANNEL, "3"), "dan", "hello all")
    model.add_chat(BufferKey(ChatKind.CHANNEL, "3"), "me", "hi", kind="own")
    app, backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        app.open_chat(BufferKey(ChatKind.CHANNEL, "3"))
        await pilot.pause()
        chat_input = main_screen(app).query_one("#chat-input", Input)
        chat_input.value = "/card"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PlayerCardScreen) and app.screen.player == "dan"
        await pilot.press("escape")
        await pilot.pause()
        provider = IgsCommands(app.screen)
        (hit,) = [h async for h in provider.search("player card") if h.text == "Player card…"]
        hit.command()
        await pilot.pause()
        await pilot.press(*"erin", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PlayerCardScreen) and app.screen.player == "erin"
        assert backend.named("player_stats") == [("dan",), ("erin",)]


async def test_card_summary_and_o_observes_the_players_game() -> None:
    model = ClientModel()
    app, backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        app.show_player_card("bob")
        await pilot.pause()
        card = PlayerCard(
            "bob",
            (("Rating", "3k*  58"), ("Wins", "7"), ("Losses", "2"), ("Playing in game", "12")),
        )
        model.apply(ch.PlayerCardReceived(card))
        await pilot.pause()
        await pilot.pause()
        shown = str(app.screen.query_one("#card-text", Static).render())
        assert "3k* · 7 wins, 2 losses · playing game 12" in shown
        await pilot.press("o")
        await pilot.pause()
        assert backend.named("observe") == [(12,)]
        assert main_screen(app).active == "board"


async def test_help_lists_the_new_views() -> None:
    app, _backend = make_app(ClientModel())
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        titles = [title for title, _ in app.help_sections()]
        assert {"Player card", "Messages", "Observers"} <= set(titles)
        board = dict(app.help_sections())["Board"]
        assert any(getattr(b, "action", "") == "observers" for b in board)


async def test_the_card_lists_recent_games_and_the_rank_history() -> None:
    """Issue 14: "`results`/rating history where the server has it" -- the card asks for the
    player's results with the stats, lists the games newest first (plain text) and the rank
    each game shows, oldest first."""
    from igs_tui.model import PlayedGame, PlayerResults

    model = ClientModel()
    model.set_connection(user="me")
    app, backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        app.show_player_card("kido")
        await pilot.pause()
        assert isinstance(app.screen, PlayerCardScreen)
        assert backend.named("player_results") == [("kido",)]
        model.apply(ch.PlayerCardReceived(PlayerCard("kido", (("Rating", "4d* 1234"),))))
        games = (
            PlayedGame("[b]wolf[/b]", True, "W", "3d*", "4d", "W+Resign", when="26-00-34"),
            PlayedGame("niubi", False, "B", "4d*", "4d*", "W+12.5", handicap=2),
        )
        model.apply(ch.PlayerResultsReceived(PlayerResults("kido", games)))
        await pilot.pause()
        await pilot.pause()
        shown = str(app.screen.query_one("#card-text", Static).render())
        assert "Recent games (1 won, 1 lost)" in shown
        lines = shown.splitlines()
        newest = next(i for i, line in enumerate(lines) if "niubi" in line)
        oldest = next(i for i, line in enumerate(lines) if "[b]wolf[/b]" in line)
        assert newest < oldest  # newest first, names as plain text
        assert "lost  B vs niubi" in lines[newest] and "H2" in lines[newest]
        assert "Rank history" in shown and "3d* → 4d*" in shown
        # a backend without results (KGS, for now) gets no such question
        backend.lacking = frozenset({"history"})
        await pilot.press("escape")
        app.show_player_card("bob")
        await pilot.pause()
        assert backend.named("player_results") == [("kido",)]
        assert backend.named("player_stats")[-1] == ("bob",)


def test_a_long_server_label_is_shown_whole() -> None:
    """IGS's ``stats`` says "Defaults (help defs):" -- longer than the label column; the card
    shows the whole label then its value, not a cut label run into the value."""
    from igs_tui.ui.people.player_card import LABEL_WIDTH, card_text

    label = "Defaults (help defs)"
    assert len(label) >= LABEL_WIDTH
    card = PlayerCard("bob", ((label, "time 1, size 19"), ("Rating", "3k*")))
    lines = card_text("bob", card).plain.splitlines()
    assert f"{label} time 1, size 19" in lines
    assert f"{'Rating':<{LABEL_WIDTH}}3k*" in lines
