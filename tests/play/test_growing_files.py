"""Autosave's file writer: a record grown at its end is written there, anything else whole.

The file must always hold exactly the last text handed over (what ``write_sgf`` gives for the
record, see test_autosave.py), whichever way it was written; an in-place write is only ever
made over the file this writer wrote last.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from igs_tui.archive.autosave import AutoSaver, game_record
from igs_tui.archive.growing_files import MAX_IN_PLACE, GrowingFiles
from igs_tui.archive.record_header import IGS_RULES
from igs_tui.go import Color, Point
from igs_tui.model import ClientModel, Kibitz, MoveRecord
from igs_tui.model import changes as ch
from igs_tui.records.sgf import write_sgf


def grown(text: bytes, node: bytes) -> bytes:
    """``text`` with ``node`` before its closing ``)`` and newline, as a new move grows it."""
    assert text.endswith(b")\n")
    return text[:-2] + node + b")\n"


def test_moves_at_the_end_are_written_in_place_and_the_file_is_each_text(tmp_path: Path) -> None:
    path = tmp_path / "game.sgf"
    files = GrowingFiles()
    text = b"(;FF[4]GM[1]SZ[19])\n"
    files(text, path)
    inode = path.stat().st_ino
    for node in (b";B[pd]", b";W[dp]", b";B[pp]BL[299.0]"):
        text = grown(text, node)
        files(text, path)
        assert path.read_bytes() == text
    assert (files.whole, files.in_place) == (1, 3)
    assert path.stat().st_ino == inode, "a move at the end does not replace the file"
    assert not [p for p in tmp_path.iterdir() if p != path], "no temporary file left"


def test_a_text_changed_before_its_end_or_shorter_is_written_whole(tmp_path: Path) -> None:
    path = tmp_path / "game.sgf"
    files = GrowingFiles()
    text = b"(;FF[4]SZ[19];B[pd];W[dp];B[pp];W[dd])\n"
    files(text, path)
    commented = b"(;FF[4]SZ[19];B[pd]C[nice];W[dp];B[pp];W[dd];B[qq])\n"  # on an early move
    files(commented, path)
    assert path.read_bytes() == commented and files.whole == 2
    undone = b"(;FF[4]SZ[19];B[pd]C[nice];W[dp];B[pp];W[dd])\n"  # an undo: shorter
    files(undone, path)
    assert path.read_bytes() == undone and files.whole == 3
    assert files.in_place == 0


def test_a_file_changed_by_someone_else_is_never_written_into(tmp_path: Path) -> None:
    """The user (or another program) replaced or edited the record: our next text replaces
    it whole instead of patching bytes into a file that is not the one we wrote."""
    path = tmp_path / "game.sgf"
    files = GrowingFiles()
    text = b"(;FF[4]SZ[19];B[pd])\n"
    files(text, path)
    path.write_bytes(b"(;FF[4]SZ[19];B[pd]C[edited by hand])\n")  # the same file, edited
    text = grown(text, b";W[dp]")
    files(text, path)
    assert path.read_bytes() == text
    os.replace(_other(tmp_path, text), path)  # same bytes, another file
    text = grown(text, b";B[pp]")
    files(text, path)
    assert path.read_bytes() == text
    path.unlink()  # gone
    text = grown(text, b";W[qq]")
    files(text, path)
    assert path.read_bytes() == text
    assert (files.whole, files.in_place) == (4, 0)


def _other(folder: Path, data: bytes) -> Path:
    other = folder / "other.sgf"
    other.write_bytes(data)
    return other


def test_a_burst_larger_than_a_page_is_written_whole(tmp_path: Path) -> None:
    path = tmp_path / "game.sgf"
    files = GrowingFiles()
    text = b"(;FF[4]SZ[19])\n"
    files(text, path)
    text = grown(text, b";B[aa]" * (MAX_IN_PLACE // 6 + 1))
    files(text, path)
    assert path.read_bytes() == text and (files.whole, files.in_place) == (2, 0)


@settings(max_examples=60, deadline=None)
@given(
    steps=st.lists(
        st.one_of(
            st.tuples(st.just("grow"), st.binary(min_size=1, max_size=40)),
            st.tuples(st.just("cut"), st.integers(min_value=0, max_value=60)),
            st.tuples(st.just("edit"), st.integers(min_value=0, max_value=200)),
        ),
        max_size=25,
    )
)
def test_the_file_is_always_the_last_text(
    tmp_path_factory: pytest.TempPathFactory, steps: list[tuple[str, bytes | int]]
) -> None:
    """Any sequence of grown, shortened and changed texts: the file holds the last one."""
    folder = tmp_path_factory.mktemp("growing")
    path = folder / "game.sgf"
    files = GrowingFiles()
    text = b"(;FF[4]SZ[19])\n"
    files(text, path)
    for kind, value in steps:
        if isinstance(value, bytes):
            text = grown(text, value)
        elif kind == "cut":
            body = text[:-2]
            text = body[: max(1, len(body) - value)] + b")\n"
        else:
            at = value % (len(text) - 2)
            text = text[:at] + bytes([text[at] ^ 1]) + text[at + 1 :]
        files(text, path)
        assert path.read_bytes() == text


def test_autosave_writes_each_move_in_place_and_the_file_is_the_record(tmp_path: Path) -> None:
    """The saver's default writer: the first save writes the file whole, each later move
    only its end; a kibitz (which changes the record before its end) rewrites it whole; the
    file is ``write_sgf`` of the record after every change."""
    model = ClientModel(clock=lambda: 0.0)
    saver = AutoSaver(model, tmp_path, stamp=lambda: "T")
    files = saver._write
    assert isinstance(files, GrowingFiles)
    model.follow(3, size=9, white="a", black="b")
    path: Path | None = None
    game = model.followed[3]
    points = [Point(c, r) for r in (2, 6) for c in (2, 4, 6)]
    for index, point in enumerate(points):
        color = Color.BLACK if index % 2 == 0 else Color.WHITE
        model.apply(ch.MoveAdded(3, MoveRecord(game.last_number + 1, color, point)))
        path = saver.path_for(3)
        assert path is not None
        record = game_record(game, saver._saved[game.serial].times, rules=IGS_RULES)
        assert path.read_bytes() == write_sgf(record)
    assert (files.whole, files.in_place) == (1, len(points) - 1)
    model.apply(ch.GameChat(3, Kibitz("obs", "", "good shape", 2)))
    assert files.whole == 2 and path is not None
    record = game_record(game, saver._saved[game.serial].times, rules=IGS_RULES)
    assert path.read_bytes() == write_sgf(record)
