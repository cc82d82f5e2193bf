"""``igs-tui convert`` and the atomic record-file helpers."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from igs_tui.cli import main
from igs_tui.go.coords import parse_point
from igs_tui.go.types import Color
from igs_tui.records.convert import (
    UnknownFormatError,
    format_for_path,
    read_record_file,
    run_convert_cli,
    save_sgf_atomic,
    write_record_file,
)
from igs_tui.records.ishi import parse_ishi
from igs_tui.records.model import Comment, Play
from igs_tui.records.sgf import parse_sgf, write_sgf

SAMPLE = Path(__file__).parent / "data" / "ishi_spec_sample.go"


def test_ishi_to_sgf_and_back(tmp_path: Path) -> None:
    sgf_path = tmp_path / "sample.sgf"
    ishi_path = tmp_path / "again.ishi"
    assert main(["convert", str(SAMPLE), str(sgf_path)]) == 0
    assert sgf_path.read_bytes().startswith(b"(;FF[4]")
    assert sgf_path.read_bytes().count(b"(;FF[4]") == 3  # events -> SGF collection
    assert main(["convert", str(sgf_path), str(ishi_path)]) == 0
    assert read_record_file(ishi_path) == parse_ishi(SAMPLE.read_text())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["again.ishi", "sample.sgf"]


def test_sgf_game_to_ishi_gets_engine_prisoners(tmp_path: Path) -> None:
    source = tmp_path / "capture.sgf"
    source.write_bytes(b"(;SZ[9];B[ab];W[aa];B[ba])")  # Black A8, White A9, Black B9 captures
    target = tmp_path / "capture.go"
    assert main(["convert", str(source), str(target)]) == 0
    text = target.read_text()
    assert "B 3 B9\nPRISONER A9\n" in text
    record = read_record_file(target)[0]
    assert record.main_moves()[-1] == Play(Color.BLACK, parse_point("B9", 9), 3)


@pytest.mark.parametrize(
    ("name", "content", "where"),
    [
        ("bad.go", "EVENT x\nB 1 Q4\nB 22 Q3 R7\n", ":3:9: unexpected 'R7'"),
        ("bad.sgf", "(;SZ[9];B[ee]", ":1:14: SGF data ends inside a game"),
        ("bad.ishi", "B 1 Q4\nCOM\nno end\n", ":2:1: COM is never closed by ENDCOM"),
    ],
)
def test_bad_input_reports_position_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, content: str, where: str
) -> None:
    source = tmp_path / name
    source.write_text(content)
    target = tmp_path / ("out.sgf" if name.endswith(".go") or name.endswith(".ishi") else "out.go")
    assert main(["convert", str(source), str(target)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"igs-tui: {source}{where}")
    assert not target.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]  # no temporary left over


def test_bad_input_leaves_an_existing_output_untouched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "bad.go"
    source.write_text("B 0 Q4\n")
    target = tmp_path / "keep.sgf"
    target.write_bytes(b"(;GN[precious])")
    assert main(["convert", str(source), str(target)]) == 1
    assert target.read_bytes() == b"(;GN[precious])"
    assert ":1:3: move number must be at least 1" in capsys.readouterr().err


@pytest.mark.parametrize(("source", "target"), [("game.txt", "out.sgf"), ("game.go", "out.pdf")])
def test_unknown_extension(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], source: str, target: str
) -> None:
    shutil.copy(SAMPLE, tmp_path / source)
    assert main(["convert", str(tmp_path / source), str(tmp_path / target)]) == 1
    assert "unknown record format" in capsys.readouterr().err
    assert not (tmp_path / target).exists()


def test_missing_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", str(tmp_path / "none.sgf"), str(tmp_path / "out.go")]) == 1
    assert capsys.readouterr().err.startswith(f"igs-tui: {tmp_path / 'none.sgf'}: ")
    assert not (tmp_path / "out.go").exists()


def test_unwritable_target_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "no" / "such" / "dir.sgf"
    assert main(["convert", str(SAMPLE), str(target)]) == 1
    assert capsys.readouterr().err.startswith(f"igs-tui: {target}: ")


def test_format_for_path() -> None:
    assert format_for_path("a.SGF").value == "sgf"
    assert format_for_path("a.go").value == format_for_path("b.Ishi").value == "ishi"
    with pytest.raises(UnknownFormatError, match="no extension"):
        format_for_path("README")


def test_repeated_point_lists_and_a_free_handicap_are_records() -> None:
    """What FF[4] allows stays readable: a point list given twice is one list (sgfmill's
    merge), a comment may hold brackets, and a free handicap above 9 placed as stones is a
    game."""
    ten = "".join(f"[{c}a]" for c in "abcdefghij")
    collection = parse_sgf(f"(;GM[1]SZ[19]HA[10]AB{ten};W[cc]AB[dd]AB[ee]C[see [x\\]])")
    record = collection[0]
    assert record.info.handicap == 10 and len(record.root.add_black) == 10
    assert record.main_line()[1].add_black == [parse_point("D16", 19), parse_point("E15", 19)]


def test_a_record_whose_komi_cannot_be_written_is_refused_not_raised(tmp_path: Path) -> None:
    """Review's save: a komi no reader lets through (built in memory) is a ValueError the
    dialog shows, never OverflowError."""
    record = parse_sgf("(;GM[1]SZ[9];B[cc])")[0]
    record.info.komi = float("inf")
    with pytest.raises(ValueError, match="not a number"):
        write_record_file(record, tmp_path / "out.sgf")
    assert list(tmp_path.iterdir()) == []


def test_write_and_save_helpers(tmp_path: Path) -> None:
    collection = read_record_file(SAMPLE)
    write_record_file(collection, tmp_path / "copy.go")
    assert read_record_file(tmp_path / "copy.go") == collection
    save_sgf_atomic(collection[0], tmp_path / "game.sgf")
    assert read_record_file(tmp_path / "game.sgf")[0].main_moves() == collection[0].main_moves()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy.go", "game.sgf"]


def test_ishi_files_in_latin1_are_read(tmp_path: Path) -> None:
    # The spec allows only ASCII; old files from other tools carry Latin-1 names.
    path = tmp_path / "old.go"
    path.write_bytes("BLACK Jos\xe9\nB 1 Q4\n".encode("latin-1"))
    assert read_record_file(path)[0].info.black == "José"


def test_records_layer_does_not_import_the_ui() -> None:
    """The record layer is used by the model and the local server: no Textual, no sockets."""
    import subprocess
    import sys

    code = (
        "import sys, igs_tui.records, igs_tui.records.convert;"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'telnetlib3')"
        " or m.startswith(('igs_tui.ui', 'igs_tui.backends.igs.net'))];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


NONSENSE = [
    # (file name, content, "LINE:COL: reason" the error must name)
    ("huge.sgf", "(;GM[1]FF[4]SZ[9]\nHA[999999999999];B[cc])", ":2:1: HA[999999999999]"),
    ("nan.sgf", "(;GM[1]FF[4]SZ[9]KM[nan];B[cc])", ":1:18: KM[nan]"),
    ("inf.sgf", "(;SZ[9]KM[1e400];B[cc])", ":1:8: KM[1e400]"),
    ("chess.sgf", "(;GM[2]FF[4]SZ[9];B[cc])", ":1:3: GM[2]: not a game of Go"),
    ("occupied.sgf", "(;GM[1]SZ[9]\n;B[cc]\n;W[cc])", ":3:1: move 2 (W) is illegal"),
    (
        "suicide.sgf",
        "(;GM[1]SZ[9];B[ba];W[ee];B[ab];W[ff];B[bb]\n;W[aa])",
        ":2:1: move 6 (W) is illegal",
    ),
    ("variation.sgf", "(;GM[1]SZ[9];B[cc](;W[dd])\n(;W[cc]))", ":2:2: move 2 (W) is illegal"),
    ("empty.go", "", ":1:1: no game in this file"),
    ("remarks.go", "Remark nothing but a remark\n", ":1:1: no game in this file"),
    ("occupied.go", "event\nB 1 C3\nW 2 C3\n", ":3:1: move 2 (W) is illegal"),
    # issue 26: each of these was accepted (exit 0, a file written) or raised OverflowError
    ("komi.go", "KOMI " + "9" * 400 + "\nB 1 Q4\n", ":1:6: komi '99999999999999999999..."),
    ("handicap.go", "HANDICAP 99\nB 1 Q4\n", ":1:10: a handicap of 99 stones"),
    ("handicap.sgf", "(;GM[1]SZ[19]HA[99];B[cc])", ":1:14: a handicap of 99 stones"),
    ("unbalanced.sgf", "((;GM[1]SZ[9];B[cc])", ":1:1: unbalanced '('"),
    ("closing.sgf", "(;GM[1]SZ[9];B[cc]))", ":1:20: unbalanced ')'"),
    ("swallowed.sgf", "(;GM[1]SZ[9]C[oops;B[cc];W[dd])", ":1:14: a value seems to be missing"),
    ("unclosed.sgf", "(;GM[1]SZ[9];B[cc]C[oops)", ":1:20: a value is never closed"),
    ("twice.sgf", "(;GM[1]SZ[9]SZ[19];B[cc])", ":1:13: SZ appears twice in one node"),
]


@pytest.mark.parametrize(("name", "content", "where"), NONSENSE, ids=[n[0] for n in NONSENSE])
def test_nonsense_is_a_clear_error_with_its_position_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, content: str, where: str
) -> None:
    source = tmp_path / name
    source.write_text(content)
    target = tmp_path / ("out.sgf" if name.endswith(".go") else "out.go")
    assert main(["convert", str(source), str(target)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"igs-tui: {source}{where}"), err
    assert not target.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_mutated_records_convert_or_fail_cleanly(tmp_path: Path, data: st.DataObject) -> None:
    """Any mangling of a real record either converts or is a FILE:LINE:COL error; never a
    traceback, never a partial output."""
    base = "(;GM[1]FF[4]SZ[9]KM[6.5]HA[0]PB[b]PW[w];B[cc];W[gg];B[cg]C[hi];W[gc](;B[ee])(;B[ef]))"
    chars = list(base)
    for _ in range(data.draw(st.integers(1, 6))):
        at = data.draw(st.integers(0, len(chars) - 1))
        chars[at] = data.draw(st.sampled_from(list("()[];\\BWKMHASZG0123456789abcdefghijklmnz ")))
    source = tmp_path / "m.sgf"
    source.write_text("".join(chars))
    target = tmp_path / "m.go"
    target.unlink(missing_ok=True)
    code = run_convert_cli(str(source), str(target))
    if code == 0:
        assert target.exists()
    else:
        assert code == 1 and not target.exists()


@pytest.mark.parametrize(
    "comment",
    # issue 26 regression: the property test wrote Ishi comments like these through our SGF
    # writer, and the check for a lost ']' refused the file it had just written
    ["a;B[", "x ;W[dd", ";AB[cc] and more", "see ;C[x", "B[aa];W[bb"],
)
def test_a_comment_that_looks_like_a_node_survives_our_writer(comment: str) -> None:
    collection = parse_sgf("(;GM[1]SZ[9];B[cc])")
    collection[0].root.comments.append(Comment(comment))
    written = write_sgf(collection)
    assert b"\\[" in written  # FF[4]: any character may be escaped; every reader drops the \\
    assert parse_sgf(written)[0].root.comment == comment


def test_another_writers_comment_with_a_closed_node_inside_is_read() -> None:
    """Only a node start at the very end of a value is a lost ']' (the value then runs to
    that node's first ']'); a comment that goes on after it was written so on purpose."""
    collection = parse_sgf("(;GM[1]SZ[9]C[try ;B[cc\\] first];W[dd])")
    assert collection[0].root.comment == "try ;B[cc] first"
    assert [p.point for p in collection[0].main_moves()] == [parse_point("D6", 9)]
