"""Hypothesis: whatever is posted, the fake server answers with a status and never breaks."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from igs_tui.apps.local_kgs import EmbeddedKgs
from igs_tui.localkgs.vocabulary import UPSTREAM, UPSTREAM_UNSUPPORTED
from igs_tui.localkgs.world import KgsServerConfig
from tests.localkgs.conftest import User, make_world

STATUSES = {200, 400, 403, 413}

leaves = (
    st.none()
    | st.booleans()
    | st.integers(-(2**40), 2**40)
    | st.floats(allow_nan=True, allow_infinity=False)
    | st.text(max_size=12)
)
json_values = st.recursive(
    leaves,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
GOOD_PROPOSAL = {
    "gameType": "free",
    "rules": {"size": 9, "rules": "japanese", "komi": 6.5, "timeSystem": "none"},
    "players": [{"role": "white", "name": "kumobot"}, {"role": "black", "name": "fuzzer"}],
}
plausible = (
    json_values
    | st.integers(0, 130)
    | st.sampled_from(
        [
            11,
            12,
            13,
            100,
            101,
            102,
            "PASS",
            {"x": 1, "y": 1},
            "kumobot",
            "CHALLENGES",
            GOOD_PROPOSAL,
        ]
    )
)
fields = st.sampled_from(
    [
        "channelId", "text", "name", "loc", "x", "y", "alive", "doneId", "proposal", "rules",
        "players", "role", "time", "callbackKey", "rooms", "list", "timestamp", "password",
    ]
)  # fmt: skip
types = st.sampled_from([*sorted(UPSTREAM | UPSTREAM_UNSUPPORTED), "BOGUS", ""])
messages = st.builds(
    lambda kind, extra: {**extra, "type": kind},
    types,
    st.dictionaries(fields, plausible, max_size=5),
)


def still_works(world: Any, now: float) -> None:
    user = User(world, "checker", None, now=now)
    assert user.post({"type": "SYNC_REQUEST", "callbackKey": 7}, now=now).status == 200
    assert {"type": "SYNC", "callbackKey": 7} in user.take()


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(messages | json_values, min_size=1, max_size=8))
def test_any_message_sequence_gets_a_status(sequence: list[Any]) -> None:
    world = make_world(watched_game=True, watched_move_seconds=5.0)
    user = User(world, "fuzzer", None)
    now = 0.0
    for message in sequence:
        result = world.post(user.sid, json.dumps(message), now)
        assert result.status in STATUSES, (message, result)
        now += 1.5
        world.tick(now)
        world.take(user.sid)
    world.tick(now + 60.0)
    still_works(world, now + 60.0)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=200))
def test_any_bytes_get_a_status(body: bytes) -> None:
    world = make_world()
    user = User(world, "fuzzer", None)
    assert world.post(user.sid, body, 0.0).status in STATUSES
    assert world.post(None, body, 0.0).status in STATUSES
    still_works(world, 1.0)


@pytest.fixture(scope="module")
def embedded() -> Any:
    server = EmbeddedKgs(config=KgsServerConfig(gone_seconds=1e9), time_scale=100.0)
    server.start()
    yield server
    server.stop()


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(messages)
def test_fuzz_over_http(embedded: EmbeddedKgs, message: dict[str, Any]) -> None:
    assert embedded.server is not None
    url = embedded.server.url
    with httpx.Client(timeout=10.0) as http:
        assert (
            http.post(url, json={"type": "LOGIN", "name": "fuzzer", "password": ""}).status_code
            == 200
        )
        http.get(url)
        # json.dumps, not httpx's json=: it refuses NaN, which a hostile client may still send
        response = http.post(url, content=json.dumps(message))
        assert response.status_code in STATUSES, response.text
        if http.post(url, json={"type": "SYNC_REQUEST", "callbackKey": 3}).status_code == 200:
            for _ in range(50):
                got = http.get(url)
                assert got.status_code == 200
                if {"type": "SYNC", "callbackKey": 3} in got.json().get("messages", []):
                    break
            else:
                raise AssertionError("no SYNC")
        http.post(url, json={"type": "LOGOUT"})


game_actions = st.lists(
    st.one_of(
        st.tuples(st.just("move"), st.integers(-1, 9), st.integers(-1, 9)),
        st.tuples(st.just("pass"), st.just(0), st.just(0)),
        st.tuples(st.just("undo"), st.just(0), st.just(0)),
        st.tuples(st.just("mark"), st.integers(0, 8), st.integers(0, 8)),
        st.tuples(st.just("done"), st.integers(0, 5), st.just(0)),
        st.tuples(st.just("wait"), st.integers(1, 10), st.just(0)),
    ),
    max_size=30,
)


@settings(max_examples=60, deadline=None)
@given(game_actions)
def test_random_play_keeps_the_sgf_events_true_to_the_board(
    actions: list[tuple[str, int, int]],
) -> None:
    from tests.localkgs.sgf_replay import Tree
    from tests.localkgs.test_play import start_robot_game, world_games

    world = make_world()
    user, game = start_robot_game(world)
    now = 0.0
    for kind, a, b in actions:
        message: dict[str, Any] = {"channelId": game}
        if kind == "move":
            message |= {"type": "GAME_MOVE", "loc": {"x": a, "y": b}}
        elif kind == "pass":
            message |= {"type": "GAME_MOVE", "loc": "PASS"}
        elif kind == "undo":
            message |= {"type": "GAME_UNDO_REQUEST"}
        elif kind == "mark":
            message |= {"type": "GAME_MARK_LIFE", "x": a, "y": b, "alive": a % 2 == 0}
        elif kind == "done":
            message |= {"type": "GAME_SCORING_DONE", "doneId": a}
        else:
            now += a
            world.tick(now)
            continue
        assert user.post(message, now).status in {200, 400}
    (channel,) = world_games(world) or [None]
    if channel is None:
        return  # over and closed
    viewer = User(world, "bob", "builder", now=now)
    viewer.ok({"type": "JOIN_REQUEST", "channelId": game}, now=now)
    (join,) = [m for m in viewer.take() if m["type"] == "GAME_JOIN"]
    tree = Tree()
    tree.apply(join["sgfEvents"])
    assert tree.game().stones() == channel.game.stones()
    dead = {(p["loc"]["x"], p["loc"]["y"]) for p in tree.dead()}
    if channel.scoring is not None:
        assert dead == {(p.col, 8 - p.row) for p in channel.scoring.dead}
