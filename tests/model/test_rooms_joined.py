"""Which rooms we are in: one at a time on IGS (a join moves us), several on KGS (a join adds
a room, a leave takes it away); the lists the Rooms view and the empty games list read."""

from __future__ import annotations

from igs_tui.model import ClientModel
from igs_tui.model import changes as ch


def test_a_plain_join_moves_us_to_the_room() -> None:
    model = ClientModel()
    model.apply(ch.RoomJoined(1))
    model.apply(ch.RoomJoined(2))
    assert model.room == 2 and model.joined_rooms == frozenset({2})


def test_rooms_joined_as_well_add_up_and_leaving_one_keeps_the_others() -> None:
    model = ClientModel()
    model.apply(ch.RoomJoined(1, also=True))
    model.apply(ch.RoomJoined(5, also=True))
    assert model.room == 5 and model.joined_rooms == frozenset({1, 5})
    model.apply(ch.RoomLeft(5))
    assert model.joined_rooms == frozenset({1}) and model.room == 1
    model.apply(ch.RoomLeft(7))  # not in it: nothing changes
    assert model.joined_rooms == frozenset({1}) and model.room == 1
    model.apply(ch.RoomLeft(1))
    assert model.joined_rooms == frozenset() and model.room is None


def test_leaving_another_room_keeps_the_current_one() -> None:
    model = ClientModel()
    model.apply(ch.RoomJoined(1, also=True))
    model.apply(ch.RoomJoined(5, also=True))
    model.apply(ch.RoomLeft(1))
    assert model.room == 5 and model.joined_rooms == frozenset({5})


def test_session_end_forgets_the_joined_rooms() -> None:
    model = ClientModel()
    model.apply(ch.RoomJoined(1, also=True))
    model.apply(ch.SessionEnded())
    assert model.joined_rooms == frozenset() and model.room is None
