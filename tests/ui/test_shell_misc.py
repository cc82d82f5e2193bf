"""Console, status bar, notifications, help screen and the command palette's IGS actions."""

from __future__ import annotations

from rich.text import Text
from textual.command import CommandPalette
from textual.widgets import RichLog, Static

from igs_tui.model import (
    BufferKey,
    ChatKind,
    ClientModel,
    ConnectionStatus,
    GameSummary,
    LinkState,
    Player,
)
from igs_tui.ui.chat.console_pane import ConsolePane
from igs_tui.ui.main.commands import IgsCommands
from igs_tui.ui.main.help_screen import HelpScreen
from igs_tui.ui.main.notifier import Notifier
from igs_tui.ui.main.status_bar import status_text
from tests.polling import wait_until
from tests.ui.shell_helpers import COMPACT, log_lines, main_screen, make_app


async def test_console_shows_every_line_with_its_kind_and_sends_raw() -> None:
    model = ClientModel()
    model.add_console("15 Game 12 I: alice (0 600 -1) vs bob (0 600 -1)", "move header")
    model.add_console("63 totally new thing", "63 unknown")
    app, backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        await pilot.press("f6")
        await pilot.pause()
        console = app.screen.query_one(ConsolePane)
        log = console.query_one("#console-log", RichLog)
        lines = log_lines(log)
        assert lines[0].startswith("move header") and "Game 12 I: alice" in lines[0]
        # the code is said once, in the kind column
        assert lines[1].startswith("63 unknown") and lines[1].endswith("│ totally new thing")
        kind_styles = {str(s.style) for s in log.lines[1] if s.text.startswith("63 unknown")}
        assert any("red" in style for style in kind_styles)  # unknown kinds stand out
        model.add_console("who", "command", outgoing=True)
        await pilot.pause()
        assert log_lines(log)[-1].startswith("command      > who")
        await pilot.press(*"stats alice", "enter")
        await pilot.pause()
        assert backend.named("send_raw") == [("stats alice",)]
        assert console.query_one("#console-input").value == ""  # type: ignore[attr-defined]


async def test_console_lines_that_came_while_hidden_are_shown_whole() -> None:
    """Open the console, leave it, let lines come, come back: each line is one row at the
    console's width (they were drawn one character per row: the hidden log had width 0)."""
    model = ClientModel()
    app, _ = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        await pilot.press("f6")
        await pilot.pause()
        await pilot.press("f3")
        await pilot.pause()
        model.add_console("1 5", "prompt")
        model.add_console("9 a notice long enough to show how it is wrapped", "info")
        await pilot.pause()
        await pilot.press("f6")
        await pilot.pause()
        await pilot.pause()
        log = app.screen.query_one("#console-log", RichLog)
        lines = log_lines(log)
        assert len(lines) == 2, lines
        assert lines[0].startswith("prompt") and lines[0].rstrip().endswith("1 5")
        assert "a notice long enough to show how it is wrapped" in lines[1]


async def test_chat_lines_wrap_again_when_the_terminal_grows() -> None:
    model = ClientModel()
    key = BufferKey(ChatKind.TELL, "alice")
    words = " ".join(f"word{i}" for i in range(40))
    model.add_chat(key, "alice", words)
    app, _ = make_app(model)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        main_screen(app).open_chat(key)
        await pilot.pause()
        await pilot.pause()
        log = app.screen.query_one("#chat-log", RichLog)
        narrow = log_lines(log)
        assert len(narrow) > 1 and "word39" in "".join(narrow)
        await pilot.resize_terminal(125, 30)  # still one pane at a time, now wider
        await pilot.pause()
        await pilot.pause()
        wide = log_lines(log)
        assert len(wide) < len(narrow), "the line is wrapped again at the new width"
        assert " ".join(" ".join(wide).split()).endswith("word39")


def test_a_log_keeps_at_most_its_cap_whether_or_not_it_was_shown() -> None:
    """The console built hidden and never shown must not grow without bound (#12)."""
    from igs_tui.ui.chat.wrapping_log import WrappingLog

    log = WrappingLog(keep=50)
    for i in range(500):
        log.add_line(Text(f"line {i}"))
    assert log.kept == 50 and log.lines == []


def test_status_text_shows_state_user_server_lag_and_reconnect() -> None:
    status = ConnectionStatus(
        LinkState.RECONNECTING, "igs.joyjoy.net:7777", "alice", 250.0, "retrying in 4 s", 3, 160.0
    )
    text = status_text(status, unread=2, now=100.0).plain
    assert "reconnecting (attempt 3)" in text
    assert "alice@igs.joyjoy.net:7777" in text
    assert "lag 250 ms" in text
    assert "reload your game within 1:00" in text
    assert "retrying in 4 s" in text and "✉ 2" in text
    assert "alt+c: reconnect now" in text  # no need to wait out the pause
    assert status_text(ConnectionStatus()).plain == "● disconnected"


async def test_status_bar_follows_the_model() -> None:
    model = ClientModel()
    app, _ = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        bar = app.screen.query_one("#status-text", Static)
        assert "disconnected" in str(bar.render())
        model.set_connection(state=LinkState.CONNECTED, user="bob", server="localhost:6969")
        await pilot.pause()
        assert "connected  bob@localhost:6969" in str(bar.render())


async def test_notifications_ring_and_toast_without_markup() -> None:
    model = ClientModel()
    model.me = "me"
    app, _ = make_app(model)
    bells: list[int] = []
    app.bell = lambda: bells.append(1)  # type: ignore[method-assign]
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        model.add_chat(BufferKey(ChatKind.TELL, "alice"), "alice", "[b]hi[/b] there", notify=True)
        model.notify("match", "bob", "bob wants a 19x19 match", bell=False)
        await pilot.pause()
        notifier = app.screen.query_one(Notifier)
        assert [n.kind for n in notifier.shown] == ["tell", "match"]
        toasts = list(app._notifications)
        assert [t.message for t in toasts] == ["[b]hi[/b] there", "bob wants a 19x19 match"]
        assert all(t.markup is False for t in toasts)
        assert toasts[1].severity == "warning"
        assert bells == [1]
        model.add_chat(BufferKey(ChatKind.SHOUT), "carol", "no mention here")
        await pilot.pause()
        assert len(notifier.shown) == 2 and bells == [1]


async def test_a_refusal_is_a_toast_naming_who_refused_and_stays_in_the_system_buffer() -> None:
    """A refused action (here the KGS backend's own refusal, and a server's error line with
    no sender) is an error toast titled by the speaker; the system buffer shows both lines
    with a named speaker (never ``<>``) and the console has them."""
    from igs_tui.ui.chat.chat_pane import message_line

    model = ClientModel()
    model.me = "me"
    app, _ = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        system = BufferKey(ChatKind.SYSTEM)
        model.add_chat(system, "igs-tui", "Challenge to bob not sent: join a room.", kind="error")
        model.add_chat(system, "", "No such game.", kind="error")
        await pilot.pause()
        notifier = app.screen.query_one(Notifier)
        assert [(n.kind, n.title) for n in notifier.shown] == [
            ("refusal", "igs-tui"),
            ("refusal", "server"),
        ]
        toasts = list(app._notifications)
        assert [(t.title, t.message, t.severity) for t in toasts] == [
            ("igs-tui", "Challenge to bob not sent: join a room.", "error"),
            ("server", "No such game.", "error"),
        ]
        shown = [message_line(m, "me").plain for m in model.buffers[system].messages]
        assert shown[0].endswith("<igs-tui> (error) Challenge to bob not sent: join a room.")
        assert shown[1].endswith("<server> (error) No such game.") and "<>" not in shown[1]
        assert [c.text for c in model.console][-2:] == [
            "igs-tui: Challenge to bob not sent: join a room.",
            "server: No such game.",
        ]


async def test_help_screen_lists_bindings_and_commands() -> None:
    app, _ = make_app(ClientModel())
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = str(app.screen.query_one("#help-text", Static).render())
        for expected in (
            "f1",
            "ctrl+q",
            "f3 / alt+2",
            "Sort observers",
            "Tell",
            "/kibitz",
            "/quote",
        ):
            assert expected in text, expected
        await pilot.press("escape")
        await pilot.pause()
        assert main_screen(app) is app.screen


async def test_palette_offers_igs_actions() -> None:
    model = ClientModel()
    model.replace_players([Player("alice"), Player("albert")])
    model.replace_games([GameSummary(12, "[red]w[/red]", "1d", "b", "1d", observers=9)])
    app, backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        provider = IgsCommands(app.screen)
        hits = [h async for h in provider.search("observe 12")]
        assert hits[0].text == "observe 12"
        hits[0].command()
        assert backend.named("observe") == [(12,)]
        assert main_screen(app).active == "board"
        tells = [h.text async for h in provider.search("tell al")]
        assert tells[:2] == ["tell alice", "tell albert"]
        friends = [h async for h in provider.search("friend ali")]
        assert friends[0].text == "friend alice"
        friends[0].command()
        assert model.friends == frozenset({"alice"})
        cards = [h async for h in provider.search("card alb")]
        assert cards[0].text == "card albert"
        cards[0].command()
        await pilot.pause()
        assert backend.named("player_stats") == [("albert",)]
        assert type(app.screen).__name__ == "PlayerCardScreen"
        await pilot.press("escape")
        await pilot.pause()
        model.add_chat(BufferKey(ChatKind.TELL, "alice"), "alice", "ping")
        (reply,) = [
            h async for h in provider.search("reply to last") if h.text == "Reply to last tell"
        ]
        reply.command()
        await pilot.pause()
        assert main_screen(app).active == "chat"
        found = [h.text async for h in provider.search("who")]
        assert "Who: refresh user list" in found
        discovered = [h.text async for h in provider.discover()]
        assert any(t and t.startswith("observe 12: [red]w[/red] vs b") for t in discovered)
        (join,) = [h async for h in provider.search("join 3")]
        join.command()
        await pilot.pause()
        assert backend.named("join_channel") == [("3",)]
        assert main_screen(app).active == "chat"


async def test_a_pane_shown_right_after_another_stays_shown() -> None:
    """Showing a pane sets the tab bar, which posts ``TabActivated`` for later: the one from
    the first switch must not pull the screen back once the second has happened (seen as an
    observe from the palette followed at once by "Reply to last tell")."""
    app, _ = make_app(ClientModel())
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        screen = main_screen(app)
        screen.action_show_pane("board")
        screen.action_show_pane("chat")
        await pilot.pause()
        await pilot.pause()
        assert screen.active == "chat"
        await pilot.click("#tab-players")
        await pilot.pause()
        assert screen.active == "players"


async def test_ctrl_p_opens_the_palette_with_igs_commands() -> None:
    app, _ = make_app(ClientModel())
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await wait_until(lambda: isinstance(app.screen, CommandPalette), what="the palette")
        # a provider or a callable that imports it when the palette asks (see IgsApp)
        providers = {p if isinstance(p, type) else p() for p in app.COMMANDS}
        assert IgsCommands in providers


def test_line_builders_style_their_pieces_not_the_whole_line() -> None:
    """A style on the first piece must not leak onto server text appended after it."""
    from igs_tui.model import ChatMessage, ConsoleLine
    from igs_tui.ui.chat.chat_pane import message_line
    from igs_tui.ui.chat.console_pane import console_line

    status = status_text(ConnectionStatus(LinkState.CONNECTED, "srv", "alice"))
    line = console_line(ConsoleLine("24 *bob*: hi", "tell"))
    message = message_line(ChatMessage("bob", "hello", 0.0), "me")
    for text in (status, line, message):
        assert not text.style, text.plain
    tail = [s for s in line.spans if s.end == len(line.plain)]
    assert all("cyan" not in str(s.style) for s in tail)


def test_a_console_line_shows_its_code_once() -> None:
    from igs_tui.model import ConsoleLine
    from igs_tui.ui.chat.console_pane import console_line

    received = console_line(ConsoleLine("42 bob          1k  Q  --", "42 user")).plain
    assert received.startswith("42 user") and received.endswith("│ bob          1k  Q  --")
    # the text keeps what is not its code: an unknown line, a prompt-less text, our own lines
    assert console_line(ConsoleLine("Welcome!", "-- text")).plain.endswith("│ Welcome!")
    assert console_line(ConsoleLine("99 odd", "99 unknown")).plain.endswith("│ odd")
    sent = console_line(ConsoleLine("42 is what I typed", "sent", outgoing=True)).plain
    assert sent.endswith("> 42 is what I typed")
