"""BrowseState: which move the view shows while the live game goes on."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from igs_tui.ui.game.game_browse import BrowseState


def test_following_jumps_to_each_new_move() -> None:
    state = BrowseState()
    for total in (1, 2, 10):
        state.update_total(total)
        assert state.index == total and state.at_live
    assert state.describe() == "move 10/10 (live)"


def test_browsing_stays_put_while_moves_arrive() -> None:
    state = BrowseState()
    state.update_total(120)
    state.step(-75)
    assert (state.index, state.following) == (45, False)
    state.update_total(121)
    assert state.index == 45
    assert state.describe() == "move 45/121 (browsing)"


def test_stepping_forward_to_the_end_resumes_following() -> None:
    state = BrowseState()
    state.update_total(5)
    state.step(-2)
    state.step(1)
    assert not state.following
    state.step(1)
    assert state.following and state.at_live
    state.update_total(6)
    assert state.index == 6


def test_undo_below_the_shown_move_pulls_the_view_back() -> None:
    state = BrowseState()
    state.update_total(10)
    state.step(-1)
    state.update_total(8)
    assert state.index == 8 and not state.following


def test_first_live_and_toggle() -> None:
    state = BrowseState()
    state.update_total(30)
    state.first()
    assert (state.index, state.following) == (0, False)
    state.live()
    assert (state.index, state.following) == (30, True)
    state.toggle_follow()
    state.update_total(31)
    assert (state.index, state.following) == (30, False)
    state.toggle_follow()
    assert (state.index, state.following) == (31, True)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["total", "step", "first", "live", "toggle"]), st.integers(-50, 50)
        )
    )
)
def test_index_always_within_the_game(ops: list[tuple[str, int]]) -> None:
    state = BrowseState()
    total = 0
    for op, n in ops:
        if op == "total":
            total = max(0, total + n)
            before = (state.index, state.following)
            state.update_total(total)
            if before[1]:
                assert state.index == total
            else:
                assert state.index == min(before[0], total)
        elif op == "step":
            state.step(n)
        elif op == "first":
            state.first()
        elif op == "live":
            state.live()
        else:
            state.toggle_follow()
        assert 0 <= state.index <= state.total == total
        if state.following:
            assert state.index == total
