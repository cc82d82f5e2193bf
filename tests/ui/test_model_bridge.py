"""How model changes reach widgets (``ui/model_bridge.py``): coalesced, on the app's loop."""

from __future__ import annotations

import asyncio
import threading

import pytest
from textual.app import App, ComposeResult

from igs_tui.model import ClientModel
from igs_tui.model import changes as ch
from igs_tui.model.topics import Topic
from igs_tui.ui.model_bridge import ModelWatcher


class Counter(ModelWatcher):
    def __init__(self, model: ClientModel) -> None:
        super().__init__()
        self.model = model
        self.heard: list[int] = []
        self.fail = False

    def on_mount(self) -> None:
        self.watch_changes(self.model.hub, Topic.CONSOLE, self.changed)

    def changed(self, changes: list[ch.Change]) -> None:
        if self.fail:
            raise RuntimeError("a widget's bug")
        self.heard.append(len(changes))


class BridgeApp(App[None]):
    def __init__(self, model: ClientModel) -> None:
        super().__init__()
        self.model = model

    def compose(self) -> ComposeResult:
        yield Counter(self.model)


async def test_changes_on_the_loop_reach_the_widget_on_its_next_turn_as_one_call() -> None:
    """A burst of changes made on the app's loop (as the connection's reader makes them) is
    one call of the widget, on the loop's next turn: no trip through the app's message queue
    (the app is kept busy here, so a queued call would still be waiting)."""
    model = ClientModel()
    app = BridgeApp(model)
    async with app.run_test() as pilot:
        await pilot.pause()
        counter = app.query_one(Counter)
        # the app is busy with a handler that waits: a call queued for it would wait too
        release = asyncio.Event()
        entered = asyncio.Event()

        async def busy() -> None:
            entered.set()
            await release.wait()

        app.call_later(busy)
        await entered.wait()
        try:
            for index in range(5):
                model.apply(ch.ConsoleAdded(f"line {index}", "info"))
            assert counter.heard == []  # not while the model announces them
            await asyncio.sleep(0)
            assert counter.heard == [5]
        finally:
            release.set()
        await pilot.pause()
        assert counter.heard == [5]


async def test_changes_from_another_thread_go_through_the_apps_queue() -> None:
    model = ClientModel()
    app = BridgeApp(model)
    async with app.run_test() as pilot:
        await pilot.pause()
        counter = app.query_one(Counter)
        thread = threading.Thread(target=model.apply, args=(ch.ConsoleAdded("x", "info"),))
        thread.start()
        thread.join()
        await pilot.pause()
        await pilot.pause()
        assert counter.heard == [1]


async def test_an_error_in_a_widgets_callback_ends_the_app_as_a_handlers_would() -> None:
    """Not swallowed by the loop's exception handler: the app stops with the error (Pilot
    raises it), as an error in a message handler does."""
    model = ClientModel()
    app = BridgeApp(model)
    with pytest.raises(RuntimeError, match="a widget's bug"):
        async with app.run_test() as pilot:
            await pilot.pause()
            app.query_one(Counter).fail = True
            model.apply(ch.ConsoleAdded("boom", "info"))
            await pilot.pause()
            await pilot.pause()
