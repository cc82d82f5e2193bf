"""Hostile server text (markup, links, ANSI escapes, control characters, huge lines) is shown
literally in every pane and never crashes the UI."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import DataTable, OptionList, RichLog, Static

from igs_tui.model import BufferKey, ChatKind, ClientModel, GameSummary, LinkState, Player
from igs_tui.ui.chat.chat_pane import ChatPane
from igs_tui.ui.lists.games_list import GamesList
from igs_tui.ui.lists.players_list import PlayersList
from tests.ui.shell_helpers import COMPACT, WIDE, log_lines, log_styles, make_app

MARKUP = "[red]x[/red][link=https://evil.example]y[/link][@click=app.quit]z[/][#123456]c"
ANSI = "\x1b[31mred\x1b[0m\x1b]8;;http://evil\x07link\x1b]8;;\x07"
CONTROL = "bell\x07nul\x00bs\x08cr\rlf\nend"
HUGE = "W" * 20_000


def hostile_model() -> ClientModel:
    model = ClientModel()
    model.set_connection(state=LinkState.CONNECTED, user=MARKUP, server=ANSI, detail=CONTROL + HUGE)
    model.replace_players(
        [
            Player(MARKUP, "1d", info=ANSI + HUGE, country=CONTROL),
            Player(ANSI, "2k", info=MARKUP),
            Player(HUGE, "3k"),
        ]
    )
    model.replace_games(
        [
            GameSummary(1, MARKUP, "[b]9p", ANSI, "1d", title=CONTROL + HUGE),
            GameSummary(2, HUGE, "1k", HUGE, "1k", title=MARKUP),
        ]
    )
    model.add_chat(BufferKey(ChatKind.TELL, MARKUP), MARKUP, MARKUP + ANSI, notify=True)
    model.add_chat(BufferKey(ChatKind.CHANNEL, ANSI), ANSI, CONTROL)
    model.add_chat(BufferKey(ChatKind.SHOUT), HUGE, HUGE)
    model.add_console(MARKUP + ANSI + CONTROL, "[b]kind")
    model.add_console(HUGE, "unknown")
    return model


def no_escape_styles(styles: set[str]) -> None:
    for style in styles:
        # the app styles with names like "red"; only server text could produce these
        assert "link" not in style and "123456" not in style, style


async def test_hostile_text_everywhere_is_literal() -> None:
    model = hostile_model()
    app, _ = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        screen = app.screen

        games = screen.query_one(GamesList).table
        first: list[Any] = list(games.row(games.row_keys.index("1")))
        # names are cut to 20 cells, the cut is marked, and nothing is interpreted
        assert isinstance(first[1], Text) and first[1].plain == MARKUP[:19] + "…"
        assert first[1].spans == [] and not first[1].style
        assert first[2].plain == "[b]9p"
        assert first[3].plain == "redlink"
        assert "\x07" not in first[11].plain and len(first[11].plain) <= 60

        for pane in ("players", "chat", "console", "board", "games"):
            await pilot.press({"players": "f4", "chat": "f5", "console": "f6"}.get(pane, "f3"))
            await pilot.pause()
            svg = app.export_screenshot()
            assert "\x1b" not in svg and "\x07" not in svg

        users = screen.query_one(PlayersList).table
        names = {users.row(i)[0].plain for i in range(users.row_count)}
        assert MARKUP[:19] + "…" in names and "redlink" in names
        assert all(len(n) <= 20 for n in names)

        chat = screen.query_one(ChatPane)
        chat.switch_to(BufferKey(ChatKind.TELL, MARKUP))
        await pilot.press("f5")  # a log renders its lines once it is shown
        await pilot.pause()
        shown = "".join(log_lines(chat.query_one("#chat-log", RichLog)))  # lines wrap at 80
        assert "<[red]x[/red][link=" in shown and f"> {MARKUP}redlink" in shown
        no_escape_styles(log_styles(chat.query_one("#chat-log", RichLog)))
        options = chat.query_one("#chat-buffers", OptionList)
        prompts = [str(options.get_option_at_index(i).prompt) for i in range(3)]
        assert prompts[0].startswith("[red]x[/red]")

        await pilot.press("f6")
        await pilot.pause()
        console = screen.query_one("#console-log", RichLog)
        console_text = "".join(log_lines(console))
        assert MARKUP + "redlink" + "bellnulbscr lf end" in console_text
        no_escape_styles(log_styles(console))

        status = str(screen.query_one("#status-text", Static).render())
        assert MARKUP[:19] + "…" in status and "\x1b" not in status

        model.notify("tell", MARKUP, MARKUP + ANSI + HUGE)
        await pilot.pause()
        toasts = list(app._notifications)
        assert toasts and all(t.markup is False for t in toasts)
        assert toasts[0].message.startswith(MARKUP + "redlink")
        assert toasts[0].title.startswith("[red]") and len(toasts[0].message) <= 300

        await pilot.resize_terminal(*WIDE)
        await pilot.pause()
        assert "\x1b" not in app.export_screenshot()


async def test_hostile_text_typed_into_inputs_is_sent_verbatim() -> None:
    model = ClientModel()
    model.add_chat(BufferKey(ChatKind.TELL, "bob"), "bob", "hi")
    app, backend = make_app(model, echo_own=True)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        await pilot.press("f5")
        await pilot.press(*"[red]x[/red]", "enter")
        await pilot.pause()
        assert backend.named("tell") == [("bob", "[red]x[/red]")]
        lines = log_lines(app.screen.query_one("#chat-log", RichLog))
        assert any("[red]x[/red]" in line for line in lines)


def test_games_table_cells_for_hostile_rows_are_text_not_markup() -> None:
    from igs_tui.ui.lists.games_list import game_row

    cells = game_row(GameSummary(3, MARKUP, "1d", "b", "2d", title=MARKUP))
    assert all(not isinstance(c, str) for c in cells)  # DataTable parses str as markup
    assert isinstance(cells[1], Text) and cells[1].spans == []
    _ = DataTable  # the reason for the check above
