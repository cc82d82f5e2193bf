"""Snapshot tests of the main screens at 80x24 (compact) and 160x48 (wide).

Update with ``pytest tests/ui/test_shell_snapshots.py --snapshot-update`` after an intended
change, and look at the SVGs in ``__snapshots__`` before committing them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from igs_tui.model import ClientModel
from igs_tui.ui.app import IgsApp
from igs_tui.ui.demo_model import demo_model
from igs_tui.ui.session.login_request import LoginRequest
from tests.ui.fakes import RecordingBackend

COMPACT = (80, 24)
WIDE = (160, 48)


def demo_app() -> IgsApp:
    return IgsApp(demo_model(), RecordingBackend())


def steady(*keys: str) -> Any:
    """A run_before that presses ``keys`` and stops cursors blinking (stable pixels)."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        for field in pilot.app.screen.query(Input):
            field.cursor_blink = False
        await pilot.pause()

    return run_before


@pytest.mark.parametrize(
    ("keys", "size"),
    [
        (("f3",), COMPACT),
        (("f4",), COMPACT),
        (("f5",), COMPACT),
        (("f6",), COMPACT),
        (("f3",), WIDE),
        (("f5",), WIDE),
    ],
    ids=["games-80x24", "users-80x24", "chat-80x24", "console-80x24", "games-wide", "chat-wide"],
)
def test_main_screen(snap_compare: Any, keys: tuple[str, ...], size: tuple[int, int]) -> None:
    """The main screen's panes with a populated model."""
    assert snap_compare(demo_app(), run_before=steady(*keys), terminal_size=size)


def test_help_screen(snap_compare: Any) -> None:
    """F1 lists every key and chat command."""
    assert snap_compare(demo_app(), run_before=steady("f1"), terminal_size=COMPACT)


def test_login_screen(snap_compare: Any, tmp_path: Path) -> None:
    """The login screen with the account fields shown, at 80x24."""

    def connect(request: LoginRequest) -> RecordingBackend:
        return RecordingBackend()

    app = IgsApp(ClientModel(), connect=connect, config_dir=tmp_path)
    assert snap_compare(app, run_before=steady("tab", "tab", "space"), terminal_size=COMPACT)
