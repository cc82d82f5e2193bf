"""The games and user lists ask the server again by themselves, only while someone looks."""

from __future__ import annotations

from igs_tui.model import ClientModel
from igs_tui.ui.lists.list_refresh import SHOWN_EVERY_SECONDS, STALE_SECONDS, ListRefresher
from tests.manual_clock import ManualClock
from tests.polling import wait_until
from tests.ui.fakes import RecordingBackend
from tests.ui.shell_helpers import make_app


def test_a_shown_list_is_asked_for_again_now_and_then_a_hidden_one_never() -> None:
    clock, backend = ManualClock(), RecordingBackend()
    refresher = ListRefresher(clock, lambda listing: listing.refresh_games(), backend)
    clock.advance(SHOWN_EVERY_SECONDS - 1)
    assert not refresher.tick(shown=True)  # the login asked for it
    clock.advance(2)
    assert not refresher.tick(shown=False)
    assert refresher.tick(shown=True)
    assert backend.named("refresh_games") == [()]
    assert not refresher.tick(shown=True)  # just asked
    refresher.asked()  # ctrl+r counts too
    clock.advance(SHOWN_EVERY_SECONDS - 1)
    assert not refresher.tick(shown=True)


def test_a_list_shown_after_a_while_is_asked_for_at_once() -> None:
    clock, backend = ManualClock(), RecordingBackend()
    refresher = ListRefresher(clock, lambda listing: listing.refresh_players(), backend)
    assert not refresher.shown()
    clock.advance(STALE_SECONDS + 1)
    assert refresher.shown() and not refresher.shown()
    assert backend.named("refresh_players") == [()]


async def test_switching_to_a_stale_list_pane_asks_the_server() -> None:
    clock = ManualClock()
    model = ClientModel(clock=clock)
    model.set_connection(user="me")
    app, backend = make_app(model)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f4")  # users: fresh from the login
        await pilot.pause()
        main = app.main_screen
        assert main is not None
        await main.ensure_pane("games")  # built before the clock moves (it is built lazily,
        # and a list built later counts as fresh from then)
        assert backend.named("refresh_players") == []
        clock.advance(STALE_SECONDS + 1)
        await pilot.press("f3")
        # the games pane may still be being built under load: wait for what it asks
        await wait_until(lambda: backend.named("refresh_games") == [()])
        await pilot.press("f4")
        await wait_until(lambda: backend.named("refresh_players") == [()])
        for _ in range(3):
            await pilot.pause()
        assert backend.named("refresh_games") == [()]  # asked once each, not again
        assert backend.named("refresh_players") == [()]
