"""A followed game's size, komi and handicap change in one place, ``GameSetup``'s handler, with
the precedence of :class:`SetupSource`: following a game and a handicap move go through it too
(they used to set the fields on their own, past every source)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from igs_tui.go import Color
from igs_tui.model import ClientModel, GameSummary, MoveRecord
from igs_tui.model import changes as ch
from igs_tui.model.changes import SetupSource


def test_a_new_entry_takes_the_listing_row_then_the_followers_values() -> None:
    model = ClientModel()
    model.upsert_games([GameSummary(7, "w", "1d", "b", "2d", size=13, komi=6.5, handicap=0)])
    model.apply(ch.GameFollowed(7, komi=0.5))
    game = model.followed[7]
    assert (game.size, game.komi, game.board.komi) == (13, 0.5, 0.5)
    assert game.setup_sources == dict.fromkeys(("size", "komi", "handicap"), SetupSource.LISTING)


def test_a_later_listing_row_refines_what_was_said_at_follow_time() -> None:
    model = ClientModel()
    model.apply(ch.GameFollowed(7, size=9, komi=6.5))
    model.apply(ch.GameSetup(7, SetupSource.LISTING, size=9, komi=0.5))
    assert model.followed[7].komi == 0.5


def test_following_again_does_not_undo_an_agreed_komi() -> None:
    """A re-follow (after a reconnect) says the komi the game started with; the players agreed
    on another since."""
    model = ClientModel()
    model.apply(ch.GameFollowed(3, size=9, komi=6.5))
    model.apply(ch.GameSetup(3, SetupSource.AGREED, komi=0.5))
    model.apply(ch.GameFollowed(3, size=9, komi=6.5))
    assert model.followed[3].komi == 0.5
    assert model.followed[3].board.komi == 0.5


def test_a_handicap_move_sets_the_handicap_over_any_other_source() -> None:
    model = ClientModel()
    model.apply(ch.GameFollowed(4, size=19, handicap=2))
    model.apply(ch.GameSetup(4, SetupSource.PROPERTIES, handicap=2))
    model.apply(ch.MoveAdded(4, MoveRecord(1, Color.BLACK, None, handicap=3)))
    game = model.followed[4]
    assert game.handicap == 3 and game.setup_sources["handicap"] is SetupSource.MOVES
    model.apply(ch.GameSetup(4, SetupSource.PROPERTIES, handicap=2))
    assert game.handicap == 3


SOURCES = st.sampled_from([*SetupSource, "followed"])
"""Where a komi comes from; "followed" is a GameFollowed saying it (as strong as a row)."""


@given(st.lists(st.tuples(SOURCES, st.sampled_from([0.5, 5.5, 6.5, 7.5])), max_size=12))
def test_the_komi_is_the_last_said_by_the_strongest_source(
    said: list[tuple[SetupSource | str, float]],
) -> None:
    model = ClientModel()
    model.apply(ch.GameFollowed(1, size=9))
    strength: list[tuple[SetupSource, float]] = []
    for source, komi in said:
        if isinstance(source, SetupSource):
            model.apply(ch.GameSetup(1, source, komi=komi))
            strength.append((source, komi))
        else:
            model.apply(ch.GameFollowed(1, komi=komi))
            strength.append((SetupSource.LISTING, komi))
    expected = 0.0
    if strength:
        strongest = max(source for source, _ in strength)
        expected = [komi for source, komi in strength if source is strongest][-1]
    assert model.followed[1].komi == expected
