"""The chat pane: IRC-like buffers (tells, games, channels, shouts) with unread markers.

Left: the buffer list, each with its unread count (highlighted when someone mentioned us).
Right: the current buffer's messages and the input line. Only the current buffer is drawn;
new messages are appended, not redrawn, so a busy shout channel stays cheap. While the pane is
not on screen it does nothing but note that it is behind: when shown, it writes the messages
that came meanwhile (at most the buffer's cap) and lists the buffers again.

Above a tell, channel or shout buffer's messages come, dimmed, its last lines from the chat
log of earlier sessions (:mod:`igs_tui.ui.chat.chat_history`), so a conversation picks up where
it stopped before a restart. Game buffers have none: game numbers are reused.
"""

from __future__ import annotations

import time

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from igs_tui.backends.capabilities import Backend
from igs_tui.model import TOPIC_CHAT_LIST, BufferKey, ChatKind, ChatMessage, ClientModel
from igs_tui.model.away import AwayReplies
from igs_tui.model.changes import BufferShown
from igs_tui.ui.app_services import services
from igs_tui.ui.chat.chat_commands import ChatOutcome, ChatRunner
from igs_tui.ui.chat.chat_history import history_line
from igs_tui.ui.chat.chat_input import ChatInput
from igs_tui.ui.chat.tail import appended_since
from igs_tui.ui.chat.wrapping_log import WrappingLog
from igs_tui.ui.lists.table_util import is_shown
from igs_tui.ui.messages import MatchRequested, PlayerCardRequested, ShowPane
from igs_tui.ui.model_bridge import ModelWatcher
from igs_tui.ui.safe_text import plain
from igs_tui.ui.styles import stylesheet

MAX_LINE = 2000
FEW_BUFFERS = 40
"""Up to this many buffers, the list follows every change at once."""
LIST_INTERVAL = 0.5
"""Beyond, it is listed again at most this often (seconds)."""
SHOWN_LINES = 2000
HISTORY_KINDS = frozenset({ChatKind.TELL, ChatKind.CHANNEL, ChatKind.SHOUT})
"""Buffers shown with their logged history (a game number means another game next time)."""
"""Lines of the open conversation on screen (the model and the chat log on disk keep more)."""
"""Characters of one message shown; the disk log keeps the rest."""


def buffer_label(key: BufferKey, unread: int, highlighted: bool) -> Text:
    text = plain(key.label, max_length=14)
    if unread:
        text.append(f" {unread}", "bold")
    if highlighted:
        text.stylize("bold reverse magenta")
    elif unread:
        text.stylize("bold")
    return text


def message_line(message: ChatMessage, me: str) -> Text:
    """One message as ``HH:MM <author> text`` with application-chosen styles only."""
    line = Text()  # a style given to Text() would cover the whole line
    line.append(time.strftime("%H:%M ", time.localtime(message.timestamp)), "dim")
    if message.kind == "notice":  # the server about the conversation (joined, who is in)
        line.append("-- ", "dim")
        line.append_text(plain(message.text, "dim italic", max_length=MAX_LINE))
        return line
    if message.kind == "own":
        author_style = "bold green"
    elif message.kind == "kibitz":
        author_style = "cyan"
    else:
        author_style = "bold"
    suffix = "" if message.kind in ("message", "own") else f" ({message.kind})"
    line.append("<", author_style)
    # a line with no sender is the server's (never an empty "<>")
    line.append_text(plain(message.author or "server", author_style, max_length=20))
    line.append(f">{suffix} ", author_style)
    line.append_text(
        plain(message.text, "bold magenta" if message.highlight else "", max_length=MAX_LINE)
    )
    return line


def last_tell_partner(model: ClientModel) -> BufferKey | None:
    """The tell buffer whose latest incoming message is the most recent, if any."""
    best: tuple[float, BufferKey] | None = None
    for key, buf in model.buffers.items():
        if key.kind is not ChatKind.TELL:
            continue
        incoming = [m.timestamp for m in buf.messages if m.kind != "own"]
        if incoming and (best is None or incoming[-1] >= best[0]):
            best = (incoming[-1], key)
    return best[1] if best else None


class ChatPane(ModelWatcher):
    """Buffer list, message log and input; slash commands run through :class:`ChatRunner`."""

    DEFAULT_CSS = stylesheet(__file__, "chat_pane.tcss")

    BINDINGS = [
        Binding("ctrl+n,alt+down", "cycle(1)", "Next buffer"),
        Binding("ctrl+b,alt+up", "cycle(-1)", "Prev buffer"),
        Binding("alt+r", "reply", "Reply to last tell"),
    ]

    def __init__(
        self,
        model: ClientModel,
        backend: Backend,
        *,
        echo_own: bool = False,
        away: AwayReplies | None = None,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.model = model
        self.runner = ChatRunner(model, backend, echo_own=echo_own, away=away)
        self.current: BufferKey | None = None
        self._last_shown: ChatMessage | None = None
        self._keys: list[BufferKey] = []
        self._behind = False
        """Messages came while the pane was hidden (written when it is shown)."""
        self._history: dict[BufferKey, list[Text]] = {}
        """Each buffer's logged history, read once per pane (the logs of earlier sessions do
        not change while it lives)."""
        self._listed_at = -1.0
        self._list_due = False

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield OptionList(id="chat-buffers")
            with Vertical(id="chat-main"):
                yield Label("", id="chat-title")
                yield WrappingLog(id="chat-log", keep=SHOWN_LINES)
                yield ChatInput(
                    names=self._completion_names,
                    games=self._completion_games,
                    placeholder="message or /help",
                    id="chat-input",
                )

    @property
    def input(self) -> ChatInput:
        return self.query_one("#chat-input", ChatInput)

    @property
    def log_widget(self) -> WrappingLog:
        return self.query_one("#chat-log", WrappingLog)

    def on_mount(self) -> None:
        if not self.query("#chat-title"):
            return  # removed before this ran (its children go first): nothing to draw or watch
        self.watch_model(self.model.hub, TOPIC_CHAT_LIST, self.model_changed)
        if self.model.buffers:
            self.switch_to(next(iter(self.model.buffers)))
        else:
            self.switch_to(None)

    # completion sources -----------------------------------------------------------------------
    def _completion_names(self) -> list[str]:
        names = self.model.players.names()
        names.extend(k.target for k in self.model.buffers if k.kind is ChatKind.TELL)
        return names

    def _completion_games(self) -> list[int]:
        return [*self.model.games, *self.model.followed]

    # model -> view ----------------------------------------------------------------------------
    def model_changed(self) -> None:
        if not is_shown(self):
            self._behind = True
            return
        self._catch_up()

    def _catch_up(self) -> None:
        self._behind = False
        buffers = self.model.buffers
        if self.current is not None and self.current not in buffers:
            # the buffer shown was dropped for a newer one (``Limits.buffers``)
            self.switch_to(next(iter(buffers)) if buffers else None)
            return
        if self.current is None and buffers:
            self.switch_to(next(iter(buffers)))
            return
        self._append_new()
        self._refresh_list_soon()

    def _refresh_list_soon(self) -> None:
        """List the buffers again, at most every :data:`LIST_INTERVAL` once there are many: a
        flood of tells from new names changes the list with every frame, and listing 200
        buffers cost ~70 ms (issue 26's 5,000 tellers)."""
        if self._list_due:
            return
        wait = self._listed_at + LIST_INTERVAL - time.monotonic()
        if len(self.model.buffers) <= FEW_BUFFERS or wait <= 0:
            self._refresh_list()
            return
        self._list_due = True
        self.set_timer(wait, self._refresh_list)

    def refresh_if_dirty(self) -> None:
        """The pane became visible: write what came meanwhile; what is on screen now counts
        as read."""
        if self._behind:
            self._catch_up()
        if self.current is not None:
            self.model.mark_read(self.current)
        self._refresh_list()

    def _append_new(self) -> None:
        if self.current is None:
            return
        buf = self.model.buffers.get(self.current)
        if buf is None:
            return
        new, complete = appended_since(buf.messages, self._last_shown)
        if not complete:
            self._start_log(self.current)
        for message in new:
            self.log_widget.add_line(message_line(message, self.model.me))
        if new:
            self._last_shown = new[-1]
            if is_shown(self):
                self.model.mark_read(self.current)

    def _refresh_list(self) -> None:
        self._list_due = False
        self._listed_at = time.monotonic()
        options = self.query_one("#chat-buffers", OptionList)
        self._keys = list(self.model.buffers)
        buffers = self.model.buffers
        if any(k not in buffers for k in self._history):  # histories of dropped buffers go
            self._history = {k: v for k, v in self._history.items() if k in buffers}
        options.clear_options()
        options.add_options(
            Option(buffer_label(k, b.unread, b.highlighted), id=str(i))
            for i, (k, b) in enumerate(self.model.buffers.items())
        )
        if self.current in self._keys:
            options.highlighted = self._keys.index(self.current)

    def switch_to(self, key: BufferKey | None) -> None:
        """Show buffer ``key`` (created if new) from its start; None shows a hint."""
        self.current = key
        if self.model.shown_buffer != key:  # the buffer on screen is never the one dropped
            self.model.apply(BufferShown(key))
        self._last_shown = None
        self._start_log(key)
        title = self.query_one("#chat-title", Label)
        if key is None:
            title.update("no conversations yet")
            self.log_widget.add_line(
                Text("Type /help for commands, /tell NAME text to chat.", "dim")
            )
        else:
            self.model.buffer(key)
            title.update(plain(f"{key.kind.value}: {key.label}", max_length=60))
            self._append_new()
            if is_shown(self):
                self.model.mark_read(key)
        self._refresh_list()

    def _start_log(self, key: BufferKey | None) -> None:
        """Empty the log, then write the buffer's history from the chat logs (if any)."""
        self.log_widget.clear_lines()
        for line in self.history_of(key):
            self.log_widget.add_line(line)

    def history_of(self, key: BufferKey | None) -> list[Text]:
        """The lines shown above ``key``'s messages: its last logged lines, then a rule."""
        if key is None or key.kind not in HISTORY_KINDS:
            return []
        lines = self._history.get(key)
        if lines is None:
            logger = services(self.app).chat_logger
            logged = logger.history(key) if logger is not None else []
            lines = [history_line(line) for line in logged]
            if lines:
                lines.append(Text("── earlier sessions, from the chat log ──", "dim"))
            self._history[key] = lines
        return lines

    # user actions -----------------------------------------------------------------------------
    @on(OptionList.OptionSelected, "#chat-buffers")
    def _buffer_chosen(self, event: OptionList.OptionSelected) -> None:
        index = int(event.option.id or 0)
        if index < len(self._keys):
            self.switch_to(self._keys[index])
            self.input.focus()

    def action_cycle(self, step: int) -> None:
        keys = list(self.model.buffers)
        if not keys:
            return
        index = keys.index(self.current) if self.current in keys else -step
        self.switch_to(keys[(index + step) % len(keys)])

    def action_reply(self) -> None:
        """Jump to the conversation of the latest private message someone sent us."""
        if (key := last_tell_partner(self.model)) is not None:
            self.switch_to(key)
            self.input.focus()

    def note(self, text: str, style: str = "dim italic") -> None:
        """A local line in the log (help, errors); never stored in the model."""
        self.log_widget.add_line(plain(text, style))

    @on(ChatInput.Submitted, "#chat-input")
    def _submitted(self, event: ChatInput.Submitted) -> None:
        line = event.value
        self.input.remember(line.strip())
        self.input.value = ""
        self.apply(self.runner.run(line, self.current))

    def apply(self, outcome: ChatOutcome) -> None:
        if outcome.open_buffer is not None and outcome.open_buffer != self.current:
            self.switch_to(outcome.open_buffer)
        else:
            self._append_new()
        for note in outcome.notes:
            self.note(note)
        if outcome.error:
            self.note(outcome.error, "bold red")
        if outcome.pane is not None:
            self.post_message(ShowPane(outcome.pane))
        if outcome.match is not None:
            self.post_message(MatchRequested(outcome.match))
        if outcome.card is not None:
            self.post_message(PlayerCardRequested(outcome.card))
        if outcome.messages:
            services(self.app).show_messages()
        if outcome.observers is not None:
            services(self.app).show_observers(outcome.observers)
