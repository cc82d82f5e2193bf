"""A tiny publish/subscribe hub so the model can announce changes without knowing its readers.

The model never imports Textual: widgets subscribe to topics here and turn notifications into
Textual messages on their own side. Topics are plain strings (``"players"``, ``"games"``,
``"game:12"``, ``"chat:tell:alice"``, ``"console"``, ``"connection"``), so a reader can subscribe
to exactly what it shows. Callbacks run synchronously in the thread that changed the model.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

Listener = Callable[[str], None]

ANY = "*"
"""Subscribe to this topic to hear about every change (the topic is passed to the callback)."""


class Hub:
    """Topic-based change notification with unsubscribe handles."""

    def __init__(self) -> None:
        self._listeners: defaultdict[str, list[Listener]] = defaultdict(list)

    def subscribe(self, topic: str, listener: Listener) -> Callable[[], None]:
        """Call ``listener(topic)`` after each change to ``topic``; return an unsubscriber."""
        self._listeners[topic].append(listener)

        def unsubscribe() -> None:
            listeners = self._listeners.get(topic)
            if listeners and listener in listeners:
                listeners.remove(listener)

        return unsubscribe

    def publish(self, topic: str) -> None:
        """Tell the listeners of ``topic`` (and of :data:`ANY`) that it changed.

        A failing listener must not stop the others or the protocol worker that applied the
        event, so exceptions are collected and the first is re-raised after all have run.
        """
        first_error: BaseException | None = None
        for listener in (*self._listeners.get(topic, ()), *self._listeners.get(ANY, ())):
            try:
                listener(topic)
            except Exception as exc:  # reported after all listeners ran
                first_error = first_error or exc
        if first_error is not None:
            raise first_error
