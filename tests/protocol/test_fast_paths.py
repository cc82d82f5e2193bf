"""The speed-ups must not change results: the user-line fast path agrees with the regex, and the
faster frozen-event constructor behaves exactly like the dataclass one."""

from __future__ import annotations

import dataclasses
import inspect

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from igs_tui.backends.igs.protocol import events as ev
from igs_tui.backends.igs.protocol.readers import read_games, read_user
from igs_tui.go.types import Color
from igs_tui.localserver.lines import format_user_entry

token = st.text(alphabet="ab1 2-*<>[]()/:.vsN", min_size=0, max_size=8)
word = st.text(alphabet="abcXYZ019_", min_size=1, max_size=10)
ranks = st.sampled_from(["NR", "2k", "9k*", "11k*", "30k", "1d", "7d*", "3p", "?"])


def _mutate(line: str, data: st.DataObject) -> str:
    if not line or not data.draw(st.booleans()):
        return line
    i = data.draw(st.integers(0, len(line) - 1))
    return line[:i] + data.draw(token) + line[i + data.draw(st.integers(0, 3)) :]


@settings(max_examples=400, deadline=None)
@given(
    st.data(),
    word,
    st.text(alphabet="ab <>", max_size=15).map(str.strip),
    word,
    ranks,
    st.integers(0, 99999),
    st.integers(0, 9999),
    st.none() | st.integers(1, 999),
    st.none() | st.integers(1, 999),
)
def test_user_fast_path_agrees(
    data: st.DataObject,
    name: str,
    info: str,
    country: str,
    rank: str,
    won: int,
    lost: int,
    obs: int | None,
    play: int | None,
) -> None:
    line = format_user_entry(name, info, country, rank, won, lost, obs, play, 60, "QX")
    line = _mutate(line, data)
    assert read_user(line) == read_user(line, fast=False)


def test_games_entry_with_blank_flags_column() -> None:
    line = "[ 9]         abc [ 1k ] vs.         def [ 2k ] (  5    9  0  5.5  0   ) (  0)"
    assert read_games(line) == ev.GamesEntry(9, "abc", "1k", "def", "2k", 5, 9, 0, 5.5, 0, "", 0)


EVENT_CLASSES = [
    cls
    for cls in vars(ev).values()
    if isinstance(cls, type) and issubclass(cls, ev.Event) and cls is not ev.Event
]


@pytest.mark.parametrize("cls", EVENT_CLASSES, ids=lambda c: c.__name__)
def test_every_event_is_a_frozen_slotted_dataclass(cls: type[ev.Event]) -> None:
    fields = dataclasses.fields(cls)
    params = list(inspect.signature(cls).parameters.values())
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields, strict=True):
        expected = inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default
        assert p.default == expected
    assert cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
    assert "__slots__" in vars(cls)


def test_events_compare_hash_and_refuse_changes() -> None:
    move = ev.Move(game=3, number=1, color=Color.WHITE, point="D4")
    assert move == ev.Move(3, 1, Color.WHITE, "D4", (), None)
    assert hash(move) == hash(ev.Move(3, 1, Color.WHITE, "D4"))
    assert repr(move).startswith("Move(game=3, number=1")
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.point = "E5"  # type: ignore[misc]
    with pytest.raises(TypeError):
        ev.Move(1, 2)  # type: ignore[call-arg]
    assert dataclasses.replace(move, point=None).point is None
