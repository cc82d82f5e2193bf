"""The chat input line: an Input with history (up/down) and tab completion."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from textual.binding import Binding
from textual.widgets import Input

from igs_tui.ui.chat.chat_complete import Completer

MAX_HISTORY = 500


class ChatInput(Input):
    """Remembers submitted lines; up/down walk the history, tab completes the current word."""

    BINDINGS = [
        Binding("up", "history(-1)", "Previous line", show=False),
        Binding("down", "history(1)", "Next line", show=False),
        Binding("tab", "complete", "Complete", show=False),
    ]

    def __init__(
        self,
        *,
        names: Callable[[], Iterable[str]],
        games: Callable[[], Iterable[int]],
        placeholder: str = "",
        id: str | None = None,
    ) -> None:
        super().__init__(placeholder=placeholder, id=id)
        self.history: list[str] = []
        self._history_index = 0
        self._draft = ""
        # Any other edit changes text or cursor, which ends a completion cycle by itself.
        self.completer = Completer(names, games)

    def remember(self, line: str) -> None:
        """Add a submitted line to the history (consecutive duplicates kept once)."""
        if line and (not self.history or self.history[-1] != line):
            self.history.append(line)
            del self.history[:-MAX_HISTORY]
        self._history_index = len(self.history)
        self._draft = ""

    def action_history(self, step: int) -> None:
        if not self.history:
            return
        if self._history_index == len(self.history):
            self._draft = self.value
        index = max(0, min(len(self.history), self._history_index + step))
        if index == self._history_index:
            return
        self._history_index = index
        self.value = self.history[index] if index < len(self.history) else self._draft
        self.cursor_position = len(self.value)

    def action_complete(self) -> None:
        result = self.completer.complete(self.value, self.cursor_position)
        if result is None:
            self.app.bell()
            return
        self.value, self.cursor_position = result
