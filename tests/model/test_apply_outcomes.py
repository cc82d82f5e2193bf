"""Changes applied to the model as the backends send them (``model/apply.py``): each test
kills a mutant the mutation run (``scripts/mutate.py``) found alive, with the state a user
then sees."""

from __future__ import annotations

from igs_tui.go import Color, Point
from igs_tui.model import ClientModel, GamePhase, MoveRecord, Role
from igs_tui.model import changes as ch
from igs_tui.model.play import Challenge
from igs_tui.model.terms import MatchTerms


def test_a_blocked_players_challenge_is_hidden_but_ours_to_a_blocked_player_is_shown() -> None:
    """KGS hands the model every challenge naming us (``kgs/session.py``: ``ChallengeOpened
    (Challenge(terms, incoming=True, kind="challenge"))``); the model is where a blocked
    player's is left out. A challenge we sent ourselves is shown whoever it names: it is
    the user's own request, and must stay visible to be cancelled."""
    model = ClientModel()
    model.set_connection(user="me")
    model.apply(ch.SocialListsSet(friends=frozenset(), blocked=frozenset({"pest", "ex"})))
    model.apply(ch.ChallengeOpened(Challenge(MatchTerms("pest"), incoming=True, kind="challenge")))
    assert model.challenges == {}
    model.apply(ch.ChallengeOpened(Challenge(MatchTerms("ex"), incoming=False, kind="match")))
    model.apply(ch.ChallengeOpened(Challenge(MatchTerms("kim"), incoming=True, kind="match")))
    assert sorted(model.challenges) == ["ex", "kim"]


def test_the_passes_that_end_play_follow_the_server_down_to_one() -> None:
    """The IGS session learns how many passes start scoring from what the server did
    (``ServerProfile.learn_passes`` takes any count from one); the model takes every such
    count and ignores a count of none."""
    model = ClientModel()
    model.apply(ch.PassesToEndSet(2))
    assert model.passes_to_end == 2
    model.apply(ch.PassesToEndSet(1))
    assert model.passes_to_end == 1
    model.apply(ch.PassesToEndSet(0))
    assert model.passes_to_end == 1


def test_after_free_handicap_stones_white_is_to_move() -> None:
    """Free handicap (KGS, a local engine game): Black's stones are placed at once and White
    plays next, so a user playing White may move and one playing Black is told to wait."""
    model = ClientModel()
    model.set_connection(user="me")
    model.apply(ch.GameFollowed(3, Role.PLAYING_WHITE, white="me", black="eng"))
    stones = (Point(3, 3), Point(15, 15), Point(3, 15))
    model.apply(ch.FreeHandicapPlaced(3, stones))
    game = model.followed[3]
    assert game.handicap == 3 and all(game.board.get(p) is Color.BLACK for p in stones)
    assert game.board.to_move is Color.WHITE
    # what the board asks before sending a move (the game view enforces the turn)
    assert game.board.check(Point(9, 9), Color.WHITE, enforce_turn=True).legal
    assert not game.board.check(Point(9, 9), Color.BLACK, enforce_turn=True).legal
    model.apply(ch.MoveAdded(3, MoveRecord(2, Color.WHITE, Point(9, 9))))
    assert game.board.get(Point(9, 9)) is Color.WHITE and game.sync_errors == []


def test_a_dead_chain_clicked_on_any_of_its_stones_comes_back_alive_whole() -> None:
    """A local engine game's scoring (``backends/engine/backend.py``, ``remove_dead``) sends
    the one stone the user selected: ``DeadStonesMarked(n, (point,))`` and, selected again,
    ``DeadStonesUnmarked(n, (point,))``. The model marks and revives the stone's whole
    chain, so selecting another stone of a dead chain brings all of it back."""
    model = ClientModel()
    model.set_connection(user="me")
    model.apply(ch.GameFollowed(1, Role.PLAYING_BLACK, white="eng", black="me", size=9))
    model.apply(ch.GameSetup(1, ch.SetupSource.TERMS, size=9))
    chain = (Point(2, 2), Point(2, 3), Point(2, 4))  # C3 C4 C5
    replies = (Point(6, 6), Point(6, 5), Point(6, 4))
    number = 0
    for black, white in zip(chain, replies, strict=True):
        for color, point in ((Color.BLACK, black), (Color.WHITE, white)):
            number += 1
            model.apply(ch.MoveAdded(1, MoveRecord(number, color, point)))
    model.apply(ch.PhaseChanged(1, GamePhase.SCORING))
    model.apply(ch.DeadStonesMarked(1, (chain[0],)))
    game = model.followed[1]
    assert game.dead == set(chain)
    model.apply(ch.DeadStonesUnmarked(1, (chain[2],)))
    assert game.dead == set()
