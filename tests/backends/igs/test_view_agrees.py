"""The session's own view and the model agree on everything the session reads.

The IGS session never reads the caller's model (``session/view.py``): it keeps what it needs
from the changes it hands over, by the model's rules (``model/apply.py``). If the two drifted
apart -- a game the model makes a new entry for that the view keeps as the old one, a setup
source the view lets override, a board the view plays out differently, a clock it runs
otherwise -- the session would read lines as about another game than the one the user sees.
This property applies any sequence of changes to both and compares them after each one.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from igs_tui.backends.igs.session.view import GameView, SessionView
from igs_tui.go import Color, Point
from igs_tui.model import ClientModel, FollowedGame, GamePhase, Role
from igs_tui.model import changes as ch
from igs_tui.model.clocks import ClockReading, TimeSettings
from igs_tui.model.connection import ConnectionStatus
from igs_tui.model.games import GameSummary, MoveRecord
from igs_tui.model.lobby import Seek, SeekSetup
from igs_tui.model.play import Challenge
from igs_tui.model.terms import MatchTerms

NUMBERS = st.sampled_from([1, 2])
NAMES = st.sampled_from(["ann", "bob", "cid"])
MAYBE_NAME = st.none() | NAMES
POINTS = st.builds(Point, st.integers(0, 4), st.integers(0, 4))  # on every size; stones meet
COLORS = st.sampled_from([Color.BLACK, Color.WHITE])
SOURCES = st.sampled_from(list(ch.SetupSource))
READINGS = st.builds(
    ClockReading,
    st.sampled_from([0.0, 30.0, 600.0]),
    in_byoyomi=st.booleans(),
    byo_stones=st.sampled_from([-1, 5]),
)


@dataclass(frozen=True)
class NextMove:
    """The next move of game ``game`` (its number is the model's count plus one, found when
    the sequence is applied: random numbers would rarely follow on)."""

    game: int
    color: Color
    point: Point | None


@st.composite
def moves(draw: st.DrawFn) -> ch.MoveAdded:
    """A move under any number: a resent one, one after a gap, or a handicap first move."""
    number = draw(st.integers(1, 6))
    if number == 1 and draw(st.booleans()):
        move = MoveRecord(1, Color.BLACK, None, handicap=draw(st.sampled_from([2, 3])))
    else:
        move = MoveRecord(number, draw(COLORS), draw(st.none() | POINTS))
    return ch.MoveAdded(draw(NUMBERS), move)


@dataclass(frozen=True)
class MarkDead:
    """Mark the stone of the game's ``index``-th move dead (or alive again): found when the
    sequence is applied, so that the marks meet stones."""

    game: int
    index: int
    dead: bool


NEXT_MOVES = st.builds(NextMove, NUMBERS, COLORS, st.none() | POINTS | POINTS | POINTS)
STEPS = st.one_of(NEXT_MOVES, st.builds(MarkDead, NUMBERS, st.integers(0, 8), st.booleans()))


CHANGES = st.one_of(
    moves(),
    st.builds(ch.MoveUndone, NUMBERS),
    st.builds(
        ch.GameSetup,
        NUMBERS,
        SOURCES,
        size=st.none() | st.sampled_from([9, 13, 19, 40]),
        komi=st.none() | st.sampled_from([0.5, 6.5]),
        handicap=st.none() | st.integers(0, 3),
    ),
    st.builds(ch.PlayersSeated, NUMBERS, NAMES, NAMES, st.none() | st.sampled_from(list(Role))),
    st.builds(ch.PhaseChanged, NUMBERS, st.sampled_from(list(GamePhase))),
    st.builds(ch.GameEnded, NUMBERS, st.sampled_from(["", "B+R", "W+3.5"])),
    st.builds(ch.DeadStonesMarked, NUMBERS, st.tuples(POINTS)),
    st.builds(ch.DeadStonesUnmarked, NUMBERS, st.tuples(POINTS)),
    st.builds(ch.DeadStonesCleared, NUMBERS),
    st.builds(ch.PrisonersCounted, NUMBERS, st.integers(0, 3), st.integers(0, 3)),
    st.builds(ch.ClockSet, NUMBERS, COLORS, READINGS, st.none() | st.booleans()),
    st.builds(
        ch.TimeSystemSet,
        NUMBERS,
        st.none() | st.just(TimeSettings.classify(600, byo_seconds=30, byo_stones=5)),
        only_if_unknown=st.booleans(),
    ),
    st.builds(ch.GameTitled, NUMBERS, st.sampled_from(["", "Meijin"])),
    st.builds(
        lambda n, w, b, m: ch.GamesListed((GameSummary(n, w, "1d", b, "2d", moves=m, size=9),)),
        NUMBERS,
        NAMES,
        NAMES,
        st.integers(0, 5),
    ),
    st.builds(ch.GameUnlisted, NUMBERS),
    st.builds(lambda user: ch.ConnectionChanged(ConnectionStatus(user=user)), NAMES),
    st.builds(
        lambda name, incoming: ch.ChallengeOpened(
            Challenge(MatchTerms(name, Color.BLACK, size=9), incoming=incoming)
        ),
        NAMES,
        st.booleans(),
    ),
    st.builds(ch.ChallengeClosed, NAMES),
    st.builds(
        lambda blocked: ch.SocialListsSet(frozenset({"Ann"}), frozenset(blocked)),
        st.sets(NAMES, max_size=2),
    ),
    st.builds(
        lambda on: ch.SeekChanged(Seek(SeekSetup(1, 600, 30, 5), 19) if on else None),
        st.booleans(),
    ),
    st.builds(ch.PassesToEndSet, st.integers(0, 3)),
    st.builds(
        ch.GameFollowed,
        NUMBERS,
        st.sampled_from(list(Role)),
        white=MAYBE_NAME,
        black=MAYBE_NAME,
        size=st.none() | st.sampled_from([9, 13]),
        komi=st.none() | st.sampled_from([0.5, 6.5]),
    ),
    st.builds(ch.GameUnfollowed, NUMBERS),
)
"""Any change the session reads (hypothesis favours the first: the ones that start over come
last)."""


def same_game(game: FollowedGame, mine: GameView, now: float, *, board: bool) -> None:
    assert (mine.white, mine.black, mine.title) == (game.white, game.black, game.title)
    assert (mine.role, mine.phase, mine.result) == (game.role, game.phase, game.result)
    assert (mine.size, mine.komi, mine.handicap) == (game.size, game.komi, game.handicap)
    assert mine.setup_sources == game.setup_sources
    assert mine.moves == game.moves and mine.last_number == game.last_number
    assert mine.dead == game.dead and mine.prisoners == game.prisoners
    assert mine.time_settings == game.time_settings
    if board:  # not after every change: the view plays its board out only when asked
        assert mine.board.stones() == game.board.stones()
        assert mine.board.to_move is game.board.to_move
    for color in (Color.BLACK, Color.WHITE):
        ours, theirs = mine.clocks[color], game.clocks[color]
        assert (ours.running, ours.at(now)) == (theirs.running, theirs.at(now))


FOLLOWED = st.builds(
    ch.GameFollowed, NUMBERS, st.sampled_from(list(Role)), white=MAYBE_NAME, black=MAYBE_NAME
)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(FOLLOWED, min_size=1, max_size=2),
    st.lists(
        st.booleans().flatmap(lambda move: STEPS if move else CHANGES),
        min_size=10,
        max_size=60,
    ),
)
def test_the_view_keeps_what_the_model_keeps_of_every_change(
    start: list[ch.Change], changes: list[ch.Change | NextMove | MarkDead]
) -> None:
    now = [0.0]
    model = ClientModel(clock=lambda: now[0])
    view = SessionView(lambda: now[0])
    identity: dict[int, int] = {}  # the model's serial -> the view's, one to one
    steps = [*start, *changes]
    for index, step in enumerate(steps):
        now[0] += 1.0
        if isinstance(step, NextMove):
            followed = model.followed.get(step.game)
            number = followed.last_number + 1 if followed is not None else 1
            change: ch.Change = ch.MoveAdded(step.game, MoveRecord(number, step.color, step.point))
        elif isinstance(step, MarkDead):
            followed = model.followed.get(step.game)
            played = [m.point for m in followed.moves if m.point] if followed is not None else []
            point = played[step.index % len(played)] if played else Point(0, 0)
            kind = ch.DeadStonesMarked if step.dead else ch.DeadStonesUnmarked
            change = kind(step.game, (point,))
        else:
            change = step
        model.apply(change)
        view.apply(change)
        assert (view.me, view.seek, view.passes_to_end) == (
            model.me,
            model.seek,
            model.passes_to_end,
        )
        assert (view.friends, view.blocked) == (model.friends, model.blocked)
        assert view.challenges == model.challenges and view.games == model.games
        assert sorted(view.followed) == sorted(model.followed)
        for number, game in model.followed.items():
            mine = view.followed[number]
            assert identity.setdefault(game.serial, mine.serial) == mine.serial
            same_game(game, mine, now[0] + 0.5, board=index % 5 == 4 or index == len(steps) - 1)
        assert len(set(identity.values())) == len(identity)
    assert [g.number for g in view.my_games()] == [g.number for g in model.my_games()]


def test_the_view_keeps_as_many_finished_games_as_the_user_lets_the_model_keep() -> None:
    """The model keeps ``limits.finished_tabs`` finished games (20 unless the user says more);
    the session's view keeps the same ones when told the model's limit, not the default's."""
    from igs_tui.model.limits import FINISHED_TABS, Limits

    kept = FINISHED_TABS + 10
    model = ClientModel(clock=lambda: 0.0, limits=Limits(finished_tabs=kept))
    told = SessionView(lambda: 0.0, lambda: model.limits.finished_tabs)
    default = SessionView(lambda: 0.0)
    for number in range(1, kept + 6):
        for change in (
            ch.GameFollowed(number, Role.OBSERVING, white="w", black="b"),
            ch.GameEnded(number, "B+R"),
        ):
            model.apply(change)
            told.apply(change)
            default.apply(change)
    assert len(model.followed) == kept
    assert sorted(told.followed) == sorted(model.followed)
    assert len(default.followed) == FINISHED_TABS  # what it kept before it was told
