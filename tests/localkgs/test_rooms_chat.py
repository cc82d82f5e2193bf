"""Rooms, chat, conversations with robots, user details, and refusals (sans-IO)."""

from __future__ import annotations

import json

from igs_tui.localkgs.world import KgsWorld
from tests.localkgs.conftest import User


def logged_in(world: KgsWorld, name: str, password: str) -> User:
    user = User(world, name, password)
    user.take()
    return user


def test_room_names_and_description(world: KgsWorld) -> None:
    user = logged_in(world, "tester", "secret")
    user.ok({"type": "ROOM_NAMES_REQUEST", "rooms": [11, 12, 999, "x"]})
    user.ok({"type": "ROOM_DESC_REQUEST", "channelId": 12})
    names, desc = user.take()
    assert names == {
        "type": "ROOM_NAMES",
        "rooms": [
            {"channelId": 11, "name": "English Room"},
            {"channelId": 12, "name": "Japanese Room"},
        ],
    }
    assert desc["type"] == "ROOM_DESC" and desc["channelId"] == 12 and desc["description"]


def test_room_join_lists_users_and_games_and_tells_the_others(world: KgsWorld) -> None:
    alice = logged_in(world, "alice", "wonderland")
    bob = logged_in(world, "bob", "builder")
    alice.ok({"type": "JOIN_REQUEST", "channelId": 11})
    join, complete = alice.take()
    assert join["type"] == "ROOM_JOIN" and complete == {"type": "JOIN_COMPLETE", "channelId": 11}
    assert {u["name"] for u in join["users"]} >= {"alice", "kumobot"}
    challenge = join["games"][0]
    assert challenge["gameType"] == "challenge"
    assert challenge["initialProposal"]["players"][0]["user"]["name"] == "kumobot"
    bob.ok({"type": "JOIN_REQUEST", "channelId": 11})
    added = alice.of("USER_ADDED")
    assert added == [{"type": "USER_ADDED", "channelId": 11, "user": {"name": "bob", "flags": "c"}}]


def test_room_chat_reaches_everyone_in_the_room(world: KgsWorld) -> None:
    alice = logged_in(world, "alice", "wonderland")
    bob = logged_in(world, "bob", "builder")
    for user in (alice, bob):
        user.ok({"type": "JOIN_REQUEST", "channelId": 12})
    alice.take()
    bob.take()
    alice.ok({"type": "CHAT", "channelId": 12, "text": "こんにちは [b]bold[/b]"})
    expected = {
        "type": "CHAT",
        "channelId": 12,
        "user": {"name": "alice", "rank": "2k", "flags": "c"},
        "text": "こんにちは [b]bold[/b]",
    }
    assert bob.take() == [expected]
    assert alice.take() == [expected]


def test_a_robot_named_in_room_chat_answers_later(world: KgsWorld) -> None:
    user = logged_in(world, "tester", "secret")
    user.ok({"type": "JOIN_REQUEST", "channelId": 13})
    user.ok({"type": "CHAT", "channelId": 13, "text": "hello sorabot"})
    user.take()
    world.tick(0.5)
    assert user.of("CHAT") == []
    world.tick(5.0)
    (answer,) = user.of("CHAT")
    assert answer["user"]["name"] == "sorabot" and "tester" in answer["text"]


def test_unjoin_and_refusals(world: KgsWorld) -> None:
    user = logged_in(world, "tester", "secret")
    user.ok({"type": "JOIN_REQUEST", "channelId": 11})
    user.take()
    user.ok({"type": "JOIN_REQUEST", "channelId": 11})
    assert user.of("CHANNEL_ALREADY_JOINED") == [
        {"type": "CHANNEL_ALREADY_JOINED", "channelId": 11}
    ]
    long = user.post({"type": "CHAT", "channelId": 11, "text": "x" * 1001})
    assert long.status == 400 and "1000" in long.text
    assert user.post({"type": "CHAT", "channelId": 12, "text": "hi"}).status == 400
    user.ok({"type": "UNJOIN_REQUEST", "channelId": 11})
    assert user.take() == [{"type": "UNJOIN", "channelId": 11}]
    assert user.post({"type": "CHAT", "channelId": 11, "text": "hi"}).status == 400
    user.ok({"type": "JOIN_REQUEST", "channelId": 4242})
    assert user.take() == [{"type": "CLOSE", "channelId": 4242}]


def test_bad_messages_are_400_and_change_nothing(world: KgsWorld) -> None:
    user = logged_in(world, "tester", "secret")
    cases = [
        b"{not json",
        b"[1, 2]",
        json.dumps({"no": "type"}).encode(),
        json.dumps({"type": "NO_SUCH_THING"}).encode(),
        json.dumps({"type": "ROOM_EDIT", "channelId": 11}).encode(),
        json.dumps({"type": "JOIN_REQUEST", "channelId": "11"}).encode(),
        json.dumps({"type": "JOIN_REQUEST", "channelId": 0}).encode(),
        json.dumps({"type": "JOIN_REQUEST", "channelId": 2**40}).encode(),
        json.dumps({"type": "JOIN_REQUEST", "channelId": True}).encode(),
        b"\xff\xfe\x00garbage",
        b"1" * 5000,
    ]
    for body in cases:
        result = world.post(user.sid, body, 0)
        assert result.status == 400, body
        assert result.text
    assert user.take() == []


def test_conversation_with_a_robot(world: KgsWorld) -> None:
    user = logged_in(world, "tester", "secret")
    user.ok({"type": "CONVO_REQUEST", "callbackKey": 42, "name": "KumoBot"})
    (join,) = user.take()
    assert join["type"] == "CONVO_JOIN" and join["callbackKey"] == 42
    assert join["user"]["name"] == "kumobot"
    channel = join["channelId"]
    user.ok({"type": "CHAT", "channelId": channel, "text": "hello there"})
    assert [m["text"] for m in user.of("CHAT")] == ["hello there"]
    world.tick(10.0)
    (answer,) = user.of("CHAT")
    assert answer["user"]["name"] == "kumobot" and answer["channelId"] == channel
    assert answer["text"].startswith("Hello tester!")


def test_conversation_between_two_people(world: KgsWorld) -> None:
    alice = logged_in(world, "alice", "wonderland")
    bob = logged_in(world, "bob", "builder")
    alice.ok({"type": "CONVO_REQUEST", "callbackKey": 1, "name": "bob"})
    channel = alice.take()[0]["channelId"]
    alice.ok({"type": "CHAT", "channelId": channel, "text": "psst"})
    join, chat = bob.take()
    assert join == {
        "type": "CONVO_JOIN",
        "channelId": channel,
        "user": {"name": "alice", "rank": "2k", "flags": "c"},
    }
    assert chat["text"] == "psst"
    bob.ok({"type": "CONVO_NO_CHATS", "channelId": channel})
    assert {"type": "CONVO_NO_CHATS", "channelId": channel} in alice.take()


def test_conversation_with_nobody(world: KgsWorld) -> None:
    user = logged_in(world, "tester", "secret")
    user.ok({"type": "CONVO_REQUEST", "callbackKey": 3, "name": "ghost"})
    assert user.take() == [{"type": "CONVO_NO_SUCH_USER", "callbackKey": 3}]


def test_user_details_and_archive(world: KgsWorld) -> None:
    user = logged_in(world, "tester", "secret")
    user.ok({"type": "DETAILS_JOIN_REQUEST", "name": "alice"})
    user.ok({"type": "DETAILS_JOIN_REQUEST", "name": "ghost"})
    user.ok({"type": "JOIN_ARCHIVE_REQUEST", "name": "kumobot"})
    user.ok({"type": "JOIN_ARCHIVE_REQUEST", "name": "ghost"})
    details, missing, archive, no_archive = user.take()
    assert details["type"] == "DETAILS_JOIN"
    assert details["user"] == {"name": "alice", "rank": "2k", "flags": ""}
    assert details["personalName"] == "Alice" and details["regStartDate"]
    assert missing == {"type": "DETAILS_NONEXISTANT", "name": "ghost"}
    assert archive["type"] == "ARCHIVE_JOIN" and archive["games"] == []
    assert no_archive == {"type": "ARCHIVE_NONEXISTANT", "name": "ghost"}


def test_sync_avatar_stats_and_global_lists(world: KgsWorld) -> None:
    user = logged_in(world, "tester", "secret")
    user.ok({"type": "SYNC_REQUEST", "callbackKey": 9})
    user.ok({"type": "AVATAR_REQUEST", "name": "alice"})
    user.ok({"type": "REQUEST_SERVER_STATS"})
    user.ok({"type": "GLOBAL_LIST_JOIN_REQUEST", "list": "CHALLENGES"})
    sync, avatar, stats, challenges = user.take()
    assert sync == {"type": "SYNC", "callbackKey": 9}
    assert avatar == {"type": "AVATAR", "name": "alice"}
    assert stats["type"] == "SERVER_STATS" and stats["logins"] == 1
    assert challenges["containerType"] == "CHALLENGES" and len(challenges["games"]) == 2
    assert user.post({"type": "ANNOUNCE", "channelId": 11, "text": "hear me"}).status == 400
