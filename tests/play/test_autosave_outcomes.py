"""Autosave's choice of file and what the file holds, in the cases a mutation run
(``scripts/mutate.py``) showed untested: a loaded game with no new move yet, a new game that
opens like an earlier one, a game over before its first move, a result that comes after the
end, the last move and the end saved together."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from sgfmill import sgf

from igs_tui.archive.autosave import AutoSaver
from igs_tui.go import Color, Point
from igs_tui.model import ClientModel, GamePhase, MoveRecord, Role
from igs_tui.model import changes as ch

D3, G7, E5 = Point(2, 2), Point(6, 6), Point(4, 4)


def play(model: ClientModel, number: int, moves: list[tuple[Color, Point | None]]) -> None:
    game = model.followed[number]
    for color, point in moves:
        model.apply(ch.MoveAdded(number, MoveRecord(game.last_number + 1, color, point)))


def root(path: Path) -> sgf.Tree_node:
    return sgf.Sgf_game.from_bytes(path.read_bytes()).get_root()


def moves_in(path: Path) -> list[tuple[str | None, tuple[int, int] | None]]:
    nodes = sgf.Sgf_game.from_bytes(path.read_bytes()).get_main_sequence()
    return [n.get_move() for n in nodes[1:]]


def saver_in(tmp_path: Path) -> tuple[ClientModel, AutoSaver]:
    stamps = iter(f"T{i}" for i in range(1, 10))
    model = ClientModel(clock=lambda: 0.0)
    model.set_connection(user="me")
    return model, AutoSaver(model, tmp_path, stamp=lambda: next(stamps))


def adjourned_game(model: ClientModel, saver: AutoSaver) -> Path:
    """Game 3, ivy (White) against us, two moves, adjourned: its file."""
    model.follow(3, role=Role.PLAYING_BLACK, size=9, white="ivy", black="me")
    play(model, 3, [(Color.BLACK, D3), (Color.WHITE, G7)])
    model.apply(ch.PhaseChanged(3, GamePhase.ADJOURNED))
    path = saver.path_for(3)
    assert path is not None
    return path


def test_a_loaded_game_resigned_before_a_new_move_ends_in_its_first_file(tmp_path: Path) -> None:
    """``load`` resends every move; once all are back the game is the adjourned record going
    on (not "undecided" until a new move): resigned at once, its result is written there."""
    model, saver = saver_in(tmp_path)
    first = adjourned_game(model, saver)
    model.follow(8, role=Role.PLAYING_BLACK, size=9, white="ivy", black="me")  # loaded
    play(model, 8, [(Color.BLACK, D3), (Color.WHITE, G7)])  # every move resent
    assert saver.path_for(8) == first
    model.game_ended(8, "W+Resign")
    assert root(first).get("RE") == "W+Resign"
    assert list(tmp_path.glob("*.sgf")) == [first]


def test_a_new_game_that_opens_like_a_finished_one_has_a_file_of_its_own(tmp_path: Path) -> None:
    """A server keeps no finished game to ``load``: a later game between the same players
    that begins with the same moves is a new game, never the finished record going on."""
    model, saver = saver_in(tmp_path)
    model.follow(3, role=Role.PLAYING_BLACK, size=9, white="ivy", black="me")
    play(model, 3, [(Color.BLACK, D3)])
    model.game_ended(3, "B+R")
    first = saver.path_for(3)
    assert first is not None
    kept = first.read_bytes()
    model.follow(4, role=Role.PLAYING_BLACK, size=9, white="ivy", black="me")
    play(model, 4, [(Color.BLACK, D3), (Color.WHITE, G7)])
    second = saver.path_for(4)
    assert second is not None and second != first
    assert moves_in(second) == [("b", (2, 2)), ("w", (6, 6))]
    assert first.read_bytes() == kept


def test_a_requested_game_right_after_an_adjourned_one_continues_nothing(tmp_path: Path) -> None:
    """A game that a request started (``fresh``) is new even when it repeats the whole
    adjourned game between the same players: the adjourned file stays as it was."""
    model, saver = saver_in(tmp_path)
    first = adjourned_game(model, saver)
    kept = first.read_bytes()
    model.apply(ch.GameFollowed(5, Role.PLAYING_BLACK, white="ivy", black="me", fresh=True))
    model.apply(ch.GameSetup(5, ch.SetupSource.TERMS, size=9))
    play(model, 5, [(Color.BLACK, D3), (Color.WHITE, G7), (Color.BLACK, E5)])
    second = saver.path_for(5)
    assert second is not None and second != first
    assert first.read_bytes() == kept
    assert moves_in(second) == [("b", (2, 2)), ("w", (6, 6)), ("b", (4, 4))]


def test_a_game_lost_before_its_first_move_is_kept_with_its_result(tmp_path: Path) -> None:
    """Spec, "Match procedure": "The starting player must make a move within 60 seconds or
    lose the game" (``9 OmegaGo1 lost the game 88 due to no-greeting. move 0 points.``): the
    game has no move, and its record (players, result) is still written."""
    model, saver = saver_in(tmp_path)
    model.follow(88, role=Role.PLAYING_BLACK, white="OmegaGo1", black="me")
    assert saver.path_for(88) is None  # nothing to keep yet
    model.game_ended(88, "B+F")
    path = saver.path_for(88)
    assert path is not None
    node = root(path)
    assert (node.get("PW"), node.get("PB"), node.get("RE")) == ("OmegaGo1", "me", "B+F")


def test_a_result_that_comes_after_the_end_is_written(tmp_path: Path) -> None:
    """KGS can list a game as over before its score comes (``kgs/session.py``: ``GameEnded
    (channel, "")`` for an entry that is ``over`` without a score, the result with the game's
    end message): the file gets the result when it comes."""
    model, saver = saver_in(tmp_path)
    model.follow(6, white="ann", black="bob", size=9)
    play(model, 6, [(Color.BLACK, D3)])
    model.apply(ch.GameEnded(6, ""))
    path = saver.path_for(6)
    assert path is not None and not root(path).has_property("RE")
    model.apply(ch.GameEnded(6, "B+3.5"))
    assert root(path).get("RE") == "B+3.5"


def test_the_last_move_and_the_count_saved_together_keep_the_territory_last(
    tmp_path: Path,
) -> None:
    """With deferred saves (the app) the last pass, the dead stones and the count of a game
    may come in one batch (a local engine game counts at once): the file is not just grown
    by the pass, it gets the territory node (``TB``/``TW`` on a node of its own after the
    last move, as NNGS writes it)."""
    later: list[Callable[[], None]] = []
    model = ClientModel(clock=lambda: 0.0)
    saver = AutoSaver(model, tmp_path, stamp=lambda: "T", defer=later.append)
    model.follow(1, white="ann", black="bob", size=5, komi=6.5)
    # Black walls column B, White column D; the white stone at A1 is dead
    wall = [
        (color, Point(col, row))
        for row in range(5)
        for color, col in ((Color.BLACK, 1), (Color.WHITE, 3))
    ]
    play(model, 1, [*wall, (Color.WHITE, Point(0, 0)), (Color.BLACK, None)])
    while later:
        later.pop()()  # saved up to Black's pass
    play(model, 1, [(Color.WHITE, None)])
    model.apply(ch.DeadStonesMarked(1, (Point(0, 0),)))
    model.game_ended(1, "W+4.5")  # the same batch: one deferred save
    while later:
        later.pop()()
    path = saver.path_for(1)
    assert path is not None
    nodes = sgf.Sgf_game.from_bytes(path.read_bytes()).get_main_sequence()
    assert nodes[-2].get_move() == ("w", None)  # White's pass, the last move
    last = nodes[-1]
    assert last.get_move() == (None, None)
    assert sorted(last.get_raw_list("TB")) == sorted(f"a{c}".encode() for c in "abcde")
    assert sorted(last.get_raw_list("TW")) == sorted(f"e{c}".encode() for c in "abcde")


def test_a_move_listed_after_the_count_goes_before_the_territory_node(tmp_path: Path) -> None:
    """A move of a counted game may reach us after its end (a ``moves N`` answer listing the
    last pass): the record is built again, the move in its place and the territory node
    still last (never a move hanging under it)."""
    model = ClientModel(clock=lambda: 0.0)
    saver = AutoSaver(model, tmp_path, stamp=lambda: "T")
    model.follow(1, white="ann", black="bob", size=5, komi=6.5)
    wall = [
        (color, Point(col, row))
        for row in range(5)
        for color, col in ((Color.BLACK, 1), (Color.WHITE, 3))
    ]
    play(model, 1, [*wall, (Color.WHITE, Point(0, 0)), (Color.BLACK, None)])
    model.apply(ch.DeadStonesMarked(1, (Point(0, 0),)))
    model.game_ended(1, "W+4.5")
    play(model, 1, [(Color.WHITE, None)])  # listed late
    path = saver.path_for(1)
    assert path is not None
    nodes = sgf.Sgf_game.from_bytes(path.read_bytes()).get_main_sequence()
    assert [n.get_move() for n in nodes[-3:-1]] == [("b", None), ("w", None)]
    assert nodes[-1].get_move() == (None, None) and nodes[-1].has_property("TB")
