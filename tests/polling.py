"""The one way tests wait for something that happens over real I/O (sockets, subprocesses).

Event-driven tests still need a bounded wait: poll a condition while the event loop runs, and
fail with a message after ``timeout`` seconds. Never a fixed sleep before an assertion.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from textual import events
from textual.app import App
from textual.css.query import NoMatches

DEFAULT_TIMEOUT = 20.0


async def wait_until(
    condition: Callable[[], object],
    timeout: float = DEFAULT_TIMEOUT,
    *,
    what: str = "condition",
    step: float = 0.01,
) -> None:
    """Poll ``condition()`` until it is true; ``AssertionError`` after ``timeout`` seconds.

    A condition that queries a widget of a screen still being built raises ``NoMatches``
    (seen on a loaded machine, where composing a screen spans several polls): that is "not
    yet", and the last such error is chained to the timeout's."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        try:
            if condition():
                return
            missing: NoMatches | None = None
        except NoMatches as error:
            missing = error
        if loop.time() > deadline:
            raise AssertionError(f"{what} not met in time") from missing
        await asyncio.sleep(step)


async def quit_by_keys(app: App[Any], timeout: float = DEFAULT_TIMEOUT) -> None:
    """Press ctrl+q as the terminal would and wait until the app has stopped.

    Not ``pilot.press("ctrl+q")``: after each key the pilot waits for the app's animations to
    end, and an animation still running when the app exits (a tab's underline sliding to a
    game that just opened) never ends, so the test hung (seen under load)."""
    for _ in range(2):  # during a game of our own the first ctrl+q asks; a second one quits
        key = events.Key("ctrl+q", None)
        key.set_sender(app)
        app.post_message(key)
        await wait_until(
            lambda: not app.is_running or getattr(app, "_quit_asked", False),
            timeout,
            what="the app to quit",
        )
        if not app.is_running:
            return
    await wait_until(lambda: not app.is_running, timeout, what="the app to quit")


async def run_palette_command(
    pilot: Any, app: App[Any], text: str, timeout: float = DEFAULT_TIMEOUT
) -> None:
    """ctrl+p, type ``text``, wait until the command the palette highlights is the one named,
    then Enter. The palette searches in a worker: a fixed pause before Enter ran whatever was
    highlighted by then, or nothing, on a loaded machine."""
    from textual.command import CommandList, CommandPalette

    await pilot.press("ctrl+p")
    await wait_until(
        lambda: isinstance(app.screen, CommandPalette), timeout, what="the command palette"
    )
    await pilot.press(*text)

    def chosen() -> bool:
        screen = app.screen
        if not isinstance(screen, CommandPalette):
            return False
        results = screen.query(CommandList)
        if not results or results.first().highlighted is None:
            return False
        found = results.first()
        assert found.highlighted is not None
        prompt = found.get_option_at_index(found.highlighted).prompt
        return text.casefold() in str(getattr(prompt, "plain", prompt)).casefold()

    await wait_until(chosen, timeout, what=f"the palette's command {text!r}")
    await pilot.press("enter")


async def main_screen_ready(app: App[Any], timeout: float = DEFAULT_TIMEOUT) -> None:
    """The app's main screen shown with every pane built. Its panes are built one by one
    after the first paint: a test that looks for a pane (``NoMatches 'GamesList'``), a tab
    (``No Tab with id 'tab-games'``) or ends the app before that, fails only on a loaded
    machine."""
    from igs_tui.ui.main.main_screen import MainScreen

    await wait_until(lambda: isinstance(app.screen, MainScreen), timeout, what="the main screen")
    main = app.screen
    assert isinstance(main, MainScreen)
    await asyncio.wait_for(main.settle(), timeout)
