"""make_room, the one rule behind every bound of the KGS session and bridge: the oldest goes
first, or the oldest of the lowest rank, and a flood costs little per entry."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from igs_tui.backends.kgs.kept import make_room


def test_the_oldest_goes_first_and_a_key_already_kept_takes_no_room() -> None:
    table = {1: "a", 2: "b", 3: "c"}
    assert make_room(table, 2, 3) == []  # there already: updating it needs no room
    assert make_room(table, 4, 3) == [(1, "a")]
    assert list(table) == [2, 3]
    assert make_room(table, 5, 1) == [(2, "b"), (3, "c")]
    assert table == {}


def test_the_oldest_of_the_lowest_rank_goes_first() -> None:
    table = dict.fromkeys([10, 11, 12, 13])
    ranks = {10: 2, 11: 1, 12: 1, 13: 0}
    gone = [key for key, _ in make_room(table, 99, 2, rank=ranks.__getitem__)]
    assert gone == [13, 11, 12]  # rank 0, then the older of rank 1, then the other


def test_a_flood_past_a_few_spared_entries_scans_only_as_far_as_the_first_of_rank_0() -> None:
    spared = {0, 1}
    table = dict.fromkeys(range(2000))
    asked: list[int] = []

    def rank(key: int) -> int:
        asked.append(key)
        return 1 if key in spared else 0

    for key in range(2000, 4000):  # 2000 evictions
        make_room(table, key, 2000, rank=rank)
        table[key] = None
    assert 0 in table and 1 in table and len(table) == 2000
    assert len(asked) <= 3 * 2000  # the two spared ones and the victim, per eviction


@given(
    st.lists(st.integers(0, 50), max_size=200),
    st.integers(1, 20),
)
def test_a_table_never_exceeds_its_cap(keys: list[int], cap: int) -> None:
    table: dict[int, None] = {}
    for key in keys:
        make_room(table, key, cap, rank=lambda k: k % 3)
        table[key] = None
        assert len(table) <= cap
    if keys:
        assert keys[-1] in table  # the newest is always kept
