"""Connects widgets to model change topics, coalescing floods into one refresh per frame.

The protocol worker runs on the app's event loop and applies server events to the model,
which publishes topics synchronously. A 10 000-line ``user`` listing would otherwise trigger
10 000 widget refreshes; instead each subscription schedules its callback at most once until
it has run, so a burst of changes costs one repaint and input stays responsive.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.widget import Widget

from igs_tui.model.changes import Change
from igs_tui.model.observable import Hub


class Subscription:
    """One widget's interest in one topic; the callback runs later, once per burst.

    With ``changes`` the callback is handed the changes heard since its last run (in order),
    so a widget can update only what they name; without, it is called with no arguments.
    """

    def __init__(
        self,
        widget: Widget,
        hub: Hub,
        topic: str,
        callback: Callable[[], None] | None = None,
        changes: Callable[[list[Change]], None] | None = None,
    ) -> None:
        self._widget = widget
        self._callback = callback
        self._changes_callback = changes
        self._heard: list[Change] = []
        self._pending = False
        self._unsubscribe = hub.subscribe(topic, self._on_change)

    def _on_change(self, change: Change) -> None:
        if not self._widget.is_attached:
            return
        if self._changes_callback is not None:
            self._heard.append(change)
        if self._pending:
            return
        self._pending = True
        self._widget.call_later(self._run)

    def _run(self) -> None:
        self._pending = False
        heard, self._heard = self._heard, []
        if not self._widget.is_attached:
            return
        if self._changes_callback is not None:
            self._changes_callback(heard)
        elif self._callback is not None:
            self._callback()

    def close(self) -> None:
        self._unsubscribe()


class ModelWatcher(Widget):
    """Base for widgets that show part of the model: subscriptions end on unmount."""

    def watch_model(self, hub: Hub, topic: str, callback: Callable[[], None]) -> Subscription:
        """Call ``callback()`` (coalesced, on the UI loop) after changes to ``topic``."""
        sub = Subscription(self, hub, topic, callback)
        self._model_subscriptions.append(sub)
        return sub

    def watch_changes(
        self, hub: Hub, topic: str, callback: Callable[[list[Change]], None]
    ) -> Subscription:
        """Call ``callback(changes)`` (coalesced, on the UI loop) with the changes heard on
        ``topic`` since the last call."""
        sub = Subscription(self, hub, topic, changes=callback)
        self._model_subscriptions.append(sub)
        return sub

    @property
    def _model_subscriptions(self) -> list[Subscription]:
        subs: list[Subscription] | None = self.__dict__.get("_igs_model_subs")
        if subs is None:
            subs = self.__dict__["_igs_model_subs"] = []
        return subs

    def on_unmount(self) -> None:
        for sub in self._model_subscriptions:
            sub.close()
        self._model_subscriptions.clear()
