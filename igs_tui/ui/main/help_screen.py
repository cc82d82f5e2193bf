"""The help screen: every key binding of the app and its panes, and the chat commands."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.keys import format_key
from textual.widgets import Static

from igs_tui.ui.chat.chat_commands import COMMAND_HELP
from igs_tui.ui.dialogs.dialog import Dialog
from igs_tui.ui.lists.table_util import label_column
from igs_tui.ui.styles import stylesheet


def binding_rows(bindings: Iterable[BindingType]) -> list[tuple[str, str]]:
    """(keys, description) pairs; tuple shorthand bindings are expanded like Textual does."""
    rows: list[tuple[str, str]] = []
    for b in bindings:
        if isinstance(b, Binding):
            if not b.description:
                continue  # system bindings such as ctrl+c's "press ctrl+q to quit" hint
            key, description = b.key, b.description
        else:
            key, description = b[0], (b[2] if len(b) > 2 else b[1])
            if not description:
                continue
        rows.append((" / ".join(key_label(k) for k in key.split(",")), description))
    return rows


def key_label(key: str) -> str:
    """A key as a user types it: ``[`` for ``left_square_bracket``, ``ctrl+[``; Textual's
    names of the keys with words (``enter``, ``escape``, ``space``) stay words."""
    *modifiers, name = key.strip().split("+")
    shown = format_key(name)
    if len(shown) != 1 or not shown.isascii() or not shown.isprintable() or shown.isspace():
        shown = name
    return "+".join([*modifiers, shown])


def help_text(sections: list[tuple[str, Iterable[BindingType]]]) -> Text:
    text = Text()
    for title, bindings in sections:
        text.append(f"{title}\n", "bold underline")
        for key, description in binding_rows(bindings):
            text.append(f"  {label_column(key, 18)}", "bold cyan")
            text.append(f"{description}\n")
        text.append("\n")
    text.append("Chat commands\n", "bold underline")
    for line in COMMAND_HELP.values():
        text.append(f"  {line}\n")
    return text


class HelpScreen(Dialog[None]):
    DEFAULT_CSS = stylesheet(__file__, "help_screen.tcss")
    BINDINGS = [
        Binding("escape,q,f1", "dismiss", "Close help"),
        Binding("up", "scroll('up')", show=False),
        Binding("down", "scroll('down')", show=False),
    ]

    def __init__(self, sections: list[tuple[str, Iterable[BindingType]]]) -> None:
        super().__init__()
        self.sections = sections

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(help_text(self.sections), id="help-text")

    def action_scroll(self, direction: str) -> None:
        scroll = self.query_one(VerticalScroll)
        if direction == "up":
            scroll.scroll_up()
        else:
            scroll.scroll_down()
