"""Logging in and out of the sans-IO world: accounts, guests, every LOGIN_FAILED_*."""

from __future__ import annotations

import json

import pytest

from igs_tui.localkgs.vocabulary import LOGIN_FAILURES
from igs_tui.localkgs.world import KgsWorld
from tests.localkgs.conftest import User, make_world


def test_account_login_says_hello_then_success_with_rooms(world: KgsWorld) -> None:
    user = User(world, "Tester", "secret")
    hello, success = user.take()
    assert hello["type"] == "HELLO" and hello["versionMajor"] == 3
    assert isinstance(hello["jsonClientBuild"], str)
    assert success["type"] == "LOGIN_SUCCESS"
    assert success["you"] == {"name": "tester", "rank": "10k", "flags": "c"}
    assert {r["channelId"] for r in success["rooms"]} == {11, 12, 13}
    assert success["roomCategoryChannelIds"]["MAIN"] == 1
    assert success["friends"][0]["friendType"] == "buddy"


def test_guest_keeps_its_name_and_gets_the_guest_flag(world: KgsWorld) -> None:
    user = User(world, "visitor", None)
    success = user.take()[1]
    assert success["you"]["name"] == "visitor"
    assert success["you"]["flags"] == "gc"
    assert "rank" not in success["you"]


@pytest.mark.parametrize(
    ("name", "password", "failure"),
    [
        ("nobody", "pw", "LOGIN_FAILED_NO_SUCH_USER"),
        ("9lives", "", "LOGIN_FAILED_NO_SUCH_USER"),
        ("muchtoolongname", "", "LOGIN_FAILED_NO_SUCH_USER"),
        ("tester", "wrong", "LOGIN_FAILED_BAD_PASSWORD"),
        ("kumobot", "guess", "LOGIN_FAILED_BAD_PASSWORD"),
        ("alice", "", "LOGIN_FAILED_USER_ALREADY_EXISTS"),
        ("kumobot", "", "LOGIN_FAILED_USER_ALREADY_EXISTS"),
        ("keptout", "blocked", "LOGIN_FAILED_KEEP_OUT"),
    ],
)
def test_each_failure_is_followed_by_logout_and_ends_the_session(
    world: KgsWorld, name: str, password: str, failure: str
) -> None:
    user = User(world, name, password)
    assert user.types() == ["HELLO", failure, "LOGOUT"]
    assert world.take(user.sid) is None
    assert user.post({"type": "SYNC_REQUEST", "callbackKey": 1}).status == 403


def test_every_documented_failure_is_reachable() -> None:
    reached = set()
    for name, password in [
        ("nobody", "x"),
        ("tester", "x"),
        ("alice", ""),
        ("keptout", "blocked"),
    ]:
        world = make_world()
        reached.update(User(world, name, password).types())
    assert set(LOGIN_FAILURES) <= reached


def test_keep_out_carries_the_reason(world: KgsWorld) -> None:
    failure = User(world, "keptout", "blocked").take()[1]
    assert failure["text"].startswith("Blocked")


def test_a_guest_name_in_use_is_refused(world: KgsWorld) -> None:
    User(world, "visitor", None)
    assert "LOGIN_FAILED_USER_ALREADY_EXISTS" in User(world, "VISITOR", None).types()


def test_second_login_to_an_account_disconnects_the_first(world: KgsWorld) -> None:
    first = User(world, "tester", "secret")
    first.take()
    second = User(world, "tester", "secret")
    assert second.types() == ["HELLO", "LOGIN_SUCCESS"]
    reconnect, logout = first.take()
    assert reconnect == {"type": "RECONNECT"}
    assert logout["type"] == "LOGOUT"
    assert world.take(first.sid) is None
    assert second.post({"type": "SYNC_REQUEST", "callbackKey": 5}).status == 200


def test_logout_answers_logout_and_leaves_the_rooms(world: KgsWorld) -> None:
    alice = User(world, "alice", "wonderland")
    bob = User(world, "bob", "builder")
    alice.ok({"type": "JOIN_REQUEST", "channelId": 12})
    bob.ok({"type": "JOIN_REQUEST", "channelId": 12})
    alice.take()
    bob.ok({"type": "LOGOUT"})
    assert bob.types()[-3:] == ["ROOM_JOIN", "JOIN_COMPLETE", "LOGOUT"]
    removed = alice.of("USER_REMOVED")
    assert removed[0]["user"]["name"] == "bob" and removed[0]["channelId"] == 12


def test_messages_before_login_and_double_login_are_refused(world: KgsWorld) -> None:
    assert world.post(None, json.dumps({"type": "SYNC_REQUEST"}), 0).status == 403
    user = User(world, "tester", "secret")
    again = user.post({"type": "LOGIN", "name": "tester", "password": "secret"})
    assert again.status == 400 and "already" in again.text


def test_a_password_that_is_not_a_string_is_an_error(world: KgsWorld) -> None:
    result = world.post(None, json.dumps({"type": "LOGIN", "name": "x", "password": 5}), 0)
    assert result.status == 400
    assert result.sid is None
