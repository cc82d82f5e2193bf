"""Quitting or logging out within a moment of logging in (#16).

The main screen is composed after the login, then builds its hidden panes one by one. A
ctrl+q, a log-out or a pane key that comes meanwhile must neither crash a pane that finds its
own widgets gone (``NoMatches``) nor act on a tab bar not built yet. Keys are posted as the
terminal would post them (``simulate_key``: no waiting for the app to be idle first); ctrl+q
is a priority binding, whose action runs at once (``run_action("quit")``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Checkbox, RadioButton

from igs_tui.ui.main.main_screen import PANE_NAMES, MainScreen
from igs_tui.ui.session.login import LoginScreen
from igs_tui.ui.session.session_control import LOGOUT_KEY
from tests.polling import wait_until
from tests.ui.shell_helpers import COMPACT
from tests.ui.test_session_logout import Rig, rig

WIDE = (160, 48)


async def submit_guest_login(pilot: Pilot[Any], r: Rig) -> None:
    app = r.app
    await wait_until(lambda: isinstance(app.screen, LoginScreen))
    # the form is composed after the screen is pushed (NoMatches meanwhile: not yet)
    await wait_until(lambda: app.screen.query_one("#guest", Checkbox))
    app.screen.query_one("#server-local", RadioButton).value = True
    app.screen.query_one("#guest", Checkbox).value = True
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, LoginScreen)
    screen.submit()
    await wait_until(lambda: isinstance(app.screen, MainScreen))


@pytest.mark.parametrize("size", [COMPACT, WIDE])
@pytest.mark.parametrize("keys", [[], ["f6"], ["f5", "f2"]])
async def test_quit_as_the_main_screen_comes(
    tmp_path: Path, size: tuple[int, int], keys: list[str]
) -> None:
    async with rig(tmp_path) as r, r.app.run_test(size=size) as pilot:
        await submit_guest_login(pilot, r)
        for key in keys:
            r.app.simulate_key(key)
        # ctrl+q is a priority binding: its action runs at once, while the screen composes
        await r.app.run_action("quit")
        await wait_until(lambda: r.app.return_code is not None)
    # leaving run_test raised nothing: no pane failed to find its widgets
    assert r.app.return_code == 0


@pytest.mark.parametrize("size", [COMPACT, WIDE])
async def test_log_out_as_the_main_screen_comes(tmp_path: Path, size: tuple[int, int]) -> None:
    async with rig(tmp_path) as r, r.app.run_test(size=size) as pilot:
        await submit_guest_login(pilot, r)
        r.app.simulate_key("f6")
        r.app.simulate_key(LOGOUT_KEY)
        await wait_until(lambda: isinstance(r.app.screen, LoginScreen))
        await pilot.pause()
        assert r.app.main_screen is None


async def test_a_pane_key_before_the_screen_is_built_is_kept(tmp_path: Path) -> None:
    async with rig(tmp_path) as r, r.app.run_test(size=COMPACT) as pilot:
        await submit_guest_login(pilot, r)
        main = r.app.screen
        assert isinstance(main, MainScreen)
        main.action_show_pane("console")  # the F6 binding, before compose has finished
        await wait_until(lambda: main.is_mounted)
        await pilot.pause()
        assert main.active == "console" and main.visible_panes() == ["console"]
        for name in PANE_NAMES:
            await main.ensure_pane(name)


@pytest.mark.parametrize("name", ["console", "chat", "players", "board"])
async def test_a_pane_asked_for_as_the_app_exits(tmp_path: Path, name: str) -> None:
    """ctrl+q that waited for the screen as long as it may (a loaded machine), then quit
    while a pane key's build is still queued: the build finds the screen gone."""
    async with rig(tmp_path) as r, r.app.run_test(size=COMPACT) as pilot:
        await submit_guest_login(pilot, r)
        main = r.app.screen
        assert isinstance(main, MainScreen)
        await wait_until(lambda: main.is_mounted)
        main.action_show_pane(name)
        r.app.exit()
