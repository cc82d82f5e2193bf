"""Downstream JSON messages: shapes from the reference pages ("Downstream Messages", "Data
Types" of the KGS JSON protocol), and bad input becoming "unknown", never an exception."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from igs_tui.backends.kgs import json_messages as m
from igs_tui.backends.kgs import json_upstream as up
from igs_tui.backends.kgs.json_values import PASS, Loc, Rules, result_text
from igs_tui.go import Point


def test_a_get_answer_is_an_object_with_a_messages_list() -> None:
    # "GET request will return a JSON object with one elment, named messages."
    body = json.dumps(
        {
            "messages": [
                {
                    "type": "HELLO",
                    "versionMajor": 3,
                    "versionMinor": 5,
                    "versionBugfix": 4,
                    "jsonClientBuild": "x",
                }
            ]
        }
    )
    assert m.parse_body(body) == (m.Hello("3.5.4"),)
    # "GET requests will time out after 1 minute and return an empty object."
    assert m.parse_body(b"{}") == ()
    with pytest.raises(ValueError):
        m.parse_body(b"[1, 2]")
    with pytest.raises(ValueError):
        m.parse_body(b"{not json")


@pytest.mark.parametrize("kind", sorted(m.LOGIN_FAILURES))
def test_every_documented_login_failure_has_its_own_message(kind: str) -> None:
    parsed = m.parse_message({"type": kind})
    assert isinstance(parsed, m.LoginFailed)
    assert parsed.reason == m.LOGIN_FAILURES[kind]
    assert len(set(m.LOGIN_FAILURES.values())) == len(m.LOGIN_FAILURES)


def test_login_success_gives_you_and_the_rooms() -> None:
    # "you: A user that describes you", "rooms: A list of all rooms on the server",
    # each with "channelId" and "category".
    parsed = m.parse_message(
        {
            "type": "LOGIN_SUCCESS",
            "you": {"name": "alice", "rank": "3k", "flags": "c="},
            "rooms": [{"channelId": 10, "category": "MAIN"}],
            "friends": [{"friendType": "buddy", "user": {"name": "bob", "flags": "c"}}],
        }
    )
    assert isinstance(parsed, m.LoginSucceeded)
    assert parsed.you.name == "alice" and parsed.you.rank == "3k" and parsed.you.connected
    assert parsed.rooms == (m.RoomInfo(10, "MAIN"),)
    assert parsed.friends[0][0] == "buddy"


def test_reconnect_is_a_logout_that_must_not_be_retried() -> None:
    # "you should not reconnect automatically when you get this"
    parsed = m.parse_message({"type": "RECONNECT"})
    assert isinstance(parsed, m.LoggedOut) and parsed.elsewhere


def test_a_game_list_entry_is_a_game_channel() -> None:
    entry = {
        "channelId": 55,
        "gameType": "ranked",
        "roomId": 10,
        "players": {"white": {"name": "w", "rank": "2d"}, "black": {"name": "b", "rank": "1d"}},
        "size": 19,
        "komi": 6.5,
        "handicap": 2,
        "moveNum": 31,
        "observers": 4,
    }
    parsed = m.parse_message({"type": "GAME_LIST", "channelId": 10, "games": [entry]})
    assert isinstance(parsed, m.GamesListed)
    game = parsed.games[0]
    assert (game.channel_id, game.room_id, game.move_num, game.handicap) == (55, 10, 31, 2)
    assert game.white is not None and game.white.rank == "2d"


def test_game_join_carries_sgf_events_and_state() -> None:
    parsed = m.parse_message(
        {
            "type": "GAME_JOIN",
            "channelId": 55,
            "users": [],
            "gameSummary": {"size": 9, "komi": 5.5, "gameType": "free", "players": {}},
            "sgfEvents": [
                {
                    "type": "PROP_GROUP_ADDED",
                    "nodeId": 0,
                    "props": [{"name": "RULES", "size": 9, "komi": 5.5, "rules": "japanese"}],
                },
                {"type": "CHILD_ADDED", "nodeId": 0, "childNodeId": 1},
                {
                    "type": "PROP_GROUP_ADDED",
                    "nodeId": 1,
                    "props": [{"name": "MOVE", "color": "black", "loc": {"x": 2, "y": 6}}],
                },
                {"type": "ACTIVATED", "nodeId": 1, "prevNodeId": 0},
            ],
            "clocks": {"black": {"time": 30.5, "periodsLeft": 5, "running": True}},
            "actions": [{"action": "MOVE", "user": {"name": "w"}}],
        }
    )
    assert isinstance(parsed, m.GameJoined)
    assert parsed.summary.size == 9
    assert parsed.events[0].props[0].rules == Rules(size=9, komi=5.5)
    assert parsed.events[2].props[0].loc == Loc(2, 6)
    assert parsed.state.clocks is not None and parsed.state.clocks["black"].running
    assert parsed.state.actions == (("MOVE", "w"),)


def test_loc_counts_y_from_the_top() -> None:
    assert Loc(0, 0).point(19) == Point(0, 18)
    assert Loc(3, 15).point(19) == Point(3, 3)
    assert Loc.of(Point(3, 3), 19) == Loc(3, 15)
    assert Loc(18, 0).point(9) is None
    assert up.move(5, None)["loc"] == PASS


def test_scores_become_result_texts() -> None:
    # a number is "positive a black win, negative a white win"
    assert result_text(3.5) == "B+3.5"
    assert result_text(-12.0) == "W+12"
    assert result_text(0.0) == "0"
    assert result_text("W+RESIGN") == "W+R"
    assert result_text("B+TIME") == "B+T"
    assert result_text("UNKNOWN") == "?"


@pytest.mark.parametrize(
    "message",
    [
        {"type": "GAME_LIST", "channelId": 0, "games": []},
        {"type": "GAME_LIST", "channelId": 2**31, "games": []},
        {"type": "CHAT", "channelId": 5, "user": {"name": ""}, "text": "x"},
        {"type": "CHAT", "channelId": 5, "user": "bob", "text": "x"},
        {"type": "GAME_UPDATE", "channelId": 5, "sgfEvents": [{"type": "X"}]},
        {"type": "GAME_STATE", "channelId": 5, "clocks": {"black": {"time": "soon"}}},
        {"type": "GAME_OVER", "channelId": 5, "score": float("inf")},
    ],
)
def test_a_malformed_known_message_is_unknown_with_a_reason(message: dict[str, Any]) -> None:
    parsed = m.parse_message(message)
    assert isinstance(parsed, m.Unknown)
    assert parsed.type == message["type"] and parsed.reason


def test_an_unknown_type_is_kept_as_unknown() -> None:
    parsed = m.parse_message({"type": "NEW_THING_2030", "x": 1})
    assert parsed == m.Unknown("NEW_THING_2030", "", '{"type": "NEW_THING_2030", "x": 1}')


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=5)
    ),
    max_leaves=20,
)
known_types = st.sampled_from(sorted(m.PARSERS))
fields = st.sampled_from(
    [
        "channelId",
        "user",
        "users",
        "games",
        "sgfEvents",
        "gameSummary",
        "proposal",
        "you",
        "rooms",
        "score",
        "text",
    ]
)


@settings(max_examples=400, deadline=None)
@given(kind=known_types, body=st.dictionaries(fields, json_values, max_size=6))
def test_no_message_shape_raises(kind: str, body: dict[str, Any]) -> None:
    parsed = m.parse_message({"type": kind, **body})
    assert isinstance(parsed, m.Message)


@settings(max_examples=200, deadline=None)
@given(body=json_values)
def test_no_json_value_raises(body: object) -> None:
    assert isinstance(m.parse_message(body), m.Message)
