"""The game to observe: it plays itself, its SGF events replay on our rules, it ends."""

from __future__ import annotations

from typing import Any

from igs_tui.localkgs.games import GameChannel
from tests.localkgs.conftest import User, make_world
from tests.localkgs.sgf_replay import Tree


def watched_entry(user: User) -> dict[str, Any]:
    user.ok({"type": "JOIN_REQUEST", "channelId": 11})
    (join,) = user.of("ROOM_JOIN")
    entries: list[dict[str, Any]] = [g for g in join["games"] if g["gameType"] != "challenge"]
    (entry,) = entries
    return entry


def test_watched_game_is_listed_with_its_rules_and_players() -> None:
    world = make_world(watched_game=True)
    user = User(world, "tester", "secret")
    entry = watched_entry(user)
    assert entry["gameType"] == "free" and entry["roomId"] == 11
    assert entry["size"] == 9 and entry["timeSystem"] == "byo_yomi"
    assert entry["players"] == {
        "black": {"name": "hikaru", "rank": "3d", "flags": "cp"},
        "white": {"name": "akira", "rank": "4d", "flags": "cp"},
    }
    assert entry["moveNum"] == 0


def test_observing_the_watched_game_to_its_result() -> None:
    world = make_world(watched_game=True, watched_move_seconds=5.0)
    user = User(world, "tester", "secret")
    channel = watched_entry(user)["channelId"]
    world.tick(12.0)  # two moves before we join
    user.ok({"type": "JOIN_REQUEST", "channelId": channel}, now=12.0)
    (join,) = user.of("GAME_JOIN")
    assert join["gameSummary"]["inPlay"] is True
    assert join["clocks"]["black"]["running"] is True
    assert "running" not in join["clocks"]["white"]
    assert join["actions"] == [{"action": "MOVE", "user": join["gameSummary"]["players"]["black"]}]
    tree = Tree()
    tree.apply(join["sgfEvents"])
    assert tree.game().move_count == 2
    assert [p["text"] for p in tree.root("PLAYERNAME")] == ["akira", "hikaru"]

    world.tick(5000.0)
    messages = user.take()
    for message in messages:
        if message["type"] == "GAME_UPDATE":
            tree.apply(message["sgfEvents"])
    (over,) = [m for m in messages if m["type"] == "GAME_OVER"]
    state = [m for m in messages if m["type"] == "GAME_STATE"][-1]
    assert state["over"] is True and state["score"] == over["score"]
    game = world.finished[0]
    assert isinstance(game, GameChannel) and game.score == over["score"]
    assert tree.game().stones() == game.game.stones()
    assert (
        tree.root("RESULT")[0]["text"] == f"{over['score']:g}"
        if isinstance(over["score"], float)
        else over["score"]
    )
    clocks = [m["clocks"] for m in messages if m["type"] == "GAME_STATE"]
    assert clocks[0]["black"]["time"] > clocks[-1]["black"]["time"]


def test_a_new_watched_game_starts_after_the_result() -> None:
    world = make_world(watched_game=True, watched_move_seconds=1.0, watched_restart_seconds=30)
    user = User(world, "tester", "secret")
    first = watched_entry(user)["channelId"]
    now = 0.0
    while not world.finished:
        now += 20.0
        world.tick(now)
    world.tick(now + 31.0)
    removed = user.of("GAME_CONTAINER_REMOVE_GAME")
    assert {"type": "GAME_CONTAINER_REMOVE_GAME", "channelId": 11, "gameId": first} in removed
    user.ok({"type": "UNJOIN_REQUEST", "channelId": 11})
    user.take()
    assert watched_entry(user)["channelId"] != first
