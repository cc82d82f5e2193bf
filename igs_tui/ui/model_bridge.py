"""Connects widgets to model change topics, coalescing floods into one refresh per frame.

The protocol worker runs on the app's event loop and applies server events to the model,
which publishes topics synchronously. A 10 000-line ``user`` listing would otherwise trigger
10 000 widget refreshes; instead each subscription is due at most once until it has run, so
a burst of changes costs one repaint and input stays responsive.

The subscriptions that became due together run together, in the order they became due, in
one call (:class:`_DueList`) on the next turn of the app's event loop: a move that concerns the
console, the game view and the games list costs one call, not one per widget, and not a trip
through the app's message queue (a change made on another thread still takes that way).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from textual import events
from textual._context import active_app, active_message_pump
from textual.app import App
from textual.widget import Widget

from igs_tui.model.observable import Hub, HubTopic

if TYPE_CHECKING:
    from igs_tui.model.changes import Change


class Subscription:
    """One widget's interest in one topic; the callback runs later, once per burst.

    With ``changes`` the callback is handed the changes heard since its last run (in order),
    so a widget can update only what they name; without, it is called with no arguments.
    """

    def __init__(
        self,
        widget: Widget,
        hub: Hub,
        topic: HubTopic,
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
        # (Whether the widget is still attached is asked when the callback runs: asking on
        # every change walked the widget's ancestors once per change of a busy topic.)
        if self._changes_callback is not None:
            self._heard.append(change)
        if self._pending:
            return
        self._pending = True
        _due_list(self._widget.app).add(self)

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


class _DueList:
    """One app's subscriptions that heard changes, run together by one callback of the app."""

    def __init__(self, app: App[object]) -> None:
        self._app = app
        self._due: dict[Subscription, None] = {}
        self.runs = 0
        """Callbacks run (for tests: a burst of changes to several widgets costs one)."""

    def add(self, subscription: Subscription) -> None:
        if not self._due:
            try:
                loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
            except RuntimeError:
                loop = None
            if loop is not None and self._app.is_running:
                # On the app's loop (the connection's reader, a key's handler): the next turn
                # of the loop runs them, not a message through the app's queue (a task's wake
                # and Textual's dispatch per move, and a step between a move and its frame).
                loop.call_soon(self._run_in_app)
            else:
                # another thread: the app's queue takes it safely. (What ``call_later``
                # posts, without its ``partial``: Textual looks up the signature of a
                # partial's function on every call, but caches a method's.)
                self._app.post_message(events.Callback(callback=self._run))
        self._due[subscription] = None

    def _run_in_app(self) -> None:
        """:meth:`_run` as the app's own callbacks run: with the app as the active app and
        message pump, and an error ending the app as an error in a handler does."""
        app = self._app
        app_token = active_app.set(app)
        pump_token = active_message_pump.set(app)
        try:
            self._run()
        except Exception as exc:
            app._handle_exception(exc)
        finally:
            active_message_pump.reset(pump_token)
            active_app.reset(app_token)

    def _run(self) -> None:
        """Run the due subscriptions in order; one that fails does not keep the others from
        running (the first error is raised after them, as the hub does)."""
        due, self._due = self._due, {}
        self.runs += 1
        first_error: BaseException | None = None
        for subscription in due:
            try:
                subscription._run()
            except Exception as exc:  # raised after the others ran
                first_error = first_error or exc
        if first_error is not None:
            raise first_error


_DUE_LISTS: WeakKeyDictionary[App[object], _DueList] = WeakKeyDictionary()


def _due_list(app: App[object]) -> _DueList:
    due = _DUE_LISTS.get(app)
    if due is None:
        due = _DUE_LISTS[app] = _DueList(app)
    return due


class ModelWatcher(Widget):
    """Base for widgets that show part of the model: subscriptions end on unmount."""

    def watch_model(self, hub: Hub, topic: HubTopic, callback: Callable[[], None]) -> Subscription:
        """Call ``callback()`` (coalesced, on the UI loop) after changes to ``topic``."""
        sub = Subscription(self, hub, topic, callback)
        self._model_subscriptions.append(sub)
        return sub

    def watch_changes(
        self, hub: Hub, topic: HubTopic, callback: Callable[[list[Change]], None]
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
