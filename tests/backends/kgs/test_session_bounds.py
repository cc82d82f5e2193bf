"""Every table the KGS session keeps by the server's keys is bounded (issue 26: "Every buffer,
list and history in the model and the UI bounded"): a flood of rooms, users, games,
conversations or challenges beyond a cap drops the oldest (or the least needed), never grows.

The caps are lowered with monkeypatch where a flood of the real size would be slow; the
session reads them from :mod:`igs_tui.backends.kgs.kept` at each use."""

from __future__ import annotations

from typing import Any

import pytest

from igs_tui.backends.kgs import game_tree, kept
from igs_tui.model import BufferKey, ChatKind
from igs_tui.model.terms import MatchTerms
from tests.backends.kgs.test_session import ROOM, Harness, move_events, user


def game_entry(channel: int, **extra: Any) -> dict[str, Any]:
    """A GAME_LIST entry (the reference's "Game" data type)."""
    return {
        "channelId": channel,
        "gameType": "free",
        "roomId": ROOM,
        "size": 19,
        "players": {"white": user(f"w{channel}"), "black": user(f"b{channel}")},
        **extra,
    }


def challenge_entry(channel: int, creator: str, me: str = "alice") -> dict[str, Any]:
    """An open challenge in a room whose proposal names ``me``."""
    rules = {"size": 9, "rules": "japanese", "komi": 6.5, "timeSystem": "absolute"}
    return {
        "channelId": channel,
        "gameType": "challenge",
        "roomId": ROOM,
        "players": {"challengeCreator": user(creator)},
        "initialProposal": {
            "gameType": "free",
            "rules": rules,
            "players": [
                {"role": "black", "user": user(creator)},
                {"role": "white", "user": user(me)},
            ],
        },
    }


def game_join(
    channel: int, white: str, black: str, events: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """GAME_JOIN of a 9x9 free game with the players and SGF events given."""
    return {
        "type": "GAME_JOIN",
        "channelId": channel,
        "users": [],
        "gameSummary": {
            "size": 9,
            "gameType": "free",
            "players": {"white": user(white), "black": user(black)},
        },
        "sgfEvents": events or [],
    }


def test_a_flood_of_room_names_keeps_the_newest_and_every_joined_room() -> None:
    h = Harness()
    h.feed({"type": "ROOM_JOIN", "channelId": ROOM, "users": [], "games": []})
    flood = [{"channelId": 1000 + i, "name": f"room {i}"} for i in range(kept.ROOMS + 500)]
    h.feed({"type": "ROOM_NAMES", "rooms": flood})
    rooms = h.session.rooms
    assert len(rooms) == kept.ROOMS
    assert ROOM in rooms  # joined: kept while any other can go
    assert 1000 + kept.ROOMS + 499 in rooms and 1000 not in rooms
    h.feed({"type": "ROOM_DESC", "channelId": 9, "description": "one more"})
    assert len(h.session.rooms) == kept.ROOMS and 9 in h.session.rooms


def test_a_login_naming_more_rooms_than_the_cap_keeps_the_cap() -> None:
    h = Harness()
    many = [{"channelId": 1 + i} for i in range(kept.ROOMS + 10)]
    h.feed({"type": "LOGIN_SUCCESS", "you": user("alice"), "rooms": many})
    assert len(h.session.rooms) == kept.ROOMS


def test_joining_rooms_beyond_the_cap_leaves_the_oldest_joined(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(kept, "JOINED_ROOMS", 3)
    h = Harness()
    h.sent()
    for room in range(20, 26):
        h.feed({"type": "ROOM_JOIN", "channelId": room, "users": [], "games": [game_entry(room)]})
    assert h.session.joined_rooms == {23, 24, 25}
    assert len(h.session._room_users) == len(h.session._room_games) == 3
    unjoins = [m["channelId"] for m in h.sent() if m["type"] == "UNJOIN_REQUEST"]
    assert unjoins == [20, 21, 22]
    # the model is told too: the rooms left are not ours, their games are off the list
    assert set(h.model.joined_rooms) == {23, 24, 25}
    assert 20 not in h.model.games and 25 in h.model.games


def test_a_flood_of_users_in_a_room_keeps_the_newest(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kept, "ROOM_USERS", 50)
    h = Harness()
    crowd = [user(f"u{i}") for i in range(80)]
    h.feed({"type": "ROOM_JOIN", "channelId": ROOM, "users": crowd, "games": []})
    assert len(h.session._room_users[ROOM]) == 50
    for i in range(200):
        h.feed({"type": "USER_ADDED", "channelId": ROOM, "user": user(f"new{i}")})
    users = h.session._room_users[ROOM]
    assert len(users) == 50 and "new199" in users and "new0" not in users


def test_a_flood_of_listed_games_keeps_the_newest(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kept, "ROOM_GAMES", 50)
    h = Harness()
    h.feed({"type": "ROOM_JOIN", "channelId": ROOM, "users": [], "games": []})
    for start in range(100, 400, 30):
        games = [game_entry(c) for c in range(start, start + 30)]
        h.feed({"type": "GAME_LIST", "channelId": ROOM, "games": games})
    listed = h.session._room_games[ROOM]
    assert len(listed) == 50 and 399 in listed and 100 not in listed


def test_a_flood_of_open_challenges_keeps_the_newest(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kept, "ROOM_GAMES", 50)
    h = Harness("bob")
    h.feed({"type": "ROOM_JOIN", "channelId": ROOM, "users": [], "games": []})
    entries = [challenge_entry(c, f"c{c}", me="nobody") for c in range(500, 620)]
    h.feed({"type": "GAME_LIST", "channelId": ROOM, "games": entries})
    assert len(h.session._listed_challenges) == 50
    assert len(h.session._challenge_rooms) == 50
    assert h.session.is_listed_challenge(619) and not h.session.is_listed_challenge(500)


def test_challenges_to_us_beyond_the_cap_close_the_oldest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(kept, "CHALLENGES_KEPT", 3)
    h = Harness()
    h.feed({"type": "ROOM_JOIN", "channelId": ROOM, "users": [], "games": []})
    assert h.session.challenge(MatchTerms("zed", size=9)) is None  # ours: kept last
    entries = [challenge_entry(c, f"c{c}") for c in range(700, 706)]
    h.feed({"type": "GAME_LIST", "channelId": ROOM, "games": entries})
    challenges = h.session._challenges
    assert len(challenges) == 3
    assert any(c.ours for c in challenges.values())
    assert sorted(k for k, c in challenges.items() if not c.ours) == [704, 705]
    # the model closed the ones the session let go, and shows the rest
    assert h.model.challenge_from("c700") is None
    assert h.model.challenge_from("c705") is not None


def test_a_flood_of_joined_games_leaves_finished_then_watched_ones_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(kept, "GAMES", 3)
    h = Harness()
    h.feed(game_join(30, "alice", "bob"))  # ours, oldest
    h.feed(game_join(31, "x", "y"))
    h.feed(game_join(32, "x", "y"))
    h.feed({"type": "GAME_OVER", "channelId": 32, "score": "B+RESIGN"})
    h.sent()
    h.feed(game_join(33, "p", "q"))  # the finished 32 goes
    assert set(h.session._games) == {30, 31, 33}
    h.feed(game_join(34, "p", "q"))  # then the oldest watched one, 31
    assert set(h.session._games) == {30, 33, 34}
    unjoins = [m["channelId"] for m in h.sent() if m["type"] == "UNJOIN_REQUEST"]
    assert unjoins == [32, 31]
    assert 31 not in h.model.followed and 34 in h.model.followed
    system = h.model.buffers[BufferKey(ChatKind.SYSTEM)].messages
    assert "Game 31: left (more than 3 games open at once)." in [m.text for m in system]
    for channel in range(40, 45):  # only ours left to go: the oldest of them
        h.feed(game_join(channel, "alice", f"o{channel}"))
    assert len(h.session._games) == 3 and 30 not in h.session._games


def test_a_flood_of_conversations_keeps_the_newest(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kept, "CONVERSATIONS", 3)
    h = Harness()
    h.sent()
    for i in range(6):
        h.feed({"type": "CONVO_JOIN", "channelId": 80 + i, "user": user(f"Pal{i}")})
    assert sorted(h.session._convo_users) == [83, 84, 85]
    assert sorted(h.session._convos) == ["pal3", "pal4", "pal5"]
    assert [m["channelId"] for m in h.sent()] == [80, 81, 82]  # left on the server too
    h.session.tell("Pal0", "still there?")  # a conversation let go is opened anew
    assert h.sent() == [{"type": "CONVO_REQUEST", "name": "Pal0", "callbackKey": 0}]


def test_tells_waiting_for_conversations_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kept, "WAITING_TELLS", 3)
    h = Harness()
    for i in range(6):
        h.session.tell(f"Pal{i}", "hi")
    assert sorted(h.session._waiting_tells) == ["pal3", "pal4", "pal5"]
    for i in range(10):
        h.session.tell("Pal5", f"line {i}")
    assert h.session._waiting_tells["pal5"] == ["line 7", "line 8", "line 9"]


def test_games_joined_anew_after_sync_errors_are_remembered_within_the_cap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(kept, "RESYNCED", 3)
    h = Harness()
    two_blacks = move_events(1, "black", {"x": 4, "y": 4}) + move_events(
        2, "black", {"x": 2, "y": 2}
    )
    for channel in range(50, 56):
        h.feed(game_join(channel, "w", "b", two_blacks))
    assert list(h.session._resynced) == [53, 54, 55]


def test_a_flood_of_properties_fills_a_games_tree_to_its_cap_and_no_further(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Comments added to one node without end (PROP_ADDED keeps every COMMENT): the tree
    stops at its weight and says so; what is removed frees its weight again."""
    monkeypatch.setattr(game_tree, "MAX_WEIGHT", 1000)
    h = Harness()
    h.feed(game_join(60, "w", "b", move_events(1, "black", {"x": 4, "y": 4})))
    comment = {"name": "COMMENT", "text": "x" * 99}  # weighs 100
    for _ in range(30):
        h.feed(
            {
                "type": "GAME_UPDATE",
                "channelId": 60,
                "sgfEvents": [{"type": "PROP_ADDED", "nodeId": 1, "prop": comment}],
            }
        )
    tree = h.session._games[60].tree
    weighed = sum(1 + len(p.text) for n in tree.nodes.values() for p in n.props)
    assert tree.weight == weighed <= 1000
    assert [p.name for p in tree.nodes[1].props].count("COMMENT") == 9  # + the move: 1000
    errors = [e for e in h.model.followed[60].sync_errors if "the tree is full" in e]
    assert errors  # said, beside the board
    remove = {"type": "PROP_REMOVED", "nodeId": 1, "prop": {"name": "COMMENT"}}
    h.feed({"type": "GAME_UPDATE", "channelId": 60, "sgfEvents": [remove]})
    assert tree.weight == sum(1 + len(p.text) for p in tree.nodes[1].props) == 1
