"""Autosave writes complete SGF after every change; "save as" writes SGF or Ishi."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from sgfmill import sgf

from igs_tui.archive.autosave import AutoSaver, default_games_dir, game_record, save_game_as
from igs_tui.archive.record_header import IGS_RULES
from igs_tui.go import Color, Point
from igs_tui.model import (
    ClientModel,
    ClockReading,
    GamePhase,
    Kibitz,
    MoveRecord,
    Role,
    TimeSettings,
    TimeSystem,
)
from igs_tui.model import changes as ch
from igs_tui.records.convert import read_record_file
from igs_tui.records.sgf import write_sgf


def play(model: ClientModel, number: int, moves: list[tuple[Color, Point | None]]) -> None:
    game = model.followed[number]
    for color, point in moves:
        model.apply(ch.MoveAdded(number, MoveRecord(game.last_number + 1, color, point)))


def test_every_move_is_saved_with_header_comments_times_and_result(tmp_path: Path) -> None:
    now = [0.0]
    model = ClientModel(clock=lambda: now[0])
    saver = AutoSaver(model, tmp_path, stamp=lambda: "T")
    model.follow(
        3,
        role=Role.PLAYING_BLACK,
        size=9,
        komi=5.5,
        white="ivy",
        black="me",
        white_rank="3k",
        black_rank="2k",
    )
    settings = TimeSettings(TimeSystem.CANADIAN, 600, byo_seconds=300, byo_stones=25)
    model.apply(ch.TimeSystemSet(3, settings))
    model.apply(ch.ClockSet(3, Color.BLACK, ClockReading(600.0)))  # as a game heading would
    play(model, 3, [(Color.BLACK, Point(2, 2))])
    path = saver.path_for(3)
    assert path is not None and path.parent == tmp_path and path.name == "T-ivy-vs-me-3.sgf"
    assert len(sgf.Sgf_game.from_bytes(path.read_bytes()).get_main_sequence()) == 2
    model.apply(ch.GameChat(3, Kibitz("ivy", "", "have fun", 1), said=True))
    model.apply(ch.GameChat(3, Kibitz("obs", "5k", "nice", 1)))
    play(model, 3, [(Color.WHITE, Point(6, 6)), (Color.BLACK, None)])
    model.game_ended(3, "W+R")
    parsed = sgf.Sgf_game.from_bytes(path.read_bytes())
    root = parsed.get_root()
    assert (root.get("PB"), root.get("PW"), root.get("BR"), root.get("WR")) == (
        "me",
        "ivy",
        "2k",
        "3k",
    )
    assert (parsed.get_size(), parsed.get_komi(), root.get("RE")) == (9, 5.5, "W+R")
    assert root.get("OT") == "25/300 Canadian"
    nodes = parsed.get_main_sequence()
    assert [n.get_move() for n in nodes[1:]] == [("b", (2, 2)), ("w", (6, 6)), ("b", None)]
    comment = nodes[1].get("C")
    assert "ivy (say): have fun" in comment and "obs [5k] (kibitz): nice" in comment
    assert nodes[1].get("BL") == 600  # clock read when the move arrived
    assert not list(tmp_path.glob("*.tmp"))  # atomic: no temp files left behind


def test_handicap_becomes_setup_stones(tmp_path: Path) -> None:
    model = ClientModel(clock=lambda: 0.0)
    saver = AutoSaver(model, tmp_path)
    model.follow(4, size=9, white="a", black="b")
    model.apply(ch.MoveAdded(4, MoveRecord(1, Color.BLACK, None, handicap=2)))
    model.apply(ch.MoveAdded(4, MoveRecord(2, Color.WHITE, Point(4, 4))))
    path = saver.path_for(4)
    assert path is not None
    parsed = sgf.Sgf_game.from_bytes(path.read_bytes())
    assert parsed.get_root().get("HA") == 2
    assert len(parsed.get_root().get("AB")) == 2
    assert parsed.get_main_sequence()[1].get_move() == ("w", (4, 4))


def test_unwritable_directory_is_reported_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    model = ClientModel(clock=lambda: 0.0)
    saver = AutoSaver(model, blocker / "games")
    model.follow(5, size=9, white="a", black="b")
    play(model, 5, [(Color.BLACK, Point(0, 0))])
    assert saver.errors and "game 5" in saver.errors[0]
    assert model.notifications[-1].title == "Autosave failed"


def test_save_as_sgf_and_ishi_and_bad_extension(tmp_path: Path) -> None:
    model = ClientModel(clock=lambda: 0.0)
    game = model.follow(6, size=9, white="a", black="b", komi=0.5)
    play(model, 6, [(Color.BLACK, Point(2, 2)), (Color.WHITE, Point(6, 6))])
    for name in ("g.sgf", "g.go"):
        save_game_as(game, tmp_path / name)
        record = read_record_file(tmp_path / name).records[0]
        assert [(p.color, p.point) for p in record.main_moves()] == [
            (Color.BLACK, Point(2, 2)),
            (Color.WHITE, Point(6, 6)),
        ]
    with pytest.raises(ValueError, match="unknown record format"):
        save_game_as(game, tmp_path / "g.txt")
    assert not (tmp_path / "g.txt").exists()


def test_default_dir_is_under_user_data_dir() -> None:
    assert default_games_dir().parts[-2:] == ("igs-tui", "games")


def adjourned_own_game(tmp_path: Path) -> tuple[ClientModel, AutoSaver, Path]:
    """Our game 3 against ivy, two moves played, then adjourned: the model, its saver (files
    stamped T1, T2, T3 in turn) and the game's file."""
    stamps = iter(["T1", "T2", "T3"])
    model = ClientModel(clock=lambda: 0.0)
    saver = AutoSaver(model, tmp_path, stamp=lambda: next(stamps))
    model.follow(3, role=Role.PLAYING_BLACK, size=9, white="ivy", black="me")
    play(model, 3, [(Color.BLACK, Point(2, 2)), (Color.WHITE, Point(6, 6))])
    model.apply(ch.PhaseChanged(3, GamePhase.ADJOURNED))
    first = saver.path_for(3)
    assert first is not None
    return model, saver, first


def test_a_reloaded_own_game_goes_on_in_its_first_file(tmp_path: Path) -> None:
    """An adjourned (or interrupted) game of ours that is loaded again comes back under a new
    number with its moves resent: its record continues in the same file, not a new one."""
    model, saver, first = adjourned_own_game(tmp_path)
    model.follow(8, role=Role.PLAYING_BLACK, size=9, white="ivy", black="me")  # loaded again
    play(model, 8, [(Color.BLACK, Point(2, 2)), (Color.WHITE, Point(6, 6))])  # resent
    play(model, 8, [(Color.BLACK, Point(4, 4))])  # and on
    assert saver.path_for(8) == first
    assert [p.name for p in tmp_path.glob("*.sgf")] == [first.name]
    moves = [n.get_move() for n in sgf.Sgf_game.from_bytes(first.read_bytes()).get_main_sequence()]
    assert moves[1:] == [("b", (2, 2)), ("w", (6, 6)), ("b", (4, 4))]
    # a new game between the same players after the first one finished gets its own file
    model.game_ended(8, "B+R")
    model.follow(9, role=Role.PLAYING_BLACK, size=9, white="ivy", black="me")
    play(model, 9, [(Color.BLACK, Point(3, 3))])
    assert saver.path_for(9) != first and len(list(tmp_path.glob("*.sgf"))) == 2


def test_autosave_syncs_the_file_and_its_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A crash right after a save must not lose it: the data is fsynced before the rename,
    and the directory after it (so the rename itself is on disk)."""
    synced: list[str] = []
    real_fsync = os.fsync

    def recording_fsync(fd: int) -> None:
        synced.append("dir" if os.path.isdir(f"/proc/self/fd/{fd}") else "file")
        real_fsync(fd)

    replaced: list[int] = []
    real_replace = os.replace

    def recording_replace(src: object, dst: object) -> None:
        replaced.append(len(synced))
        real_replace(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "fsync", recording_fsync)
    monkeypatch.setattr(os, "replace", recording_replace)
    model = ClientModel(clock=lambda: 0.0)
    AutoSaver(model, tmp_path)
    model.follow(3, role=Role.PLAYING_BLACK, size=9, white="ivy", black="me")
    play(model, 3, [(Color.BLACK, Point(2, 2))])
    assert synced == ["file", "dir"] and replaced == [1]


def test_a_new_move_grows_the_text_and_the_file_is_the_whole_record(tmp_path: Path) -> None:
    """Each write is exactly what writing the whole record gives; a plain move is appended to
    the text kept from the last write instead of building and serialising the game again."""
    now = [0.0]
    model = ClientModel(clock=lambda: now[0])
    saver = AutoSaver(model, tmp_path, stamp=lambda: "T")
    model.follow(3, size=9, white="ivy", black="me", komi=5.5)
    model.apply(ch.TimeSystemSet(3, TimeSettings(TimeSystem.CANADIAN, 600, 300, byo_stones=25)))
    game = model.followed[3]

    def assert_file_is_the_record() -> None:
        path = saver.path_for(3)
        assert path is not None
        times = saver._saved[game.serial].times  # the clock readings autosave took as moves arrived
        assert path.read_bytes() == write_sgf(game_record(game, times, rules=IGS_RULES))

    points = [Point(c, r) for r in range(9) for c in range(9)]
    for point in points[:6]:
        now[0] += 7.0
        color = Color.BLACK if game.last_number % 2 == 0 else Color.WHITE
        play(model, 3, [(color, point)])
        assert_file_is_the_record()
    assert (saver.writes, saver.built) == (6, 1)  # the first write built it, five grew it
    model.apply(ch.GameChat(3, Kibitz("obs", "5k", "nice ] move", game.last_number)))
    assert_file_is_the_record()
    play(model, 3, [(Color.BLACK, points[6]), (Color.WHITE, None)])
    assert_file_is_the_record()
    assert saver.built == 2  # the kibitz rebuilt it; the moves after it grew it again
    model.apply(ch.MoveUndone(3))
    assert_file_is_the_record()
    play(model, 3, [(Color.WHITE, points[7])])
    assert_file_is_the_record()
    model.game_ended(3, "W+R")
    assert_file_is_the_record()
    assert saver.built == 4  # undo and result rebuild; the move in between grew


def test_chat_waiting_for_its_move_is_moved_onto_it(tmp_path: Path) -> None:
    """A kibitz about a move not received yet sits on the last node; when its move comes, the
    record puts it there, so that move rebuilds the text instead of growing it."""
    model = ClientModel(clock=lambda: 0.0)
    saver = AutoSaver(model, tmp_path)
    model.follow(4, size=9, white="a", black="b")
    game = model.followed[4]
    play(model, 4, [(Color.BLACK, Point(2, 2))])
    model.apply(ch.GameChat(4, Kibitz("obs", "", "next one", 2)))
    play(model, 4, [(Color.WHITE, Point(6, 6))])
    path = saver.path_for(4)
    assert path is not None
    times = saver._saved[game.serial].times
    assert path.read_bytes() == write_sgf(game_record(game, times, rules=IGS_RULES))
    nodes = sgf.Sgf_game.from_bytes(path.read_bytes()).get_main_sequence()
    assert "next one" in nodes[2].get("C") and not nodes[1].has_property("C")


def test_background_saves_never_wait_and_the_newest_text_is_written(tmp_path: Path) -> None:
    """With a writer thread a save hands its text over and returns, even while a slow write is
    under way; texts that pile up meanwhile are replaced by the newest, which is written next
    (the screen never waits for the disk, and the file ends up with every move)."""
    started = threading.Semaphore(0)
    release = threading.Event()
    written: list[bytes] = []

    def slow_write(data: bytes, path: Path) -> None:
        started.release()
        assert release.wait(30)
        written.append(data)

    model = ClientModel(clock=lambda: 0.0)
    saver = AutoSaver(model, tmp_path, background=True, write=slow_write)
    model.follow(3, size=9, white="a", black="b")
    play(model, 3, [(Color.BLACK, Point(2, 2))])  # returns with its write under way
    assert started.acquire(timeout=30) and written == []
    play(model, 3, [(Color.WHITE, Point(6, 6))])  # the first write is held: these return
    play(model, 3, [(Color.BLACK, Point(4, 4))])
    assert written == [] and saver.writes == 3
    release.set()
    saver.close()  # waits for the newest text
    assert len(written) == 2, "the second text was replaced by the third before its turn"
    assert b"W[gc]" not in written[0] and b"W[gc]" in written[1] and b"B[ee]" in written[1]


def test_a_failed_background_write_is_reported(tmp_path: Path) -> None:
    def full_disk(data: bytes, path: Path) -> None:
        raise OSError(28, "No space left on device")

    model = ClientModel(clock=lambda: 0.0)
    saver = AutoSaver(model, tmp_path, background=True, write=full_disk)
    model.follow(5, size=9, white="a", black="b")
    play(model, 5, [(Color.BLACK, Point(0, 0))])
    saver.flush()
    assert saver.errors and "No space left" in saver.errors[0]
    assert model.notifications[-1].title == "Autosave failed"
    saver.close()


def test_a_scored_game_records_territory_and_a_resigned_one_does_not(tmp_path: Path) -> None:
    # 5x5: Black walls column B, White column D; the white stone at A1 is dead
    wall = [
        (color, Point(col, row))
        for row in range(5)
        for color, col in ((Color.BLACK, 1), (Color.WHITE, 3))
    ]
    for result, territory in (("W+4.5", True), ("W+R", False)):
        model = ClientModel()
        saver = AutoSaver(model, tmp_path / result)
        model.follow(1, white="ann", black="bob", size=5, komi=6.5)
        play(model, 1, [*wall, (Color.WHITE, Point(0, 0))])
        model.apply(ch.DeadStonesMarked(1, (Point(0, 0),)))
        model.game_ended(1, result)
        path = saver.path_for(1)
        assert path is not None
        last = sgf.Sgf_game.from_bytes(path.read_bytes()).get_main_sequence()[-1]
        if not territory:
            assert not last.has_property("TB") and not last.has_property("TW")
            continue
        # on a node of its own after the last move, as NNGS writes it (gamedb.c)
        assert last.get_move() == (None, None)
        # A-column (dead stone's point included) is Black's, E-column White's
        tb = sorted(last.get_raw_list("TB"))
        tw = sorted(last.get_raw_list("TW"))
        assert tb == sorted(f"a{c}".encode() for c in "abcde")
        assert tw == sorted(f"e{c}".encode() for c in "abcde")


def test_deferred_saves_wait_for_their_turn_and_a_burst_is_one_save(tmp_path: Path) -> None:
    """With ``defer`` (the app) a change is saved when the deferred call runs, not while the
    model announces it (the move reaches the screen first); the moves of a burst are one save
    of the whole game, and it has every move."""
    later: list[Callable[[], None]] = []
    model = ClientModel(clock=lambda: 0.0)
    saver = AutoSaver(model, tmp_path, stamp=lambda: "T", defer=later.append)
    model.follow(3, size=9, white="a", black="b")
    play(model, 3, [(Color.BLACK, Point(2, 2)), (Color.WHITE, Point(6, 6))])
    assert saver.writes == 0 and not list(tmp_path.iterdir())
    assert len(later) == 1, "one deferred call per burst"
    later.pop()()
    assert saver.writes == 1
    path = saver.path_for(3)
    assert path is not None and model.followed[3].record == str(path)
    assert b"B[cg]" in path.read_bytes() and b"W[gc]" in path.read_bytes()
    play(model, 3, [(Color.BLACK, Point(4, 4))])
    assert len(later) == 1 and b"B[ee]" not in path.read_bytes()
    saver.close()  # what is deferred is saved before the saver stops
    assert b"B[ee]" in path.read_bytes()


def test_a_deferred_game_let_go_before_its_turn_keeps_its_last_changes(tmp_path: Path) -> None:
    """The model may let a finished game go before the deferred save runs: its result is
    written as it goes."""
    later: list[Callable[[], None]] = []
    model = ClientModel(clock=lambda: 0.0)
    saver = AutoSaver(model, tmp_path, stamp=lambda: "T", defer=later.append)
    model.follow(4, size=9, white="a", black="b")
    play(model, 4, [(Color.BLACK, Point(2, 2))])
    model.game_ended(4, "W+Resign")
    model.unfollow(4)
    assert 4 not in model.followed
    files = list(tmp_path.iterdir())
    assert len(files) == 1 and b"RE[W+Resign]" in files[0].read_bytes()
    for call in later:
        call()  # nothing left to do: no second file, no error
    assert list(tmp_path.iterdir()) == files and saver.errors == []


def test_a_game_that_only_begins_like_an_adjourned_one_gets_a_file_of_its_own(
    tmp_path: Path,
) -> None:
    """A game of ours comes back by ``load`` with every move resent, so a game between the
    same players whose first moves are those of the adjourned record may be that record
    going on: nothing is written while its moves are only the record's beginning. Once it
    goes its own way it is a new game (a file of its own), and the adjourned file stays
    byte for byte; a game that a request started (``fresh``) continues nothing."""
    model, saver, first = adjourned_own_game(tmp_path)
    kept = first.read_bytes()
    # the next game under 3 (an entry of its own: the adjourned one is closed)
    model.follow(3, role=Role.PLAYING_BLACK, size=9, white="ivy", black="me")
    assert model.followed[3].serial == 2
    play(model, 3, [(Color.BLACK, Point(2, 2))])  # as the adjourned game began: undecided
    assert saver.path_for(3) is None and list(tmp_path.glob("*.sgf")) == [first]
    play(model, 3, [(Color.WHITE, Point(4, 4))])  # its own way: a new game
    second = saver.path_for(3)
    assert second is not None and second != first and first.read_bytes() == kept
    moves = [n.get_move() for n in sgf.Sgf_game.from_bytes(second.read_bytes()).get_main_sequence()]
    assert moves[1:] == [("b", (2, 2)), ("w", (4, 4))]
    # a game a request started repeats the whole adjourned record: still a new game
    model.apply(ch.GameEnded(3, "B+R"))
    model.apply(ch.GameFollowed(5, Role.PLAYING_BLACK, white="ivy", black="me", fresh=True))
    play(model, 5, [(Color.BLACK, Point(2, 2)), (Color.WHITE, Point(6, 6))])
    third = saver.path_for(5)
    assert third not in (None, first, second) and first.read_bytes() == kept


def test_a_new_file_never_takes_the_name_of_one_on_disk(tmp_path: Path) -> None:
    """Two games that start in the same second under the same number and players (another
    run of the app, say) get two names: a file on disk is never written by another game."""
    (tmp_path / "T-ivy-vs-me-3.sgf").write_bytes(b"(;GM[1]C[an earlier run's game])")
    model = ClientModel(clock=lambda: 0.0)
    saver = AutoSaver(model, tmp_path, stamp=lambda: "T")
    model.follow(3, role=Role.PLAYING_BLACK, size=9, white="ivy", black="me")
    play(model, 3, [(Color.BLACK, Point(2, 2))])
    assert saver.path_for(3) == tmp_path / "T-ivy-vs-me-3-2.sgf"
    assert (tmp_path / "T-ivy-vs-me-3.sgf").read_bytes() == b"(;GM[1]C[an earlier run's game])"


def test_a_header_change_between_moves_is_in_the_next_write(tmp_path: Path) -> None:
    """The header is kept from one save to the next (a move changes none of it), but a change
    of what it is made of (the komi agreed, a title) is in the file with the next move."""
    model = ClientModel(clock=lambda: 0.0)
    saver = AutoSaver(model, tmp_path, stamp=lambda: "T")
    model.follow(3, size=9, white="a", black="b", komi=0.5)
    play(model, 3, [(Color.BLACK, Point(2, 2)), (Color.WHITE, Point(6, 6))])
    path = saver.path_for(3)
    assert path is not None
    assert sgf.Sgf_game.from_bytes(path.read_bytes()).get_komi() == 0.5
    model.apply(ch.GameSetup(3, ch.SetupSource.PROPERTIES, komi=6.5))
    model.apply(ch.GameTitled(3, "Round 2"))
    play(model, 3, [(Color.BLACK, Point(4, 4))])
    game = sgf.Sgf_game.from_bytes(path.read_bytes())
    assert game.get_root().get("GN") == "Round 2" and game.get_root().get("KM") == 6.5
    assert len(game.get_main_sequence()) == 4
    times = saver._saved[model.followed[3].serial].times
    assert path.read_bytes() == write_sgf(game_record(model.followed[3], times, rules=IGS_RULES))


def test_a_watched_games_moves_wait_for_the_slower_save_with_their_clocks_as_they_came(
    tmp_path: Path,
) -> None:
    """With ``defer_observed`` (the app: about a second) the moves of a game we only watch are
    one save per burst of that pace, while our own games' changes keep the prompt ``defer``.
    Each move's clock is read as it arrives: saved 30 s later, Black's first move still has
    the 600 s it had, not the 580 s Black's running clock shows by then."""
    now = [0.0]
    soon: list[Callable[[], None]] = []
    later: list[Callable[[], None]] = []
    model = ClientModel(clock=lambda: now[0])
    saver = AutoSaver(
        model, tmp_path, stamp=lambda: "T", defer=soon.append, defer_observed=later.append
    )
    model.follow(5, size=9, white="w", black="b")  # watched
    model.follow(6, size=9, white="ivy", black="me", role=Role.PLAYING_BLACK)
    for number in (5, 6):
        model.apply(ch.TimeSystemSet(number, TimeSettings(TimeSystem.CANADIAN, 600, 300, 25)))
        for color in (Color.BLACK, Color.WHITE):
            model.apply(ch.ClockSet(number, color, ClockReading(600.0)))
    for call in soon + later:
        call()  # the settings: nothing to write before a move
    soon.clear()
    later.clear()
    assert not list(tmp_path.iterdir())
    play(model, 5, [(Color.BLACK, Point(2, 2))])
    now[0] = 10.0
    play(model, 5, [(Color.WHITE, Point(6, 6))])
    assert (len(soon), len(later)) == (0, 1), "a watched game's moves wait for the slow save"
    play(model, 6, [(Color.BLACK, Point(4, 4))])
    assert (len(soon), len(later)) == (1, 1), "our own game's move goes by the prompt one"
    soon.pop()()
    assert saver.path_for(5) is None and saver.path_for(6) is not None
    now[0] = 30.0
    later.pop()()
    path = saver.path_for(5)
    assert path is not None
    nodes = sgf.Sgf_game.from_bytes(path.read_bytes()).get_main_sequence()
    assert [n.get_move() for n in nodes[1:]] == [("b", (2, 2)), ("w", (6, 6))]
    assert (nodes[1].get("BL"), nodes[2].get("WL")) == (600, 590)
    # the end of a watched game is written promptly, with the moves still waiting
    play(model, 5, [(Color.BLACK, Point(4, 4))])
    assert len(later) == 1
    model.game_ended(5, "B+R")
    assert len(soon) == 1
    soon.pop()()
    data = path.read_bytes()
    assert b"B[ee]" in data and b"RE[B+R]" in data
    later.pop()()  # nothing left for it: the file stays as it is
    assert path.read_bytes() == data and saver.writes == 3
    saver.close()


def test_closing_the_saver_writes_a_watched_games_waiting_moves(tmp_path: Path) -> None:
    later: list[Callable[[], None]] = []
    model = ClientModel(clock=lambda: 0.0)
    saver = AutoSaver(
        model, tmp_path, stamp=lambda: "T", defer=lambda _s: None, defer_observed=later.append
    )
    model.follow(7, size=9, white="w", black="b")
    play(model, 7, [(Color.BLACK, Point(2, 2))])
    assert not list(tmp_path.iterdir())
    saver.close()
    files = list(tmp_path.iterdir())
    assert len(files) == 1 and b"B[cg]" in files[0].read_bytes()


def test_moves_saved_together_grow_the_text_and_the_file_is_the_whole_record(
    tmp_path: Path,
) -> None:
    """A watched game saved once a second brings several moves to one save: they are appended
    to the kept text (not the whole record built again), and the file is exactly what writing
    the whole record gives; an undo among them builds it again."""
    later: list[Callable[[], None]] = []
    model = ClientModel(clock=lambda: 0.0)
    saver = AutoSaver(
        model, tmp_path, stamp=lambda: "T", defer=later.append, defer_observed=later.append
    )
    model.follow(3, size=9, white="ivy", black="me", komi=5.5)
    game = model.followed[3]
    points = [Point(c, r) for r in range(9) for c in range(9)]

    def save_and_check() -> None:
        while later:
            later.pop()()
        path = saver.path_for(3)
        assert path is not None
        times = saver._saved[game.serial].times
        assert path.read_bytes() == write_sgf(game_record(game, times, rules=IGS_RULES))

    def moves(count: int) -> None:
        for _ in range(count):
            color = Color.BLACK if game.last_number % 2 == 0 else Color.WHITE
            play(model, 3, [(color, points[game.last_number])])

    moves(2)
    save_and_check()
    assert saver.built == 1
    moves(3)
    save_and_check()
    moves(4)
    save_and_check()
    assert (saver.writes, saver.built) == (3, 1), "two saves of several moves each, appended"
    model.apply(ch.MoveUndone(3))
    moves(2)
    save_and_check()
    assert saver.built == 2, "an undo among the moves: built again"
