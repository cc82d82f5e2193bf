"""The say/kibitz stream of one game, with an input line to join in.

Messages come from the game's chat buffer in the model (``BufferKey(GAME, "12")``), where the
server adapter files kibitzes and says; the input sends a *say* to the opponent in our own
games and a *kibitz* to the observers otherwise. The model is only read: our own line comes
back from the server like any other.

Lines wrap at the log's visible width (:class:`~igs_tui.ui.chat.wrapping_log.WrappingLog`).
"""

from __future__ import annotations

from collections import deque

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Input

from igs_tui.backends.capabilities import Backend
from igs_tui.model import BufferKey, ChatKind, ChatMessage, ClientModel
from igs_tui.ui.capability import need
from igs_tui.ui.chat.wrapping_log import WrappingLog
from igs_tui.ui.model_bridge import ModelWatcher
from igs_tui.ui.safe_text import plain
from igs_tui.ui.styles import stylesheet

SHOWN_MESSAGES = 300
"""Lines rebuilt on each change; older ones are in the chat pane and the on-disk log."""


def format_message(message: ChatMessage) -> Text:
    """``author: text`` with the author in bold; kibitzes dimmed, own lines highlighted."""
    line = Text()
    if message.kind == "notice":  # a word from the server about the game
        line.append("-- ", style="dim")
        line.append_text(plain(message.text, "italic", max_length=2000))
        return line
    style = "bold #3a8fd8" if message.kind == "own" else "bold"
    line.append_text(plain(message.author, style, max_length=24))
    line.append(": " if message.kind != "kibitz" else " ~ ", style="dim")
    line.append_text(plain(message.text, max_length=2000))
    return line


class ChatLog(WrappingLog, can_focus=False):
    """The game's chat lines (as many as :data:`SHOWN_MESSAGES`).

    Not focusable: Tab from the board goes straight to the chat input, whose cursor shows
    where the keys go (a focused log shows nothing); page up/down there scroll the log.
    """

    def __init__(self, *, keep: int = SHOWN_MESSAGES) -> None:
        super().__init__(keep=keep)


class ChatEntry(Input):
    """The game chat's input line; page up/down scroll the chat above it."""

    BINDINGS = [
        Binding("pageup", "scroll_log(-1)", "Chat up", show=False),
        Binding("pagedown", "scroll_log(1)", "Chat down", show=False),
        Binding("escape", "back_to_board", "Board", show=False),
    ]

    def action_back_to_board(self) -> None:
        """Esc: back to the game's board (what is typed stays), as Tab came from it; else the
        board's keys (``<``, ``[``) went on being typed into the chat."""
        for node in self.ancestors:
            focus_board = getattr(node, "focus_board", None)  # the games panel's
            if callable(focus_board):
                focus_board()
                return

    def action_scroll_log(self, direction: int) -> None:
        parent = self.parent
        if parent is None:
            return
        log = parent.query_one(ChatLog)
        if direction < 0:
            log.scroll_page_up()
        else:
            log.scroll_page_down()


class GameChat(ModelWatcher):
    """Kibitz/say lines of game ``number``."""

    BLANK = True  # the log and the input cover it (see igs_tui.ui.repaint)

    DEFAULT_CSS = stylesheet(__file__, "game_chat.tcss")

    def __init__(self, model: ClientModel, backend: Backend, number: int) -> None:
        super().__init__()
        self._model = model
        self._backend = backend
        self._number = number
        self._key = BufferKey(ChatKind.GAME, str(number))
        self._last_shown: ChatMessage | None = None

    def compose(self) -> ComposeResult:
        yield ChatLog()
        yield ChatEntry(placeholder=self._placeholder())

    def _placeholder(self) -> str:
        game = self._model.followed.get(self._number)
        playing = game is not None and game.role.color is not None
        return "say to opponent…" if playing else "kibitz…"

    def on_mount(self) -> None:
        self.watch_model(self._model.hub, self._key.topic, self.refresh_messages)
        self.refresh_messages()

    def refresh_messages(self) -> None:
        """Append messages that arrived since the last refresh (rebuild if the buffer moved on).

        Busy broadcasts get several kibitzes a second, so only new lines are written; the last
        shown message is found by identity from the end of the buffer.
        """
        logs = self.query(ChatLog)
        if not logs:
            return  # being taken down (a released view): nothing to show any more
        log = logs.first()
        buf = self._model.buffers.get(self._key)
        messages = buf.messages if buf is not None else deque[ChatMessage]()
        new = self._new_since_last(messages)
        if new is None:
            log.clear_lines()
            new = list(messages)[-SHOWN_MESSAGES:]
        for message in new:
            log.add_line(format_message(message))
        self._last_shown = messages[-1] if messages else None

    def _new_since_last(self, messages: deque[ChatMessage]) -> list[ChatMessage] | None:
        """Messages after the last one shown, or None when it is no longer in the buffer."""
        last = self._last_shown
        if last is None:
            return None if messages else []
        for back in range(1, min(len(messages), SHOWN_MESSAGES) + 1):
            if messages[-back] is last:
                return [messages[-i] for i in range(back - 1, 0, -1)]
        return None

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        event.input.clear()
        if not text:
            return
        game = self._model.followed.get(self._number)
        caps = self._backend.capabilities
        if game is not None and game.role.color is not None:
            if (playing := need(self, self._backend, caps.playing, "Talking")) is not None:
                playing.say(self._number, text)
        elif (observing := need(self, self._backend, caps.observing, "Kibitzes")) is not None:
            observing.kibitz(self._number, text)
