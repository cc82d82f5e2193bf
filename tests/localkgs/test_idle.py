"""Idle warnings, idle logout and sessions that stop fetching (sans-IO, game time)."""

from __future__ import annotations

from igs_tui.localkgs.games import GameChannel
from tests.localkgs.conftest import User, make_world


def test_idle_warning_then_logout_and_wake_up_resets() -> None:
    world = make_world(idle_warning_seconds=100, idle_logout_seconds=50)
    user = User(world, "tester", "secret")
    user.take()
    world.tick(99.0)
    assert user.take() == []
    world.tick(101.0)
    assert user.take() == [{"type": "IDLE_WARNING"}]
    user.ok({"type": "WAKE_UP"}, now=120.0)
    world.tick(200.0)
    assert user.take() == []
    world.tick(230.0)
    assert user.take() == [{"type": "IDLE_WARNING"}]
    world.tick(280.0)
    (logout,) = user.take()
    assert logout["type"] == "LOGOUT" and "idle" in logout["text"]
    assert world.take(user.sid) is None


def test_a_session_that_stops_fetching_is_logged_out() -> None:
    world = make_world(gone_seconds=30)
    user = User(world, "tester", "secret")
    user.take()
    world.poll_ended(user.sid, 0.0)
    world.tick(29.0)
    assert "tester" in world.by_name
    world.tick(31.0)
    assert "tester" not in world.by_name
    User(world, "tester", "secret")  # the name is free again, without RECONNECT


def test_a_limited_tick_runs_the_rest_later_in_order() -> None:
    world = make_world(watched_game=True, watched_move_seconds=1.0)
    (game,) = [c for c in world.channels.values() if isinstance(c, GameChannel)]
    world.tick(50.0, limit=10)
    assert game.game.move_count == 10
    world.tick(50.0)
    assert game.game.move_count == 50
