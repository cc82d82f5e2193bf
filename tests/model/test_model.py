"""The shared model: changes publish topics; games replay on the rules engine; chat buffers."""

from __future__ import annotations

import pytest

from igs_tui.go import Color, Point
from igs_tui.model import (
    TOPIC_CHAT_LIST,
    TOPIC_GAMES,
    TOPIC_NOTIFY,
    TOPIC_PLAYERS,
    BufferKey,
    ChatKind,
    ClientModel,
    Clock,
    ClockReading,
    GamePhase,
    GameSummary,
    MoveRecord,
    Player,
    format_reading,
    format_seconds,
    game_topic,
    parse_rank_range,
    rank_value,
)
from igs_tui.model.changes import PlayersReplaced
from igs_tui.model.observable import HubTopic


def recorder(model: ClientModel) -> list[HubTopic]:
    seen: list[HubTopic] = []
    model.hub.subscribe_all(lambda change: seen.extend(change.topics))
    return seen


def test_player_listing_replaces_and_publishes() -> None:
    model = ClientModel()
    seen = recorder(model)
    model.replace_players([Player("alice", "3k*"), Player("bob", "2d")])
    model.replace_players([Player("bob", "2d")])
    assert model.players.names() == ["bob"]
    assert seen == [TOPIC_PLAYERS, TOPIC_PLAYERS]


def test_ranks_sort_kyu_below_dan_below_pro() -> None:
    values = [rank_value(r) for r in ("30k", "1k", "1d", "7d*", "1p", "9p")]
    known = [v for v in values if v is not None]
    assert known == values and known == sorted(known)
    assert rank_value("NR") is None
    assert parse_rank_range("4k-3d") == (-4.0, 2.0)
    assert parse_rank_range("3d-4k") == (-4.0, 2.0)
    assert parse_rank_range("1d-") == (0.0, None)
    with pytest.raises(ValueError):
        parse_rank_range("banana")


def test_follow_takes_details_from_summary_and_replays_moves() -> None:
    model = ClientModel()
    model.upsert_games([GameSummary(12, "kansai1", "", "kansai1", "", size=9, komi=6.5)])
    assert model.games[12].is_broadcast
    seen = recorder(model)
    game = model.follow(12)
    assert (game.size, game.komi, game.white) == (9, 6.5, "kansai1")
    assert game_topic(12) in seen
    assert game.add_move(MoveRecord(1, Color.BLACK, Point(2, 2)))
    assert game.add_move(MoveRecord(2, Color.WHITE, Point(6, 6)))
    # a resent move (after `moves N` or a reconnect) is ignored, a gap is refused and noted
    assert not game.add_move(MoveRecord(2, Color.WHITE, Point(6, 6)))
    assert not game.add_move(MoveRecord(5, Color.BLACK, Point(0, 0)))
    assert game.sync_errors and "missing" in game.sync_errors[0]
    assert game.board.get(Point(2, 2)) is Color.BLACK
    assert game.position_after(1).get(Point(6, 6)) is None
    assert game.board.get(Point(6, 6)) is Color.WHITE  # browsing never changes the live board
    assert game.undo_last() == MoveRecord(2, Color.WHITE, Point(6, 6))
    assert game.board.get(Point(6, 6)) is None


def test_handicap_move_is_one_history_entry() -> None:
    model = ClientModel()
    game = model.follow(3, size=19)
    game.add_move(MoveRecord(1, Color.BLACK, None, handicap=2))
    game.add_move(MoveRecord(2, Color.WHITE, Point(2, 2)))
    assert len(game.board.history) == 2
    assert sum(1 for c in game.board.stones().values() if c is Color.BLACK) == 2
    assert len(game.position_after(1).stones()) == 2


def test_illegal_server_move_is_kept_and_reported() -> None:
    model = ClientModel()
    game = model.follow(4, size=9)
    game.add_move(MoveRecord(1, Color.BLACK, Point(4, 4)))
    game.add_move(MoveRecord(2, Color.WHITE, Point(4, 4)))  # occupied: server is the authority
    assert len(game.moves) == 2 and len(game.board.history) == 2
    assert game.sync_errors


def test_a_server_move_our_engine_finds_suicide_is_noted_not_raised() -> None:
    model = ClientModel()
    game = model.follow(4, size=5)
    game.add_move(MoveRecord(1, Color.WHITE, Point(0, 1)))
    game.add_move(MoveRecord(2, Color.WHITE, Point(1, 0)))
    # Placing Black on A1 would leave it without liberties: the board cannot show it.
    assert game.add_move(MoveRecord(3, Color.BLACK, Point(0, 0)))
    assert game.board.get(Point(0, 0)) is None and len(game.board.history) == 3
    assert any("not placed" in e for e in game.sync_errors)
    assert game.board.to_move is Color.WHITE  # the turn passes as on the server
    assert game.undo_last() is not None and len(game.board.history) == 2


def test_resize_replays_the_moves_on_a_board_of_the_new_size() -> None:
    model = ClientModel()
    game = model.follow(6)  # size unknown yet: 19
    for n, (color, point) in enumerate(
        [(Color.BLACK, Point(2, 2)), (Color.WHITE, Point(6, 6)), (Color.BLACK, None)], start=1
    ):
        game.add_move(MoveRecord(n, color, point))
    game.resize(9)
    assert game.size == 9 and game.board.size == 9 and game.last_number == 3
    assert game.board.stones() == {Point(2, 2): Color.BLACK, Point(6, 6): Color.WHITE}
    assert game.board.to_move is Color.WHITE and len(game.board.history) == 3
    game.resize(5)  # a move off the smaller board is noted, never raised
    assert game.last_number == 3 and len(game.board.history) == 3
    assert game.board.get(Point(2, 2)) is Color.BLACK and game.sync_errors


def test_game_end_stops_clocks_and_keeps_board() -> None:
    t = [100.0]
    model = ClientModel(clock=lambda: t[0])
    model.upsert_games([GameSummary(7, "w", "1d", "b", "1d")])
    game = model.follow(7)
    game.clocks[Color.BLACK] = Clock(ClockReading(60.0), 100.0, running=True)
    t[0] = 110.0
    assert game.clocks[Color.BLACK].at(t[0]).main_seconds == 50.0
    seen = recorder(model)
    model.game_ended(7, "B+R")
    assert game.phase is GamePhase.FINISHED and game.result == "B+R"
    assert 7 not in model.games and 7 in model.followed
    t[0] = 200.0
    assert game.clocks[Color.BLACK].at(t[0]).main_seconds == 50.0
    assert TOPIC_GAMES in seen


def test_clock_byoyomi_and_formatting() -> None:
    clock = Clock(ClockReading(649.0, in_byoyomi=True, byo_stones=22), 0.0, running=True)
    assert clock.at(49.0).main_seconds == 600.0
    assert format_reading(clock.at(49.0)) == "10:00 / 22"
    assert format_seconds(3725) == "1:02:05"
    assert format_reading(ClockReading(0, unlimited=True)) == "--:--"


def test_chat_unread_highlight_and_notification() -> None:
    model = ClientModel()
    model.set_connection(user="Soothie")
    seen = recorder(model)
    key = BufferKey(ChatKind.TELL, "alice")
    model.add_chat(key, "alice", "hi there", notify=True)
    model.add_chat(BufferKey(ChatKind.SHOUT), "bob", "soothie, want a game?")
    model.add_chat(BufferKey(ChatKind.SHOUT), "carol", "soothiex is not you")
    shout = model.buffers[BufferKey(ChatKind.SHOUT)]
    assert shout.unread == 2 and shout.highlighted
    assert [m.highlight for m in shout.messages] == [True, False]
    assert [n.kind for n in model.notifications] == ["tell", "mention"]
    assert TOPIC_NOTIFY in seen and TOPIC_CHAT_LIST in seen and key.topic in seen
    model.add_chat(key, "Soothie", "hello", kind="own")
    assert model.buffers[key].unread == 1
    model.mark_read(key)
    assert model.buffers[key].unread == 0


def test_failing_listener_does_not_stop_others() -> None:
    model = ClientModel()
    calls: list[object] = []

    def bad(_change: object) -> None:
        raise RuntimeError("boom")

    model.hub.subscribe(TOPIC_PLAYERS, bad)
    model.hub.subscribe(TOPIC_PLAYERS, calls.append)
    with pytest.raises(RuntimeError):
        model.replace_players([])
    assert calls == [PlayersReplaced(())]
