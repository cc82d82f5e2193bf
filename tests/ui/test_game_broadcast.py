"""Relayed games: the real names from the title in the info panel and the tab, account kept."""

from __future__ import annotations

from typing import Any

from textual.widgets import Tab, TabbedContent

from igs_tui.localserver.broadcast import DEFAULT_TITLE, RELAY_ACCOUNT
from igs_tui.model import FollowedGame
from igs_tui.ui.game.game_info import GameInfo
from igs_tui.ui.game.game_panel import GamesPanel
from igs_tui.ui.game.game_view import tab_label
from tests.ui.fakes import RecordingBackend
from tests.ui.test_game_support import PanelApp, new_model


async def settle(pilot: Any) -> None:
    for _ in range(3):
        await pilot.pause()


def shown_lines(info: GameInfo) -> list[str]:
    """What the panel's rows show on screen."""
    return [info.render_line(y).text for y in range(info.size.height)]


async def test_relay_shows_real_names_ranks_title_and_the_account() -> None:
    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    async with app.run_test(size=(120, 36)) as pilot:
        model.follow(7, white=RELAY_ACCOUNT, black=RELAY_ACCOUNT, title=DEFAULT_TITLE)
        await settle(pilot)
        panel = app.query_one(GamesPanel)
        info = panel.view(7).query_one(GameInfo)
        text = info.render_info().plain
        assert "● Shirai Ken 8-dan" in text and "○ Kuroda Akira 9-dan" in text
        assert DEFAULT_TITLE[:40] in text
        assert f"relay account {RELAY_ACCOUNT}" in text
        assert text.count(RELAY_ACCOUNT) == 1  # not repeated as both players
        rendered = "\n".join(str(line) for line in shown_lines(info))
        assert "Shirai Ken 8-dan" in rendered and "Kuroda Akira 9-dan" in rendered
        labels = [
            str(tab.label) for tab in app.query_one(TabbedContent).query("ContentTab").results(Tab)
        ]
        assert labels == ["#7 Kuroda-Shirai"]


async def test_hostile_title_names_are_plain_text() -> None:
    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    title = "Cup, [bold red]Evil[/] 9p(W) vs \x1b[31mBad\x1b[0m [link=x]Guy[/link](B)"
    async with app.run_test(size=(120, 36)) as pilot:
        model.follow(8, white="relay", black="relay", title=title)
        await settle(pilot)
        panel = app.query_one(GamesPanel)
        text = panel.view(8).query_one(GameInfo).render_info().plain
        assert "○ [bold red]Evil[/] 9p" in text  # markup shown as typed, not applied
        assert "● Bad [link=x]Guy[/link]" in text
        assert "\x1b" not in text
        labels = [
            str(tab.label) for tab in app.query_one(TabbedContent).query("ContentTab").results(Tab)
        ]
        assert labels == ["#8 [bold-Bad"]


def test_tab_label_forms() -> None:
    game = FollowedGame(7, white="kansai1", black="kansai1", title="Iyama Yuta vs Ichiriki Ryo")
    assert tab_label(game) == "#7 kansai1"  # colours unknown: the account, as before
    game.title = "Kisei, Cho U 9p(W) vs Cho Chikun 9p(B)"
    assert tab_label(game) == "#7 Cho-Cho"  # two players, even of one family
    game = FollowedGame(9, white="bob", black="alice")
    assert tab_label(game) == "#9 bob-alice"


async def test_distinct_accounts_named_in_a_title_are_both_kept() -> None:
    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    async with app.run_test(size=(120, 36)) as pilot:
        model.follow(4, white="wacc", black="bacc", title="B: Ke Jie vs W: Shin Jinseo")
        await settle(pilot)
        text = app.query_one(GamesPanel).view(4).query_one(GameInfo).render_info().plain
        assert "● Ke Jie" in text and "○ Shin Jinseo" in text
        assert "accounts: B bacc, W wacc" in text
