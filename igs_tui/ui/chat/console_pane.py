"""The console pane: every raw server line with its kind, and an input for raw commands.

Lines the protocol layer could not classify are shown too (their kind says so), which is
how a user or developer spots a server message the client does not understand yet.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.widgets import Input

from igs_tui.backends.capabilities import Backend
from igs_tui.model import TOPIC_CONSOLE, ClientModel, ConsoleLine
from igs_tui.ui.capability import need
from igs_tui.ui.chat.chat_input import ChatInput
from igs_tui.ui.chat.tail import appended_since
from igs_tui.ui.chat.wrapping_log import WrappingLog
from igs_tui.ui.lists.table_util import is_shown
from igs_tui.ui.model_bridge import ModelWatcher
from igs_tui.ui.safe_text import plain
from igs_tui.ui.styles import stylesheet

KIND_WIDTH = 12
MAX_LINE = 4000
SHOWN_LINES = 2000
"""Console lines on screen (the model keeps more; the session transcript keeps all)."""


def console_line(line: ConsoleLine) -> Text:
    """``kind | text``; outgoing lines are marked ``>`` and unknown kinds stand out.

    A received line's reply code is in its kind (``42 user``): the text goes on after it, so
    a table the server sends (``who``, ``user``) keeps its columns on an 80-column screen.
    """
    kind = line.kind[:KIND_WIDTH].ljust(KIND_WIDTH)
    unknown = "unknown" in line.kind  # e.g. "42 unknown": a reply code we do not parse
    body = line.text
    code = line.kind.partition(" ")[0]
    if not line.outgoing and code.isdigit() and body.startswith(code + " "):
        body = body[len(code) + 1 :]
    text = Text()  # a style given to Text() would cover the whole line
    text.append_text(plain(kind, "bold red" if unknown else "dim cyan"))
    text.append(" > " if line.outgoing else " │ ", "dim")
    text.append_text(plain(body, "green" if line.outgoing else "", max_length=MAX_LINE))
    return text


class ConsolePane(ModelWatcher):
    DEFAULT_CSS = stylesheet(__file__, "console_pane.tcss")

    def __init__(self, model: ClientModel, backend: Backend, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.model = model
        self.backend = backend
        self._last: ConsoleLine | None = None

    def compose(self) -> ComposeResult:
        yield WrappingLog(id="console-log", keep=SHOWN_LINES)
        yield ChatInput(
            names=self.model.players.names,
            games=lambda: list(self.model.games),
            placeholder="raw server command",
            id="console-input",
        )

    def on_mount(self) -> None:
        self.watch_model(self.model.hub, TOPIC_CONSOLE, self.model_changed)
        self.model_changed()

    def refresh_if_dirty(self) -> None:
        """Called by the screen when the pane becomes visible: write the lines that came while
        it was hidden."""
        self._write_new()

    def model_changed(self) -> None:
        """New lines: written now if the pane is on screen, else when it is shown (a hidden
        log would only queue them, at the cost of building each line's text on every move)."""
        if is_shown(self):
            self._write_new()

    def _write_new(self) -> None:
        log = self.query_one("#console-log", WrappingLog)
        new, complete = appended_since(self.model.console, self._last)
        if not complete:
            log.clear_lines()
        for line in new[-SHOWN_LINES:]:
            log.add_line(console_line(line))
        if new:
            self._last = new[-1]

    @on(Input.Submitted, "#console-input")
    def _submitted(self, event: Input.Submitted) -> None:
        field = self.query_one("#console-input", ChatInput)
        field.remember(event.value)
        field.value = ""
        if event.value.strip():
            console = need(self, self.backend, self.backend.capabilities.console, "Raw commands")
            if console is not None:
                console.send_raw(event.value)
