"""Chat buffers, IRC style: one per conversation partner, game, channel, and one for shouts.

Buffers keep messages in arrival order with an unread count and a highlight flag (set when a
message mentions the user's own name), so the UI can show markers without re-scanning text.
"""

from __future__ import annotations

import functools
import re
from collections import deque
from dataclasses import dataclass, field
from enum import StrEnum

MAX_MESSAGES = 5000
"""Messages kept per buffer in memory by default (``Limits.chat_lines``); older ones are still
in the on-disk chat log."""


class ChatKind(StrEnum):
    TELL = "tell"
    GAME = "game"
    SHOUT = "shout"
    CHANNEL = "channel"
    SYSTEM = "system"


@dataclass(frozen=True, slots=True)
class BufferKey:
    """Which buffer: ``(TELL, "alice")``, ``(GAME, "12")``, ``(CHANNEL, "1")``, ``(SHOUT, "")``."""

    kind: ChatKind
    target: str = ""
    _hash: int = field(init=False, repr=False, compare=False)
    """Worked out once: every chat line looks its buffer up several times, and the generated
    hash (with the enum's own, written in Python) cost more than the lookups."""

    def __post_init__(self) -> None:
        # ChatKind is a str: its string hash, without the enum's own (written in Python)
        object.__setattr__(self, "_hash", hash((str.__hash__(self.kind), self.target)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[type[BufferKey], tuple[ChatKind, str]]:
        # rebuilt from its fields: a string's hash differs from one process to the next
        return (BufferKey, (self.kind, self.target))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not BufferKey:
            return NotImplemented
        return self.kind is other.kind and self.target == other.target

    @property
    def topic(self) -> BufferKey:
        """The topic its messages are heard on: the key itself."""
        return self

    @property
    def label(self) -> str:
        if self.kind is ChatKind.TELL:
            return self.target
        if self.kind is ChatKind.GAME:
            return f"#{self.target}"
        if self.kind is ChatKind.CHANNEL:
            # IGS channels are numbers ("ch5"); KGS rooms have names of their own
            name = self.target
            return name if name and not name.isdecimal() else f"ch{name}"
        return self.kind.value


@dataclass(frozen=True, slots=True)
class ChatMessage:
    author: str
    text: str
    timestamp: float
    kind: str = "message"
    """``message`` for chat, ``kibitz``/``say`` inside game buffers, ``own`` for our own lines,
    ``notice`` for the server's lines about a conversation (not unread, no author)."""
    highlight: bool = False


@dataclass
class ChatBuffer:
    key: BufferKey
    messages: deque[ChatMessage] = field(default_factory=lambda: deque(maxlen=MAX_MESSAGES))
    unread: int = 0
    highlighted: bool = False
    active: int = 0
    """When it last got a message or was read, on the model's own count (the buffer quiet
    longest is the one dropped for a new one beyond ``Limits.buffers``)."""
    game: int = 0
    """For a game's buffer: the :attr:`~igs_tui.model.games.FollowedGame.serial` of the game
    its lines are about (0: none known). A later game under the same number starts a new
    buffer (:class:`~igs_tui.model.changes.BufferRestarted`)."""

    def add(self, message: ChatMessage) -> None:
        self.messages.append(message)
        if message.kind not in ("own", "notice"):
            self.unread += 1
            self.highlighted = self.highlighted or message.highlight

    def mark_read(self) -> None:
        self.unread = 0
        self.highlighted = False


def mentions(text: str, name: str) -> bool:
    """Does ``text`` mention ``name`` as a word (case-insensitive)?"""
    if not name:
        return False
    return _mention_pattern(name).search(text) is not None


@functools.lru_cache(maxsize=8)
def _mention_pattern(name: str) -> re.Pattern[str]:
    """The pattern of ``name`` as a word, compiled once per name: every chat line is looked at
    (building and looking up the pattern each time was a fifth of a chat line's cost)."""
    return re.compile(rf"(?<![\w]){re.escape(name)}(?![\w])", re.IGNORECASE)
