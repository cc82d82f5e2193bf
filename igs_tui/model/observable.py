"""A tiny publish/subscribe hub so the model can announce changes without knowing its readers.

The model never imports Textual: widgets subscribe to topics here and turn changes into
Textual messages on their own side. Topics are plain strings (``"players"``, ``"games"``,
``"game:12"``, ``"chat:tell:alice"``, ``"console"``, ``"connection"``), so a reader can subscribe
to exactly what it shows; what it is handed is the change itself
(:mod:`igs_tui.model.changes`), so it can update just what changed. Callbacks run synchronously
in the thread that changed the model.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from igs_tui.model.changes import Change

Listener = Callable[["Change"], None]

ANY = "*"
"""Subscribe to this topic to hear about every change (once per change)."""


class Hub:
    """Topic-based change notification with unsubscribe handles."""

    def __init__(self) -> None:
        self._listeners: defaultdict[str, list[Listener]] = defaultdict(list)
        self._heard_by: dict[tuple[str, ...], tuple[Listener, ...]] = {}
        """The listeners of each combination of topics published (dropped on every
        (un)subscribe): a flood of one kind of change works out its listeners once."""

    def subscribe(self, topic: str, listener: Listener) -> Callable[[], None]:
        """Call ``listener(change)`` after each change heard on ``topic``; return an
        unsubscriber."""
        self._listeners[topic].append(listener)
        self._heard_by.clear()

        def unsubscribe() -> None:
            listeners = self._listeners.get(topic)
            if listeners and listener in listeners:
                listeners.remove(listener)
                self._heard_by.clear()

        return unsubscribe

    def _listeners_of(self, topics: tuple[str, ...]) -> tuple[Listener, ...]:
        listeners: list[Listener] = []
        for topic in (*topics, ANY):
            for listener in self._listeners.get(topic, ()):
                if listener not in listeners:
                    listeners.append(listener)
        return tuple(listeners)

    def publish(self, change: Change) -> None:
        """Hand ``change`` to the listeners of its topics and of :data:`ANY`, each once.

        A failing listener must not stop the others or the protocol worker that applied the
        change, so exceptions are collected and the first is re-raised after all have run.
        """
        topics = change.topics
        listeners = self._heard_by.get(topics)
        if listeners is None:
            listeners = self._heard_by[topics] = self._listeners_of(topics)
        first_error: BaseException | None = None
        for listener in listeners:
            try:
                listener(change)
            except Exception as exc:  # reported after all listeners ran
                first_error = first_error or exc
        if first_error is not None:
            raise first_error
