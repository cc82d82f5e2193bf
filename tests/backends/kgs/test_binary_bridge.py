"""The binary protocol's messages as the JSON form's and back (the bridge that lets one
KgsSession serve a binary connection). Message layouts are kgs-protocol.txt's; the blank enum
values and the pass point are protocol.readings' (from the spec author's KGS::Constants and
kgsueme)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from igs_tui.backends.kgs import kept
from igs_tui.backends.kgs.binary_bridge import LOCAL_CHANNELS, BinaryBridge, Note
from igs_tui.backends.kgs.json_messages import parse_message
from igs_tui.backends.kgs.protocol import readings, registry
from igs_tui.backends.kgs.protocol.catalogue import MESSAGES
from igs_tui.backends.kgs.protocol.connection import ClientConnection, ServerConnection
from igs_tui.backends.kgs.protocol.primitives import password_hash
from igs_tui.backends.kgs.protocol.schema import Origin
from igs_tui.backends.kgs.protocol.values import Message, UndecodableMessage, UnknownMessage, Value
from igs_tui.backends.kgs.session import KgsSession
from igs_tui.go import Point
from igs_tui.model import ClientModel, Role
from tests.backends.kgs.strategies import message_of


def server(message_name: str, code: int, /, **fields: Value) -> Message:
    return Message(registry.server(message_name, code), fields)


def user(name: str) -> dict[str, Value]:
    return {"name": name, "flags": 0}


def game(
    channel: int, *, black: str = "", white: str = "", owner: str = "", flags: int = 0x80
) -> dict[str, Value]:
    return {
        "channel": channel,
        "type": readings.GAME_TYPES["free"],
        "black": user(black),
        "white": user(white),
        "owner": user(owner),
        "size": 9,
        "handicap": 0,
        "komi": Decimal("6.5"),
        "moves": 12,
        "flags": flags,
        "observers": 3,
        "saved": False,
    }


def logged_in() -> BinaryBridge:
    bridge = BinaryBridge("alice")
    bridge.downstream(server("login", 0x0001, user=user("alice"), unknown1=0, unknown2=0))
    bridge.downstream(
        server(
            "upd_rooms",
            0x0318,
            rooms=(
                {
                    "channel": 11,
                    "flags": 0,
                    "group": 0,
                    "users": 2,
                    "games": 1,
                    "name": "English Room",
                },
            ),
        )
    )
    return bridge


def sent(bridge: BinaryBridge, message: dict[str, Any]) -> list[Message]:
    binaries, _ = bridge.upstream(message)
    return binaries


def test_login_sends_the_spec_password_number_and_the_guest_flag() -> None:
    bridge = BinaryBridge("alice")
    (login,) = sent(bridge, {"type": "LOGIN", "name": "alice", "password": "wonderland"})
    assert login.name == "login" and login["password"] == password_hash("wonderland")
    assert login["guest"] is False and "wonderland" not in repr(login)
    (guest,) = sent(BinaryBridge("visitor"), {"type": "LOGIN", "name": "visitor", "password": ""})
    assert guest["guest"] is True and guest["password"] == 0


def test_login_replies_become_the_json_ones() -> None:
    cases = {
        0x0004: "LOGIN_FAILED_BAD_PASSWORD",
        0x0005: "LOGIN_FAILED_NO_SUCH_USER",
        0x0006: "LOGIN_FAILED_USER_ALREADY_EXISTS",
        0x0018: "RECONNECT",
    }
    for code, kind in cases.items():
        (out,) = BinaryBridge("x").downstream(
            server("login", code, user=user("x"), unknown1=0, unknown2=0)
            if code != 0x0018
            else server("login", code)
        )
        assert isinstance(out, dict) and out["type"] == kind
    (ok,) = BinaryBridge("x").downstream(
        server("login", 0x0001, user=user("Alice"), unknown1=0, unknown2=0)
    )
    assert isinstance(ok, dict) and ok["type"] == "LOGIN_SUCCESS" and ok["you"]["name"] == "Alice"


def test_rooms_are_joined_with_join_room_and_games_with_join_game() -> None:
    bridge = logged_in()
    (room,) = sent(bridge, {"type": "JOIN_REQUEST", "channelId": 11})
    (other,) = sent(bridge, {"type": "JOIN_REQUEST", "channelId": 120})
    assert (room.name, room["channel"]) == ("join_room", 11)
    assert (other.name, other["channel"]) == ("join_game", 120)


def test_a_listed_game_and_an_open_game() -> None:
    bridge = logged_in()
    (listing,) = bridge.downstream(
        server(
            "upd_games",
            0x4304,
            channel=11,
            games=(game(120, black="b", white="w"), game(121, owner="kumobot", flags=0)),
        )
    )
    assert isinstance(listing, dict)
    playing, open_game = listing["games"]
    assert playing["gameType"] == "free" and playing["players"]["black"]["name"] == "b"
    assert (playing["size"], playing["komi"], playing["moveNum"], playing["observers"]) == (
        9,
        6.5,
        12,
        3,
    )
    assert open_game["gameType"] == "challenge"
    assert open_game["players"] == {"challengeCreator": {"name": "kumobot", "flags": ""}}
    parsed = parse_message(listing)
    assert type(parsed).__name__ == "GamesListed"


def test_moves_are_sent_with_x_from_the_left_and_a_pass_as_255() -> None:
    bridge = logged_in()
    (move,) = sent(bridge, {"type": "GAME_MOVE", "channelId": 120, "loc": {"x": 2, "y": 6}})
    (pass_,) = sent(bridge, {"type": "GAME_MOVE", "channelId": 120, "loc": "PASS"})
    assert (move.name, move["x"], move["y"]) == ("game_move", 2, 6)
    assert (pass_["x"], pass_["y"]) == (255, 255)


def test_results_become_game_over_scores() -> None:
    bridge = logged_in()
    values = {"territory": 0, "captures": 0, "i3": 0, "f2": 0, "i4": 0}
    final = server(
        "final_result",
        0x440B,
        channel=120,
        blackscore={"score": Decimal("40"), "komi": Decimal(0), **values},
        whitescore={"score": Decimal("36.5"), "komi": Decimal("6.5"), **values},
    )
    assert bridge.downstream(final) == [{"type": "GAME_OVER", "channelId": 120, "score": 3.5}]
    resign = server("resign_game", 0x4410, channel=120, player=readings.BLACK)
    assert bridge.downstream(resign)[0] == {
        "type": "GAME_OVER",
        "channelId": 120,
        "score": "W+RESIGN",
    }
    timeout = server("out_of_time", 0x440C, channel=120, player=readings.WHITE)  # "who won"
    assert bridge.downstream(timeout)[0] == {
        "type": "GAME_OVER",
        "channelId": 120,
        "score": "W+TIME",
    }


def test_a_tree_is_not_read_and_the_user_is_told_once() -> None:
    bridge = logged_in()
    first = bridge.downstream(server("set_tree", 0x4405, channel=120, tree=b"\x01\x02\x03"))
    again = bridge.downstream(server("upd_tree", 0x4406, channel=120, tree=b"\x04"))
    assert len(first) == 1 and isinstance(first[0], Note) and first[0].shown
    assert "TREE" in first[0].text and "cannot show" in first[0].text
    assert all(isinstance(n, Note) and not n.shown for n in again)


def test_private_chat_gets_a_channel_of_the_bridge() -> None:
    bridge = logged_in()
    out = bridge.downstream(server("msg_chat", 0x0013, name="bob", name2="alice", message="hi"))
    convo, chat = out
    assert isinstance(convo, dict) and convo["type"] == "CONVO_JOIN"
    assert convo["channelId"] > LOCAL_CHANNELS - 1
    assert isinstance(chat, dict) and (chat["channelId"], chat["text"]) == (
        convo["channelId"],
        "hi",
    )
    (reply,) = sent(bridge, {"type": "CHAT", "channelId": convo["channelId"], "text": "hello"})
    assert (reply.name, reply["name2"], reply["message"]) == ("msg_chat", "bob", "hello")
    # the server's copy of our own line is not shown twice
    assert (
        bridge.downstream(server("msg_chat", 0x0013, name="alice", name2="bob", message="hello"))
        == []
    )


def test_messages_the_spec_does_not_list_or_that_do_not_fit_are_notes() -> None:
    bridge = logged_in()
    (unknown,) = bridge.downstream(UnknownMessage(0x7777, b"", None))
    (broken,) = bridge.downstream(UndecodableMessage(0x4301, b"\x01", "too short"))
    assert isinstance(unknown, Note) and "0x7777" in unknown.text
    assert isinstance(broken, Note) and "too short" in broken.text


def test_a_session_follows_a_game_over_the_real_codec() -> None:
    """Server messages encoded by the spec's server end and read by the client end, then
    through the bridge into a KgsSession and a model: the game's players and board."""
    wire_server, wire_client = ServerConnection(), ClientConnection()
    wire_server.receive_data(wire_client.initiate())
    data = wire_server.handshake_reply()
    data += wire_server.send(server("login", 0x0001, user=user("alice"), unknown1=0, unknown2=0))
    wire_server.set_username("alice")
    data += wire_server.send(
        server("upd_game", 0x4401, channel=120, game=game(120, black="alice", white="kumobot"))
    )
    model = ClientModel()
    session = KgsSession("alice", "wonderland")
    bridge = BinaryBridge("alice")
    for received in wire_client.receive_data(data):
        for item in bridge.downstream(received):
            if isinstance(item, dict):
                for change in session.receive(parse_message(item)):
                    model.apply(change)
    followed = model.followed[120]
    assert followed.role is Role.PLAYING_BLACK and followed.white == "kumobot"
    assert followed.size == 9 and followed.komi == 6.5 and followed.moves == []
    session.play(120, Point(2, 6))
    (move,) = [
        m
        for out in session.data_to_send()
        for m in bridge.upstream(out)[0]
        if m.name == "game_move"
    ]
    # our Point(2, 6) on 9x9 is x=2 from the left, y=2 from the top
    assert (move["x"], move["y"]) == (2, 2)


SERVER_MESSAGES = [s for s in MESSAGES if s.origin is Origin.SERVER]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(SERVER_MESSAGES).flatmap(message_of), min_size=1, max_size=6))
def test_any_server_messages_reach_the_model_without_raising(messages: list[Message]) -> None:
    """Whatever a binary server sends (any catalogued message, any field values: huge sizes,
    negative handicaps, empty names, control characters), the bridge, the JSON parser, the
    session and the model take it: out-of-range values end as console notes, never as errors."""
    model = ClientModel()
    session = KgsSession("alice", "pw")
    bridge = logged_in()
    for change in session.receive(
        parse_message({"type": "LOGIN_SUCCESS", "you": {"name": "alice"}, "rooms": []})
    ):
        model.apply(change)
    bridge.joining.update(range(0, 0x10000, 97))
    for message in messages:
        for item in bridge.downstream(message):
            if isinstance(item, Note):
                assert isinstance(item.text, str)
                continue
            for change in session.receive(parse_message(item)):
                model.apply(change)
        for out in session.data_to_send():
            bridge.upstream(out)


def test_the_other_server_messages_and_what_they_become() -> None:
    bridge = logged_in()
    me, bob = user("alice"), user("bob")
    joined = bridge.downstream(server("join_room", 0x4300, channel=11, users=(me, bob)))
    assert [m["type"] for m in joined if isinstance(m, dict)] == ["ROOM_JOIN"]
    later = bridge.downstream(server("join_room", 0x4300, channel=11, users=(user("carol"),)))
    assert later == [
        {"type": "USER_ADDED", "channelId": 11, "user": {"name": "carol", "flags": ""}}
    ]
    assert bridge.downstream(server("part_room", 0x4302, channel=11, user=bob))[0]["type"] == (  # type: ignore[index]
        "USER_REMOVED"
    )
    assert bridge.downstream(server("part_room", 0x4302, channel=11, user=me)) == [
        {"type": "UNJOIN", "channelId": 11}
    ]
    assert bridge.downstream(server("idle_warn", 0x0016)) == [{"type": "IDLE_WARNING"}]
    desc = bridge.downstream(server("desc_room", 0x4319, channel=11, owner="", description="Hi"))
    assert desc == [{"type": "ROOM_DESC", "channelId": 11, "description": "Hi"}]
    info = bridge.downstream(
        server(
            "userinfo",
            0x0008,
            _unused0=False,
            user=user("kumobot"),
            _unused1=0,
            realname="Kumo",
            email="",
            info="A robot",
            homepage="",
            regdate=Decimal(0),
            lastlogin=Decimal(0),
        )
    )
    (details,) = info
    assert isinstance(details, dict) and details["type"] == "DETAILS_JOIN"
    assert (details["personalName"], details["personalInfo"]) == ("Kumo", "A robot")
    assert bridge.downstream(server("userinfo_failed", 0x0012, name="nobody")) == [
        {"type": "DETAILS_NONEXISTANT", "name": "nobody"}
    ]
    bridge.downstream(
        server("upd_game", 0x4401, channel=120, game=game(120, black="alice", white="bob"))
    )
    undo = bridge.downstream(server("req_undo", 0x440E, channel=120))
    assert undo == [{"type": "GAME_UNDO_REQUEST", "channelId": 120, "role": "white"}]
    done = bridge.downstream(
        server("game_done", 0x440A, channel=120, id=0x80000003, black=True, white=False)
    )
    state, again = done
    assert isinstance(state, dict) and state["doneId"] == 3 and state["blackDoneSent"] is True
    assert isinstance(again, Note) and "press done again" in again.text
    assert bridge.downstream(
        server(
            "reject_challenge",
            0x4429,
            channel=121,
            name="bob",
            gametype=4,
            cid=0,
            rules={
                "ruleset": 0,
                "size": 9,
                "handicap": 0,
                "komi": Decimal(0),
                "timesys": 0,
                "time": 0,
                "interval": 0,
                "count": 0,
            },
        )
    ) == [{"type": "CHALLENGE_DECLINE", "channelId": 121}]


def test_the_session_may_send_once_the_server_is_past_its_login_messages() -> None:
    """A JOIN_REQUEST sent before upd_rooms would go out as join_game: the link waits for
    login_done (or anything after the rooms)."""
    bridge = BinaryBridge("alice")
    bridge.downstream(server("login", 0x0001, user=user("alice"), unknown1=0, unknown2=0))
    assert not bridge.ready
    bridge = logged_in()
    assert not bridge.ready
    bridge.downstream(server("login_done", 0x030C))
    assert bridge.ready


# -- bounds (issue 26): what a binary server floods the bridge with stays within .kept's caps --
def test_a_flood_of_rooms_keeps_the_newest_and_the_joined_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(kept, "ROOMS", 5)
    bridge = logged_in()  # knows room 11
    bridge.downstream(server("join_room", 0x4300, channel=11, users=(user("alice"),)))
    flood: tuple[Value, ...] = tuple(
        {"channel": c, "flags": 0, "group": 0, "users": 0, "games": 0, "name": f"r{c}"}
        for c in range(200, 220)
    )
    bridge.downstream(server("upd_rooms", 0x0318, rooms=flood))
    assert list(bridge.rooms) == [11, 216, 217, 218, 219]
    # the joined room is still a room: joining it again is join_room, not join_game
    assert [m.name for m in sent(bridge, {"type": "JOIN_REQUEST", "channelId": 11})] == [
        "join_room"
    ]


def test_joined_rooms_beyond_the_cap_forget_the_oldest(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kept, "JOINED_ROOMS", 3)
    bridge = logged_in()
    for room in range(30, 36):
        bridge.downstream(server("join_room", 0x4300, channel=room, users=(user("alice"),)))
    assert list(bridge.joined_rooms) == [33, 34, 35]


def test_a_flood_of_listed_games_keeps_the_newest(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kept, "ROOM_GAMES", 10)
    monkeypatch.setattr(kept, "JOINED_ROOMS", 4)
    bridge = logged_in()
    games = tuple(game(c, black="b", white="w") for c in range(300, 340))
    bridge.downstream(server("upd_games", 0x4304, channel=11, games=games))
    assert list(bridge.listed) == list(range(330, 340))
    assert set(bridge.listed_in) == set(bridge.listed)  # what went, went from both
    for room in range(50, 60):  # one game listed by ever more rooms
        bridge.downstream(server("upd_games", 0x4304, channel=room, games=(game(339),)))
    assert len(bridge.listed_in[339]) == 4


def test_a_flood_of_private_chats_keeps_the_newest_conversations(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(kept, "CONVERSATIONS", 3)
    bridge = logged_in()
    for i in range(8):
        bridge.downstream(server("msg_chat", 0x0013, name=f"pal{i}", name2="alice", message="x"))
    assert sorted(bridge._convos) == ["pal5", "pal6", "pal7"]
    assert sorted(bridge._convo_users.values()) == ["pal5", "pal6", "pal7"]


def test_floods_of_games_terms_and_trees_stay_within_their_caps(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(kept, "GAMES", 2)
    monkeypatch.setattr(kept, "CHALLENGES_KEPT", 2)
    monkeypatch.setattr(kept, "RESYNCED", 3)
    bridge = logged_in()
    for c in range(400, 420):
        bridge.downstream(server("upd_game", 0x4401, channel=c, game=game(c, black="alice")))
        bridge.downstream(server("set_tree", 0x4405, channel=c, tree=b"\x01"))
        bridge.downstream(
            server("challenge", 0x4400, channel=c, black=user("x"), white=user("alice"))
        )
    assert list(bridge.games) == [416, 417, 418, 419]  # twice the session's cap
    assert list(bridge.terms) == [416, 417, 418, 419]
    assert list(bridge._tree_told) == [417, 418, 419]
