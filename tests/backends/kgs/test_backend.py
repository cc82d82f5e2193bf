"""The KGS backend: the capabilities it has (none of the undocumented ones), and intents
turned into the upstream messages of the reference's "Upstream Messages" page."""

from __future__ import annotations

from typing import Any

from igs_tui.backends.kgs.backend import KgsBackend
from igs_tui.backends.kgs.json_messages import parse_message
from igs_tui.backends.kgs.session import KgsSession
from igs_tui.go import Point
from igs_tui.model import BufferKey, ChatKind, ClientModel
from igs_tui.model.terms import MatchTerms

ROOM = 10


class Rig:
    def __init__(self) -> None:
        self.model = ClientModel(clock=lambda: 0.0)
        self.session = KgsSession("alice", wall_clock=lambda: 0.0)
        self.flushes = 0
        self.logouts = 0
        self.backend = KgsBackend(self.model, self.session, self._flush, logout=self._logout)
        self.feed(
            {
                "type": "LOGIN_SUCCESS",
                "you": {"name": "alice", "flags": "c"},
                "rooms": [{"channelId": ROOM}],
            }
        )
        self.feed({"type": "ROOM_NAMES", "rooms": [{"channelId": ROOM, "name": "Lobby"}]})
        self.session.data_to_send()

    def _flush(self) -> None:
        self.flushes += 1

    def _logout(self) -> None:
        self.logouts += 1

    def feed(self, message: dict[str, Any]) -> None:
        for change in self.session.receive(parse_message(message)):
            self.model.apply(change)

    def sent(self) -> list[dict[str, Any]]:
        return self.session.data_to_send()


def test_only_documented_capabilities_are_offered() -> None:
    caps = Rig().backend.capabilities
    for present in (
        "console",
        "listing",
        "observing",
        "messaging",
        "channels",
        "playing",
        "matching",
        "rooms",
        "room_leaving",
    ):
        assert getattr(caps, present) is not None, present
    for absent in ("adjusting", "adjourning", "mailbox", "audience", "seeking", "stored", "social"):
        assert getattr(caps, absent) is None, absent
    assert caps.refusal("Adjourn") == "Adjourn: not offered by KGS."


def test_rooms_are_joined_by_name_and_chatted_in() -> None:
    rig = Rig()
    rig.backend.join_channel("lobby")
    assert rig.sent() == [{"type": "JOIN_REQUEST", "channelId": ROOM}]
    rig.feed({"type": "ROOM_JOIN", "channelId": ROOM, "users": [], "games": []})
    rig.backend.yell("Lobby", "hello")
    assert rig.sent() == [{"type": "CHAT", "channelId": ROOM, "text": "hello"}]
    assert rig.model.buffers[BufferKey(ChatKind.CHANNEL, "Lobby")].messages[-1].kind == "own"
    rig.backend.join_channel("no such room")
    assert rig.sent() == []
    assert "No room" in rig.model.buffers[BufferKey(ChatKind.SYSTEM)].messages[-1].text


def test_rooms_are_left_and_the_model_follows_the_server() -> None:
    rig = Rig()
    leaving = rig.backend.capabilities.room_leaving
    assert leaving is not None
    rig.feed({"type": "ROOM_JOIN", "channelId": ROOM, "users": [], "games": []})
    rig.feed({"type": "ROOM_JOIN", "channelId": ROOM + 1, "users": [], "games": []})
    assert rig.model.joined_rooms == frozenset({ROOM, ROOM + 1})
    leaving.leave_room(ROOM)
    assert rig.sent() == [{"type": "UNJOIN_REQUEST", "channelId": ROOM}]
    assert rig.model.joined_rooms == frozenset({ROOM, ROOM + 1})  # until the server says so
    rig.feed({"type": "UNJOIN", "channelId": ROOM})
    assert rig.model.joined_rooms == frozenset({ROOM + 1}) and rig.model.room == ROOM + 1


def test_shout_goes_to_the_room_we_are_in_or_is_refused() -> None:
    rig = Rig()
    rig.backend.shout("anyone?")
    assert rig.sent() == []
    rig.feed({"type": "ROOM_JOIN", "channelId": ROOM, "users": [], "games": []})
    rig.backend.shout("anyone?")
    assert rig.sent() == [{"type": "CHAT", "channelId": ROOM, "text": "anyone?"}]


def test_raw_console_messages_are_json_objects_with_a_type() -> None:
    rig = Rig()
    rig.backend.send_raw('{"type": "WAKE_UP"}')
    rig.backend.send_raw("WAKE_UP")
    rig.backend.send_raw("[1]")
    assert rig.sent() == [{"type": "WAKE_UP"}]
    assert rig.model.console[-1].kind == "error"


def test_observe_and_unobserve_join_and_leave_the_game_channel() -> None:
    rig = Rig()
    rig.backend.observe(55)
    assert rig.sent() == [{"type": "JOIN_REQUEST", "channelId": 55}]
    rig.feed(
        {
            "type": "GAME_JOIN",
            "channelId": 55,
            "users": [],
            "gameSummary": {"size": 9, "komi": 6.5, "gameType": "free", "players": {}},
            "sgfEvents": [],
        }
    )
    assert 55 in rig.model.followed
    rig.backend.close_game(55)
    assert rig.sent() == [{"type": "UNJOIN_REQUEST", "channelId": 55}]
    assert 55 not in rig.model.followed


def test_remove_dead_toggles_and_decline_undo_is_local() -> None:
    rig = Rig()
    rig.feed(
        {
            "type": "GAME_JOIN",
            "channelId": 55,
            "users": [],
            "gameSummary": {
                "size": 9,
                "komi": 6.5,
                "gameType": "free",
                "players": {"white": {"name": "alice"}, "black": {"name": "bob"}},
            },
            "sgfEvents": [
                {"type": "CHILD_ADDED", "nodeId": 0, "childNodeId": 1},
                {
                    "type": "PROP_ADDED",
                    "nodeId": 1,
                    "prop": {"name": "MOVE", "color": "black", "loc": {"x": 4, "y": 4}},
                },
                {"type": "ACTIVATED", "nodeId": 1},
            ],
        }
    )
    rig.backend.remove_dead(55, Point(4, 4))
    assert rig.sent() == [
        {"type": "GAME_MARK_LIFE", "channelId": 55, "x": 4, "y": 4, "alive": False}
    ]
    rig.feed({"type": "GAME_UNDO_REQUEST", "channelId": 55, "role": "black"})
    assert rig.model.followed[55].undo_requested_by == "bob"
    rig.backend.answer_undo(55, accept=False)
    assert rig.sent() == [] and rig.model.followed[55].undo_requested_by == ""
    rig.backend.done_scoring(55)  # not scoring: refused with a reason, nothing sent
    assert rig.sent() == []


def test_challenges_are_checked_and_need_a_room() -> None:
    rig = Rig()
    terms = MatchTerms("bob", size=9)
    assert rig.backend.check_terms(terms) is not None
    rig.backend.challenge(terms)
    assert rig.sent() == [] and rig.model.challenge_from("bob") is None
    rig.feed({"type": "ROOM_JOIN", "channelId": ROOM, "users": [], "games": []})
    assert rig.backend.check_terms(MatchTerms("bob", size=30)) is not None
    rig.backend.challenge(terms)
    (create,) = rig.sent()
    assert create["type"] == "CHALLENGE_CREATE"
    assert rig.model.challenge_from("bob") is not None


def test_quit_logs_out() -> None:
    rig = Rig()
    rig.backend.quit()
    assert rig.logouts == 1
