"""SGF FF[4] through sgfmill: properties, variations, charsets, collections, errors."""

from __future__ import annotations

import pytest

from igs_tui.go.coords import parse_point
from igs_tui.go.types import Color, Point
from igs_tui.records.model import (
    Comment,
    GameRecord,
    Mark,
    MarkAction,
    MarkKind,
    MoveRange,
    Node,
    Play,
    RecordError,
)
from igs_tui.records.sgf import parse_sgf, write_sgf

FULL = """(;FF[4]GM[1]SZ[19]CA[UTF-8]AP[SomeApp:1.0]
PB[Honinbo Shusaku]BR[4d]PW[Gennan Inseki]WR[8d]KM[0]HA[2]RE[B+2]
DT[1846-09-11]PC[Osaka]EV[Castle game]GN[Ear-reddening game]RU[Japanese]
TM[3600]OT[5x30 byo-yomi]SO[Invincible]AN[John Power]US[GoGoD]CP[none]
AB[dd][pp]C[Root comment]XY[kept][twice]
;W[qd]BL[3500.5]WL[3400]OB[2]OW[1]C[A comment with \\] bracket
and a second line]
;B[]LB[dd:A][pp:1]TR[qd]SQ[aa]MA[bb]CR[cc]
(;W[tt]AE[dd]N[node name])
(;W[dp];B[pd]MN[40]))
(;SZ[9];B[ee];W[cc])
"""


def p(text: str, size: int = 19) -> Point:
    return parse_point(text, size)


@pytest.fixture(scope="module")
def full() -> list[GameRecord]:
    return parse_sgf(FULL.encode()).records


def test_collection_of_two_games(full: list[GameRecord]) -> None:
    assert [r.size for r in full] == [19, 9]
    assert full[1].main_moves() == [
        Play(Color.BLACK, p("E5", 9), 1),
        Play(Color.WHITE, p("C7", 9), 2),
    ]


def test_game_info(full: list[GameRecord]) -> None:
    info = full[0].info
    assert (info.black, info.black_rank, info.white, info.white_rank) == (
        "Honinbo Shusaku",
        "4d",
        "Gennan Inseki",
        "8d",
    )
    assert (info.komi, info.handicap, info.result) == (0.0, 2, "B+2")
    assert (info.date, info.place, info.event, info.game_name) == (
        "1846-09-11",
        "Osaka",
        "Castle game",
        "Ear-reddening game",
    )
    assert (info.rules, info.time_limit, info.overtime) == ("Japanese", "3600", "5x30 byo-yomi")
    assert (info.source, info.annotator, info.recorder, info.copyright) == (
        "Invincible",
        "John Power",
        "GoGoD",
        "none",
    )
    assert info.charset == "UTF-8"


def test_root_setup_comment_and_unknown_properties(full: list[GameRecord]) -> None:
    root = full[0].root
    assert root.add_black == [p("D16"), p("Q4")]
    assert root.comments == [Comment("Root comment")]
    assert root.extra == {"AP": ["SomeApp:1.0"], "XY": ["kept", "twice"]}


def test_moves_times_comments(full: list[GameRecord]) -> None:
    w1 = full[0].root.children[0]
    assert w1.move == Play(Color.WHITE, p("R16"), 1)
    assert (w1.black_time, w1.white_time, w1.black_periods, w1.white_periods) == (
        3500.5,
        3400.0,
        2,
        1,
    )
    assert w1.comment == "A comment with ] bracket\nand a second line"


def test_pass_marks_and_variations(full: list[GameRecord]) -> None:
    b2 = full[0].root.children[0].children[0]
    assert b2.move == Play(Color.BLACK, None, 2)  # B[] is a pass in FF[4]
    assert b2.marks == [
        Mark(p("D16"), MarkKind.LABEL, "A"),
        Mark(p("Q4"), MarkKind.LABEL, "1"),
        Mark(p("R16"), MarkKind.TRIANGLE),
        Mark(p("A19"), MarkKind.SQUARE),
        Mark(p("C17"), MarkKind.CIRCLE),
        Mark(p("B18"), MarkKind.CROSS),
    ]
    tt, dp = b2.children
    assert tt.move == Play(Color.WHITE, None, 3)  # W[tt] is a pass on 19x19
    assert tt.add_empty == [p("D16")]
    assert tt.extra == {"N": ["node name"]}
    assert dp.move == Play(Color.WHITE, p("D4"), 3)
    # MN sets the move number; numbering continues from the path otherwise.
    assert dp.children[0].move == Play(Color.BLACK, p("Q16"), 40)


def test_write_read_round_trip_keeps_everything(full: list[GameRecord]) -> None:
    written = write_sgf(parse_sgf(FULL.encode()))
    again = parse_sgf(written)
    # Everything is written as UTF-8; info.charset says what each file declared.
    assert [r.info.charset for r in again] == ["UTF-8", "UTF-8"]
    expected = parse_sgf(FULL.encode())
    expected[1].info.charset = "UTF-8"
    assert again.records == expected.records
    assert b"MN[40]" in written
    assert written.count(b"MN[") == 1  # only where the numbering rule would be wrong


def test_compressed_point_lists() -> None:
    (record,) = parse_sgf(b"(;SZ[5]AB[aa:bb]AW[ee])").records
    assert sorted(record.root.add_black) == sorted([p("A5", 5), p("B5", 5), p("A4", 5), p("B4", 5)])
    assert record.root.add_white == [p("E1", 5)]


def test_charset_gb2312_decoded_via_ca() -> None:
    name = "吴清源"
    data = "(;FF[4]CA[GB2312]SZ[19]PB[".encode("ascii") + name.encode("gb2312") + b"];B[pd])"
    (record,) = parse_sgf(data).records
    assert record.info.black == name
    assert record.info.charset == "GB2312"
    # Written back as UTF-8 with a matching CA.
    written = write_sgf(record)
    assert b"CA[UTF-8]" in written and name.encode("utf-8") in written
    assert parse_sgf(written)[0].info.black == name


def test_latin1_default_without_ca_and_utf8_detection() -> None:
    latin = "(;PB[Jos\xe9])".encode("latin-1")
    assert parse_sgf(latin)[0].info.black == "José"
    utf8 = "(;PB[José])".encode()
    assert parse_sgf(utf8)[0].info.black == "José"


def test_handicap_with_setup() -> None:
    (record,) = parse_sgf(b"(;SZ[9]HA[2]AB[gc][cg];W[ee])").records
    assert record.info.handicap == 2
    assert record.root.add_black == [p("G7", 9), p("C3", 9)]
    assert record.root.children[0].move == Play(Color.WHITE, p("E5", 9), 1)


def test_ishi_only_data_in_private_properties() -> None:
    record = GameRecord(size=19)
    node = record.root.add_child(Node(move=Play(Color.BLACK, p("Q4"), 1)))
    node.marks = [
        Mark(MoveRange(1, 1)),
        Mark(MoveRange(1, 1), action=MarkAction.UNMARK),
        Mark(p("D4"), MarkKind.DIAMOND),
        Mark(p("C3"), MarkKind.LABEL, "a"),
    ]
    node.prisoners = [MoveRange(3, 3), p("C4")]
    node.remarks = ["checked"]
    node.comments = [Comment("first", "Title one"), Comment("second")]
    node.var_label = "b"
    written = write_sgf(record)
    for needle in (b"ISMK[", b"ISPR[#3 C4]", b"ISRM[checked]", b"ISCT[", b"ISCX[", b"ISVL[b]"):
        assert needle in written
    # Other programs see the marks' effect: D4's diamond has no SGF form, C3's label has.
    assert b"LB[cq:a]" in written
    again = parse_sgf(written)[0]
    assert again.info.charset == "UTF-8"  # the charset the file was read with
    again.info.charset = None
    assert again == record


def test_edited_comment_drops_stale_block_split() -> None:
    data = b"(;C[edited by another program]ISCX[first][second]ISCT[T][])"
    assert parse_sgf(data)[0].root.comments == [Comment("edited by another program", "T")]


def test_number_marks_become_labels_for_other_programs() -> None:
    record = GameRecord(size=9)
    node = record.root
    for i, where in enumerate(("C3", "D4", "E5"), start=1):
        node = node.add_child(
            Node(move=Play(Color.BLACK if i % 2 else Color.WHITE, p(where, 9), i))
        )
    node.marks = [Mark(MoveRange(1, 3)), Mark(MoveRange(2, 2), action=MarkAction.UNMARK)]
    written = write_sgf(record)
    assert b"LB[cg:1][ee:3]" in written


ERRORS = [
    (b"(;B[aa]", 1, 8, "ends inside a game"),
    (b"\n\n  (;SZ[9];B[zz])", 3, 11, "bad move"),
    (b"(;SZ[9]AB[ab][j]\n)", 1, 8, "bad point in AB"),
    (b"(;SZ[9]\n;W[aa]BL[soon])", 2, 7, "BL must be a number"),
    (b"(;SZ[40])", 1, 1, "size out of range"),
    (b"(;SZ[9];B[aa]\n  W[bb])", 2, 3, "both a black and a white move"),
    (b"(;SZ[9];B[aa]MN[0])", 1, 14, "MN must be at least 1"),
    (b"(;SZ[9]\nC[x]ISMK[MARK abc@A1])", 2, 5, "one or two"),
    (b"just text, no game", 1, 1, "no SGF game"),
    (b"", 1, 1, "no SGF game"),
]


@pytest.mark.parametrize(("data", "line", "column", "fragment"), ERRORS)
def test_errors_have_positions(data: bytes, line: int, column: int, fragment: str) -> None:
    with pytest.raises(RecordError) as info:
        parse_sgf(data)
    assert (info.value.line, info.value.column) == (line, column)
    assert fragment in info.value.message


@pytest.mark.parametrize(
    ("data", "name", "charset"),
    [
        (b"(;CA[NO-SUCH-CODEC]PB[Jos\xc3\xa9])", "José", "NO-SUCH-CODEC"),  # valid UTF-8
        (b"(;CA[]PB[Jos\xe9])", "José", ""),  # not UTF-8: ISO-8859-1 decodes anything
        (b"(;CA[latin1]PB[Jos\xe9])", "José", "latin1"),
        (b"(;PB[Jos\xc3\xa9])", "José", None),
    ],
)
def test_unusable_or_missing_charset_never_refuses_a_record(
    data: bytes, name: str, charset: str | None
) -> None:
    (record,) = parse_sgf(data).records
    assert record.info.black == name
    assert record.info.charset == charset


def test_old_style_lowercase_identifiers() -> None:
    # FF[3] files spell identifiers in long mixed case; sgfmill keeps the capitals.
    (record,) = parse_sgf(b"(;FF[3]AddBlack[aa]PlayerBlack[x];B[tt])").records
    assert record.root.add_black == [p("A19")]
    assert record.info.black == "x"
    assert record.root.children[0].move == Play(Color.BLACK, None, 1)
