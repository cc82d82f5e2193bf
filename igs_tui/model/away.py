"""An away message: while it is set, tells get it as an automatic reply, once per sender.

q5Go and qGo let a user step away from the board without leaving people who write to them
waiting for an answer that never comes. The rule is kept here, apart from the widgets, because
it is easy to get subtly wrong: a reply to every tell would answer an auto-reply of the other
side's client with another, forever; so each sender is answered once per absence, never
ourselves, never a line without a sender (a server notice), and never a player the user is
writing to meanwhile. Coming back hands over what was answered, so the user can pick up the
conversations.

Pure: no I/O, no Textual. The UI feeds it the tells that arrive and sends what it returns.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["MAX_AWAY_LENGTH", "AwayAnswer", "AwayReplies"]

MAX_AWAY_LENGTH = 200
"""The longest away message kept (a tell line on IGS is short; longer text is cut)."""


@dataclass(frozen=True)
class AwayAnswer:
    """One sender answered while away: their first tell, and how many came in all."""

    name: str
    first_text: str
    count: int = 1


@dataclass
class AwayReplies:
    """The away message (``None``: here) and who has been answered since it was set."""

    message: str | None = None
    _answered: dict[str, AwayAnswer] = field(default_factory=dict)
    _talking: set[str] = field(default_factory=set)
    listeners: list[Callable[[], None]] = field(default_factory=list, compare=False)
    """Called after the message is set or cleared (a status line that shows it)."""

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener()

    @property
    def away(self) -> bool:
        return self.message is not None

    @property
    def answered(self) -> tuple[AwayAnswer, ...]:
        """Senders answered since going away, in the order they first wrote."""
        return tuple(self._answered.values())

    def go_away(self, message: str) -> str:
        """Set (or change) the away message; returns it as it will be sent (one line, cut
        to :data:`MAX_AWAY_LENGTH`). Senders answered under an earlier message stay answered."""
        text = " ".join(message.split())[:MAX_AWAY_LENGTH]
        if not text:
            raise ValueError("an away message needs some text")
        self.message = text
        self._changed()
        return text

    def come_back(self) -> tuple[AwayAnswer, ...]:
        """Clear the away message; returns who was answered meanwhile (and forgets them)."""
        answered = self.answered
        self.message = None
        self._answered = {}
        self._talking = set()
        self._changed()
        return answered

    def talked_to(self, name: str) -> None:
        """The user wrote to ``name`` while away: they are evidently here for that player,
        whose tells get no automatic reply until the user comes back."""
        if self.message is not None:
            self._talking.add(name.casefold())

    def reply_to(self, sender: str, text: str, me: str | None) -> str | None:
        """A tell from ``sender`` arrived: the reply to send, or ``None`` (here, already
        answered, ourselves, or no sender). Names compare without case, as servers do."""
        if self.message is None or not sender.strip():
            return None
        key = sender.casefold()
        if (me is not None and key == me.casefold()) or key in self._talking:
            return None
        earlier = self._answered.get(key)
        if earlier is not None:
            self._answered[key] = AwayAnswer(earlier.name, earlier.first_text, earlier.count + 1)
            return None
        self._answered[key] = AwayAnswer(sender, text)
        return self.message


def describe_answered(answered: tuple[AwayAnswer, ...]) -> list[str]:
    """Lines for the user coming back: one per sender answered (with their first tell)."""
    if not answered:
        return ["Back: nobody wrote while you were away"]
    lines = [f"Back: the away message answered {len(answered)} player(s)"]
    for answer in answered:
        more = f" (+{answer.count - 1} more)" if answer.count > 1 else ""
        lines.append(f"  {answer.name}: {answer.first_text}{more}")
    return lines
