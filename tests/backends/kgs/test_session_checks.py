"""The KGS session reads lists entry by entry and checks each move against its own board.

Shapes from the reference's "Downstream Messages" (ROOM_JOIN, GAME_LIST: ``games`` is a list
of "Game Channel" objects, ``users`` of "User" objects) and "SGF Events" pages.
"""

from __future__ import annotations

from typing import Any

from igs_tui.backends.kgs.json_messages import GamesListed, RoomJoined, parse_message
from igs_tui.go import Color, Point
from igs_tui.model import BufferKey, ChatKind
from tests.backends.kgs.test_session import GAME, ROOM, Harness, move_events, user


def game(channel: int, **fields: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "channelId": channel,
        "gameType": "free",
        "roomId": ROOM,
        "size": 19,
        "komi": 6.5,
        "moveNum": 3,
        "players": {"white": user("w", "1d"), "black": user("b", "1k")},
    }
    entry.update(fields)
    return entry


BAD_ENTRIES = [
    game(61, size=39),
    game(62, size=1),
    game(63, moveNum=100_001),
    game(64, komi=1e8),
    game(65, players="nobody"),
    "not an object",
]


def test_a_game_list_keeps_the_good_entries_and_says_why_each_bad_one_went() -> None:
    parsed = parse_message(
        {"type": "GAME_LIST", "channelId": ROOM, "games": [game(60), *BAD_ENTRIES, game(66)]}
    )
    assert isinstance(parsed, GamesListed)
    assert [g.channel_id for g in parsed.games] == [60, 66]
    assert len(parsed.dropped) == len(BAD_ENTRIES)
    assert parsed.dropped[0].startswith("game 61:") and "size" in parsed.dropped[0]
    assert "komi" in parsed.dropped[3]
    assert parsed.dropped[-1].startswith("game #7:")


def test_a_room_join_keeps_its_other_games_and_users() -> None:
    h = Harness()
    h.feed(
        {
            "type": "ROOM_JOIN",
            "channelId": ROOM,
            "users": [user("bob", "3k"), {"rank": "no name"}, user("carol")],
            "games": [game(60), game(63, moveNum=10**9), game(66, moveNum=40)],
        }
    )
    assert set(h.model.games) == {60, 66} and h.model.games[66].moves == 40
    assert "bob" in h.model.players and "carol" in h.model.players
    notes = [line.text for line in h.model.console if "dropped" in line.text]
    assert len(notes) == 2
    assert any("game 63" in n and "moveNum" in n for n in notes)
    assert any(n.startswith(f"ROOM_JOIN {ROOM}: dropped user #2") for n in notes)


def test_a_list_with_only_bad_entries_changes_nothing_but_the_console() -> None:
    h = Harness()
    h.feed({"type": "ROOM_JOIN", "channelId": ROOM, "users": [], "games": [game(60)]})
    h.feed({"type": "GAME_LIST", "channelId": ROOM, "games": [game(60, size=400)]})
    assert h.model.games[60].size == 19
    parsed = parse_message({"type": "ROOM_JOIN", "channelId": ROOM, "games": [game(61, size=0)]})
    assert isinstance(parsed, RoomJoined) and parsed.games == ()


def _console_sync(h: Harness) -> list[str]:
    return list(h.model.followed[GAME].sync_errors)


def test_a_white_move_onto_an_occupied_point_is_a_sync_error_and_the_game_is_joined_again() -> None:
    h = Harness()
    h.join_game(events=move_events(1, "black", {"x": 4, "y": 4}))
    h.sent()
    h.feed(
        {
            "type": "GAME_UPDATE",
            "channelId": GAME,
            "sgfEvents": move_events(2, "white", {"x": 4, "y": 4}),
        }
    )
    game_ = h.model.followed[GAME]
    assert [m.number for m in game_.moves] == [1]  # the contradicting move is not told
    assert game_.board.get(Point(4, 4)) is Color.BLACK
    assert any("occupied" in e and "joining the game again" in e for e in _console_sync(h))
    beside_board = h.model.buffers[BufferKey(ChatKind.GAME, str(GAME))].messages
    assert any(m.text.startswith("Out of step with KGS: move 2") for m in beside_board)
    assert [(m["type"], m["channelId"]) for m in h.sent()] == [
        ("UNJOIN_REQUEST", GAME),
        ("JOIN_REQUEST", GAME),
    ]
    # While the new join is awaited, further updates are not told.
    h.feed(
        {
            "type": "GAME_UPDATE",
            "channelId": GAME,
            "sgfEvents": move_events(3, "black", {"x": 0, "y": 0}),
        }
    )
    assert [m.number for m in h.model.followed[GAME].moves] == [1]
    # The server's fresh tree is told from the start.
    h.feed({"type": "UNJOIN", "channelId": GAME})
    fresh = move_events(1, "black", {"x": 4, "y": 4}) + move_events(2, "white", {"x": 3, "y": 4})
    h.join_game(events=fresh)
    assert [(m.color, m.point) for m in h.model.followed[GAME].moves] == [
        (Color.BLACK, Point(4, 4)),
        (Color.WHITE, Point(3, 4)),
    ]


def test_a_move_out_of_turn_is_a_sync_error_and_a_second_one_after_rejoining_is_told() -> None:
    h = Harness()
    h.join_game(events=move_events(1, "black", {"x": 4, "y": 4}))
    h.sent()
    two_blacks = move_events(2, "black", {"x": 2, "y": 2})
    h.feed({"type": "GAME_UPDATE", "channelId": GAME, "sgfEvents": two_blacks})
    assert any("black's, but it is white's turn" in e for e in _console_sync(h))
    assert len(h.sent()) == 2
    h.feed({"type": "UNJOIN", "channelId": GAME})
    h.join_game(events=move_events(1, "black", {"x": 4, "y": 4}) + two_blacks)
    # The fresh tree says the same: the server is the authority; no third join.
    assert [m.number for m in h.model.followed[GAME].moves] == [1, 2]
    assert any("again after joining anew" in e for e in _console_sync(h))
    assert h.sent() == []


def test_moves_that_fit_the_board_are_no_sync_error() -> None:
    h = Harness()
    h.sent()
    events = (
        move_events(1, "black", {"x": 4, "y": 4})
        + move_events(2, "white", "PASS")
        + move_events(3, "black", "PASS")
        + move_events(4, "white", {"x": 4, "y": 3})
    )
    h.join_game(events=events)
    assert _console_sync(h) == [] and h.sent() == []
    assert len(h.model.followed[GAME].moves) == 4


# The reference's other downstream messages (docs/kgs-messages.md) --------------------------------
def test_moderated_chat_is_shown_in_the_room_as_chat() -> None:
    h = Harness()
    h.feed({"type": "ROOM_JOIN", "channelId": ROOM, "users": [], "games": []})
    h.feed(
        {"type": "MODERATED_CHAT", "channelId": ROOM, "user": user("mod"), "text": "approved line"}
    )
    key = h.session.room_key(ROOM)
    assert [(m.author, m.text) for m in h.model.buffers[key].messages][-1] == (
        "mod",
        "approved line",
    )


def test_room_desc_is_kept_and_shown_once_in_the_room() -> None:
    h = Harness()
    h.feed({"type": "ROOM_JOIN", "channelId": ROOM, "users": [], "games": []})
    desc = {"type": "ROOM_DESC", "channelId": ROOM, "description": "Be nice.", "owners": []}
    h.feed(desc, desc)
    assert h.session.rooms[ROOM].description == "Be nice."
    key = h.session.room_key(ROOM)
    assert [m.text for m in h.model.buffers[key].messages].count("Be nice.") == 1


def test_join_complete_and_other_ignored_messages_change_nothing() -> None:
    h = Harness()
    h.feed({"type": "ROOM_JOIN", "channelId": ROOM, "users": [], "games": []})
    h.sent()
    before = (len(h.model.console), {k: len(b.messages) for k, b in h.model.buffers.items()})
    for kind in ("JOIN_COMPLETE", "AUTOMATCH_PREFS", "PLAYBACK_ADD", "ARCHIVE_JOIN"):
        parsed = parse_message({"type": kind, "channelId": ROOM})
        assert type(parsed).__name__ == "Ignored"
        h.feed({"type": kind, "channelId": ROOM})
    assert (
        len(h.model.console),
        {k: len(b.messages) for k, b in h.model.buffers.items()},
    ) == before
    assert h.sent() == []


def test_game_notify_of_our_game_joins_it_and_of_another_only_says_so() -> None:
    h = Harness()
    h.sent()
    h.feed(
        {
            "type": "GAME_NOTIFY",
            "game": game(70, players={"white": user("alice"), "black": user("b")}),
        }
    )
    assert {"type": "JOIN_REQUEST", "channelId": 70} in h.sent()
    h.feed({"type": "GAME_NOTIFY", "game": game(71)})
    assert h.sent() == []
    system = [m.text for m in h.model.buffers[BufferKey(ChatKind.SYSTEM)].messages]
    assert any("Game 71: b (B) vs w (W)" in t for t in system)


def test_game_name_change_retitles_the_listed_game() -> None:
    h = Harness()
    h.feed({"type": "ROOM_JOIN", "channelId": ROOM, "users": [], "games": [game(60)]})
    h.feed({"type": "GAME_NAME_CHANGE", "channelId": 60, "name": "Round 3"})
    assert h.model.games[60].title == "Round 3"
    assert h.session.games()[0].title == "Round 3"


def test_game_time_expired_is_answered_by_a_player_only() -> None:
    h = Harness()
    h.join_game(white="alice", black="b")
    h.sent()
    h.feed({"type": "GAME_TIME_EXPIRED", "channelId": GAME})
    assert h.sent() == [{"type": "GAME_TIME_EXPIRED", "channelId": GAME}]
    o = Harness()
    o.join_game()
    o.sent()
    o.feed({"type": "GAME_TIME_EXPIRED", "channelId": GAME})
    assert o.sent() == []


def test_game_undo_decline_says_who_declined() -> None:
    h = Harness()
    h.join_game(white="alice", black="bob")
    h.feed({"type": "GAME_UNDO_DECLINE", "channelId": GAME})
    assert h.model.followed[GAME].undo_declined_by == "bob"


def test_game_review_is_told() -> None:
    h = Harness()
    h.feed({"type": "GAME_REVIEW", "originalId": 60, "review": game(80, gameType="review")})
    system = [m.text for m in h.model.buffers[BufferKey(ChatKind.SYSTEM)].messages]
    assert "Game 60 goes on as the review game 80." in system
