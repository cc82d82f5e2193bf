"""Every place that shows user- or server-supplied text, driven with one hostile corpus.

Textual parses markup in ``Static``/``Label`` strings, notification titles, tab labels and
dialog text; a name like ``[/x]`` made the match dialog raise ``MarkupError``. Each place below
must show the text literally (markup not interpreted, escapes and control characters gone)
and keep the app running. The panes (lists, chat, console, status bar, toasts) are covered the
same way in ``test_shell_hostile.py``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from textual.app import App
from textual.widgets import Static, Tab, TabbedContent

from igs_tui.model import Challenge, ClientModel, GameSummary, Role
from igs_tui.model.terms import MatchTerms
from igs_tui.ui.app import IgsApp
from igs_tui.ui.game.game_panel import GamesPanel
from igs_tui.ui.play.play_match_dialog import MatchDialog
from igs_tui.ui.play.play_result import ResultScreen
from igs_tui.ui.safe_text import clean
from tests.igs_feed import Fed
from tests.polling import wait_until
from tests.ui.shell_helpers import COMPACT

CORPUS = [
    "[/x]",
    "[bold]b[/bold]",
    "[link=https://evil.example]l[/link]",
    "[@click=app.quit]q[/]",
    "\x1b[31mred\x1b[0m",
    "\x1b]0;title\x07osc",
    "\u202eevil",
    "bell\x07nul\x00",
    "[" * 50 + "x" * 500,
]


def setup(name: str) -> tuple[IgsApp, ClientModel]:
    model = ClientModel(clock=lambda: 0.0)
    model.set_connection(user="me")
    model.replace_games([GameSummary(4, name, "1k", "me", "2k", size=9)])
    return IgsApp(model, Fed(model).backend), model


def shown(app: App[None]) -> str:
    """The plain text of every Static on the active screen (dialogs included)."""
    return "\n".join(str(w.render()) for w in app.screen.query(Static))


async def match_dialog(app: IgsApp, model: ClientModel, name: str) -> str:
    app.push_screen(MatchDialog(app.backend, name, title=f"Offer a game to {name}", me="me"))
    await app._pilot_pause()  # type: ignore[attr-defined]
    dialog = app.screen
    assert isinstance(dialog, MatchDialog)
    dialog.submit()  # refused: the name is not one IGS takes; the reason quotes it
    return shown(app)


async def challenge_dialog(app: IgsApp, model: ClientModel, name: str) -> str:
    model.add_challenge(Challenge(MatchTerms(name, size=9), incoming=True))
    await app._pilot_pause()  # type: ignore[attr-defined]
    await app._pilot_pause()  # type: ignore[attr-defined]
    return shown(app)


async def tab_label(app: IgsApp, model: ClientModel, name: str) -> str:
    model.follow(4, role=Role.PLAYING_BLACK, white=name, black="me")
    await app._pilot_pause()  # type: ignore[attr-defined]
    tabs = app.screen.query_one(GamesPanel).query_one(TabbedContent)
    return "\n".join(str(tab.label) for tab in tabs.query("ContentTab").results(Tab))


async def result_screen(app: IgsApp, model: ClientModel, name: str) -> str:
    model.follow(4, white=name, black="me", title=name)
    # The game must end in a view that saw it running: a view opened on a finished game
    # shows no result screen (under load the view can take longer than a frame to come).
    await wait_until(lambda: _view_mounted(app, 4))
    model.game_ended(4, name)
    await wait_until(lambda: any(isinstance(s, ResultScreen) for s in app.screen_stack))
    await app._pilot_pause()  # type: ignore[attr-defined]
    return shown(app)


def _view_mounted(app: IgsApp, number: int) -> bool:
    panels = app.screen.query(GamesPanel)
    return (
        bool(panels)
        and panels.first().has_view(number)
        and (panels.first().view(number).is_mounted)
    )


async def notification(app: IgsApp, model: ClientModel, name: str) -> str:
    model.notify("tell", name, name)
    await app._pilot_pause()  # type: ignore[attr-defined]
    return "\n".join(f"{n.title} {n.message}" for n in app._notifications)


PLACES: dict[str, Callable[[IgsApp, ClientModel, str], Awaitable[str]]] = {
    "match dialog": match_dialog,
    "challenge dialog": challenge_dialog,
    "game tab": tab_label,
    "result screen": result_screen,
    "notification": notification,
}


@pytest.mark.parametrize("name", CORPUS, ids=range(len(CORPUS)))
@pytest.mark.parametrize("place", sorted(PLACES))
async def test_hostile_text_is_shown_literally(place: str, name: str) -> None:
    app, model = setup(name)
    async with app.run_test(size=COMPACT) as pilot:
        app._pilot_pause = pilot.pause  # type: ignore[attr-defined]
        await pilot.pause()
        text = await PLACES[place](app, model, name)
        await pilot.pause()
        assert app.is_running
        literal = clean(name)[:8]
        assert literal in text, (place, text[:300])
        assert "\x1b" not in text and "\x07" not in text and "\u202e" not in text
        assert "\x1b" not in app.export_screenshot()
