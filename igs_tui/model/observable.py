"""A tiny publish/subscribe hub so the model can announce changes without knowing its readers.

The model never imports Textual: widgets subscribe to topics here and turn changes into
Textual messages on their own side. Topics are typed values (:mod:`igs_tui.model.topics`:
``Topic.PLAYERS``, ``game_topic(12)``, a conversation's ``BufferKey``), so a reader can
subscribe to exactly what it shows; what it is handed is the change itself
(:mod:`igs_tui.model.changes`), so it can update just what changed. A reader of everything (the
autosaver, the accessible mode's narrator) uses :meth:`Hub.subscribe_all`. Callbacks run
synchronously in the thread that changed the model.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import TYPE_CHECKING, Union

if TYPE_CHECKING:
    from igs_tui.model.changes import Change
    from igs_tui.model.chat import BufferKey
    from igs_tui.model.topics import GameTopic, Topic

Listener = Callable[["Change"], None]

HubTopic = Union["Topic", "GameTopic", "BufferKey"]
"""What a change is heard on: a part of the model, a followed game, or a conversation."""


class Hub:
    """Topic-based change notification with unsubscribe handles."""

    def __init__(self) -> None:
        self._listeners: defaultdict[HubTopic, list[Listener]] = defaultdict(list)
        self._every: list[Listener] = []
        """The listeners of every change (:meth:`subscribe_all`)."""
        self._heard_by: dict[tuple[HubTopic, ...], tuple[Listener, ...]] = {}
        """The listeners of each combination of topics published (dropped on every
        (un)subscribe): a flood of one kind of change works out its listeners once."""

    def subscribe(self, topic: HubTopic, listener: Listener) -> Callable[[], None]:
        """Call ``listener(change)`` after each change heard on ``topic``; return an
        unsubscriber."""
        return self._add(self._listeners[topic], listener)

    def subscribe_all(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(change)`` after every change (once each); return an unsubscriber."""
        return self._add(self._every, listener)

    def _add(self, listeners: list[Listener], listener: Listener) -> Callable[[], None]:
        listeners.append(listener)
        self._heard_by.clear()

        def unsubscribe() -> None:
            if listener in listeners:
                listeners.remove(listener)
                self._heard_by.clear()

        return unsubscribe

    def _listeners_of(self, topics: tuple[HubTopic, ...]) -> tuple[Listener, ...]:
        listeners: list[Listener] = []
        for heard in (*(self._listeners.get(topic, ()) for topic in topics), self._every):
            for listener in heard:
                if listener not in listeners:
                    listeners.append(listener)
        return tuple(listeners)

    def publish(self, change: Change) -> None:
        """Hand ``change`` to the listeners of its topics and of every change, each once.

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
