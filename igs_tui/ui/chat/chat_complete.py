"""Tab completion for the chat input: slash commands, user names and game numbers.

Completion works on the word before the cursor. Repeated presses cycle through the matches
(IRC style), so the state lives in a small object the input keeps between key presses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from igs_tui.numbers import bounded_int
from igs_tui.ui.chat.chat_commands import COMMANDS


def word_start(text: str, cursor: int) -> int:
    """Index where the word ending at ``cursor`` starts (words are split by spaces)."""
    start = cursor
    while start > 0 and text[start - 1] != " ":
        start -= 1
    return start


def candidates_for(
    word: str, at_line_start: bool, names: Iterable[str], games: Iterable[int]
) -> list[str]:
    """Sorted completions of ``word``: commands at line start, game numbers, then names."""
    if not word:
        return []
    if word.startswith("/") and at_line_start:
        return sorted(c for c in COMMANDS if c.startswith(word.lower()))
    if bounded_int(word.lstrip("#")) is not None:
        prefix = "#" if word.startswith("#") else ""
        digits = word.lstrip("#")
        return [f"{prefix}{n}" for n in sorted(set(games)) if str(n).startswith(digits)]
    folded = word.casefold()
    return sorted({n for n in names if n.casefold().startswith(folded)}, key=str.casefold)


@dataclass
class Completer:
    """Cycles through completions of one word until the text changes in another way."""

    names: Callable[[], Iterable[str]]
    games: Callable[[], Iterable[int]]
    _matches: list[str] | None = None
    _index: int = 0
    _start: int = 0
    _expect: tuple[str, int] | None = None

    def reset(self) -> None:
        self._matches = None
        self._expect = None

    def complete(self, text: str, cursor: int) -> tuple[str, int] | None:
        """Return the new ``(text, cursor)`` or None when nothing matches."""
        if self._matches is None or self._expect != (text, cursor):
            self._start = word_start(text, cursor)
            word = text[self._start : cursor]
            self._matches = candidates_for(
                word, text[: self._start].strip() == "", self.names(), self.games()
            )
            self._index = 0
        else:
            self._index = (self._index + 1) % len(self._matches)
        if not self._matches:
            self._matches = None
            return None
        # On a repeat press the previous choice (with its space) spans _start..cursor.
        choice = self._matches[self._index] + " "
        new_text = text[: self._start] + choice + text[cursor:]
        new_cursor = self._start + len(choice)
        self._expect = (new_text, new_cursor)
        return new_text, new_cursor
