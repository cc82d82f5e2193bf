"""Ishi Standard Format reader/writer: spec semantics, errors with positions, round trips."""

from __future__ import annotations

from pathlib import Path

import pytest

from igs_tui.go.coords import parse_point
from igs_tui.go.types import Color, Point
from igs_tui.records.ishi import (
    format_mark_lines,
    parse_ishi,
    parse_komi,
    parse_mark_line,
    write_ishi,
)
from igs_tui.records.model import (
    Collection,
    Comment,
    Diagram,
    GameRecord,
    Mark,
    MarkKind,
    MoveRange,
    Node,
    Play,
    RecordError,
    UserBlock,
)
from igs_tui.records.sgf import parse_sgf, write_sgf

SAMPLE = Path(__file__).parent / "data" / "ishi_spec_sample.go"


def p(text: str, size: int = 19) -> Point:
    return parse_point(text, size)


# --- file structure ---------------------------------------------------------------------------


def test_empty_file_is_one_empty_event() -> None:
    # "An SF file is not required to have any data in it: a completely empty file is a
    # valid-format file." / "An empty SF file consists only of the default implicit event".
    for text in ("", "\n\n   \n"):
        collection = parse_ishi(text)
        assert len(collection) == 1
        assert collection[0].is_empty()


def test_implicit_first_event() -> None:
    # "A file with no events specifically defined via the EVENT keyword, but with moves or
    # other data, has an implicit first event to which the data is associated."
    collection = parse_ishi("B 1 Q4\nEVENT second\nW 1 D4\n")
    assert len(collection) == 2
    assert collection[0].info.event is None
    assert collection[0].main_moves() == [Play(Color.BLACK, p("Q4"), 1)]
    assert collection[1].info.event == "second"


def test_leading_event_line_names_the_first_event() -> None:
    collection = parse_ishi("REMARK about it\nEVENT Honinbo 1989 Final\nB 1 Q4\n")
    assert len(collection) == 1
    assert collection[0].info.event == "Honinbo 1989 Final"
    assert collection[0].root.remarks == ["about it"]


def test_keywords_and_locations_are_case_insensitive_but_commentary_keeps_case() -> None:
    text = (
        "eVeNt Mixed\nbOaRdSiZe 9\nb 1 c3\nMaRk A@d4 \\T@E5\ncom MiXeD Title\nKeep CASE\nEndCom\n"
    )
    record = parse_ishi(text)[0]
    node = record.root.children[0]
    assert node.move == Play(Color.BLACK, p("C3", 9), 1)
    assert node.marks == [
        Mark(p("D4", 9), MarkKind.LABEL, "A"),
        Mark(p("E5", 9), MarkKind.TRIANGLE),
    ]
    assert node.comments == [Comment("Keep CASE", "MiXeD Title")]


def test_header_repeats_sum_text_and_last_once_only_value_wins() -> None:
    # "In the case of normally once-only data such as Black player, komi, etc., the last line
    # encountered should be taken as the correct data."
    record = parse_ishi(
        "BLACK First\nBLACK Honinbo Shusaku\nKOMI 5\nKOMI 3 1/2\n"
        "PLACE Kyoto (April)\nPLACE Tokyo (May)\nDATE 3-21-48\n"
    )[0]
    assert record.info.black == "Honinbo Shusaku"
    assert record.info.komi == 3.5
    assert record.info.place == "Kyoto (April)\nTokyo (May)"
    assert record.info.date == "3-21-48"


@pytest.mark.parametrize(
    ("text", "value"),
    [("5", 5.0), ("3 1/2", 3.5), ("4.5", 4.5), ("0", 0.0), ("-2.5", -2.5), ("½", 0.5)],
)
def test_komi_forms(text: str, value: float) -> None:
    assert parse_komi(text) == value
    assert parse_ishi(f"KOMI {text}\n")[0].info.komi == value


def test_komi_extra_words_are_ignored() -> None:
    assert parse_ishi("KOMI 5 points\n")[0].info.komi == 5.0
    assert parse_ishi("Komi 3 1/2 (reverse)\n")[0].info.komi == 3.5


def test_extra_data_after_endvar_is_ignored() -> None:
    # 'a line such as "ENDVAR back to main game" should not generate an error'
    record = parse_ishi("B 1 Q4\nVAR\nB 1 D4\nENDVAR back to main game\nW 2 C3\n")[0]
    q4 = record.root.children[0]
    assert [c.move for c in record.root.children] == [
        Play(Color.BLACK, p("Q4"), 1),
        Play(Color.BLACK, p("D4"), 1),
    ]
    assert q4.children[0].move == Play(Color.WHITE, p("C3"), 2)


def test_pass_and_free_numbering() -> None:
    # "No assumptions are made about alternation of play between Black and White."
    record = parse_ishi("B 21 pass\nB 25 Q3\nw 99 PASS\n")[0]
    assert record.main_moves() == [
        Play(Color.BLACK, None, 21),
        Play(Color.BLACK, p("Q3"), 25),
        Play(Color.WHITE, None, 99),
    ]


def test_diagram_regions() -> None:
    record = parse_ishi(
        "B 1 Q4\nVAR\nDIAGRAM 9X9\nENDVAR\nVAR\nDIAGRAM b12 j5\nHIDE #3-9 q9 R11 #17\nENDVAR\n"
    )[0]
    _, full, region = record.root.children
    assert full.diagram == Diagram(size=9)
    assert region.diagram == Diagram(corners=(p("B12"), p("J5")))
    # "DIAGRAM b12 j5 (same region as previous example)" [DIAGRAM b5 j12]
    assert region.diagram.region(19) == (p("B5"), p("J12"))
    assert region.hide == [MoveRange(3, 9), p("Q9"), p("R11"), MoveRange(17, 17)]


def test_setup_after_event_comment_starts_a_setup_node_and_remark_moves_with_it() -> None:
    record = parse_ishi("COM\nabout the event\nENDCOM\nREMARK handicap\nSETUP B d4 q16\n")[0]
    root = record.root
    assert root.comments == [Comment("about the event")]
    assert not root.has_setup
    (setup,) = root.children
    assert setup.add_black == [p("D4"), p("Q16")]
    assert setup.remarks == ["handicap"]


def test_trailing_remarks_are_kept() -> None:
    collection = parse_ishi("B 1 Q4\nREMARK end of file\n")
    assert collection.trailing_remarks == ["end of file"]
    assert parse_ishi(write_ishi(collection)) == collection


@pytest.mark.parametrize(
    "line",
    [
        "MARK #1-33",
        "UNMARK #6-20",
        "MARK \\s@#221 \\t@#18 \\t@#21-30",
        "MARK aa@#33 X@#102 x@#81-90 ..@#320-323 +@A6 B0@O9",
        "MARK ALL Q8",
        "UNMARK ALL Q8 #21 R3 #39-43",
    ],
)
def test_mark_line_round_trip(line: str) -> None:
    marks = parse_mark_line(line, 19)
    assert format_mark_lines(marks, 19) == [line]


def test_mark_at_sign_label() -> None:
    # cc may itself contain "@": the target follows the last one.
    assert parse_mark_line("MARK @@R3", 19) == [Mark(p("R3"), MarkKind.LABEL, "@")]


# --- errors -----------------------------------------------------------------------------------

ERRORS = [
    # 'the line "B 22 Q3 R7" should be seen as an error'
    ("B 22 Q3 R7", 1, 9, "unexpected 'R7'"),
    # "The move number <n> must be greater than 0."
    ("B 0 Q3", 1, 3, "at least 1"),
    ("W x Q3", 1, 3, "not a number"),
    # "In all cases, however, duplicate moves indicate errors."
    ("B 1 Q3\nW 2 D4\nB 2 R5", 3, 3, "duplicate move number 2"),
    ("B 12 Q3\nB 11 R5", 2, 3, "out-of-sequence"),
    ("B 1", 1, 1, "needs a move number"),
    ("B 1 I5", 1, 5, "letter I"),
    ("B 1 Z99", 1, 5, "bad location"),
    ("BOARDSIZE 9\nB 1 K5", 2, 5, "off the 9x9 board"),
    ("BOARDSIZE 1", 1, 11, "board size"),
    ("BOARDSIZE 9\nB 1 C3\nBOARDSIZE 13", 3, 11, "after locations"),
    ("B 1 Q4\nCOM title\nsome text\n", 2, 1, "COM is never closed by ENDCOM"),
    ("USER data\nmore\n", 1, 1, "USER is never closed by ENDUSER"),
    ("ENDVAR back to main game", 1, 1, "ENDVAR without VAR"),
    ("ENDCOM", 1, 1, "ENDCOM without COM"),
    ("B 1 Q4\nENDUSER", 2, 1, "ENDUSER without USER"),
    ("VAR\nB 1 Q4", 1, 1, "must follow a move"),
    ("B 1 Q4\nVAR\nW 2 D4\n", 2, 1, "never closed by ENDVAR"),
    ("B 1 Q4\nVAR\nENDVAR", 3, 1, "empty variation"),
    ("B 1 Q4\nVAR abc", 2, 5, "longer than two"),
    ("B 1 Q4\nVAR\nCOM\nwhich move?\nENDCOM\nB 1 D4\nENDVAR", 3, 1, "must start with B, W"),
    ("B 1 Q4\nVAR\nMARK Q4\nB 1 D4\nENDVAR", 3, 1, "must start with B, W"),
    ("B 1 Q4\nMARK abc@Q4", 2, 6, "one or two"),
    ("B 1 Q4\nMARK a@", 2, 8, "needs a location"),
    ("B 1 Q4\nMARK #0", 2, 6, "bad move range"),
    ("B 1 Q4\nUNMARK a@Q4", 2, 8, "no mark characters"),
    ("B 1 Q4\nPRISONER #3-1", 2, 10, "bad move range"),
    ("B 1 Q4\nPRISONER #x", 2, 10, "bad move reference"),
    ("SETUP Q4", 1, 7, "needs B or W"),
    ("SETUP B Q4 X", 1, 12, "bad location"),
    ("KOMI lots", 1, 6, "not a number"),
    ("KOMI", 1, 5, "needs a number"),
    ("HANDICAP", 1, 9, "needs a number"),
    ("DIAGRAM 9x8", 1, 9, "bad diagram size"),
    ("DIAGRAM a1", 1, 9, "two corner"),
    ("FROBNICATE 3", 1, 1, "unknown keyword"),
    ("EVENT one\n\n  hello there", 3, 3, "unknown keyword 'hello'"),
]


@pytest.mark.parametrize(("text", "line", "column", "fragment"), ERRORS)
def test_errors_name_line_and_column(text: str, line: int, column: int, fragment: str) -> None:
    with pytest.raises(RecordError) as info:
        parse_ishi(text)
    error = info.value
    assert (error.line, error.column) == (line, column)
    assert fragment in error.message
    assert str(error).startswith(f"line {line}, column {column}: ")


# --- writing ----------------------------------------------------------------------------------


def test_sample_round_trips_through_write() -> None:
    # "write all that data into an output file without adding to, losing, or modifying data in
    # the file in any significant way" (§1): compare parsed models.
    original = parse_ishi(SAMPLE.read_text())
    written = write_ishi(original)
    assert parse_ishi(written) == original
    assert write_ishi(parse_ishi(written)) == written


def test_sample_through_sgf_and_back_is_unchanged() -> None:
    original = parse_ishi(SAMPLE.read_text())
    via_sgf = parse_sgf(write_sgf(original))
    assert parse_ishi(write_ishi(via_sgf)) == original


def test_crlf_line_ends_are_accepted() -> None:
    text = SAMPLE.read_text()
    assert parse_ishi(text.replace("\n", "\r\n")) == parse_ishi(text)


def test_writer_adds_engine_prisoners_to_a_played_game() -> None:
    from igs_tui.records.replay import captures_if_unannotated

    # Black captures the white stone at A1 with B 3 at B1.
    record = GameRecord(size=9)
    node = record.root
    for play in (
        Play(Color.BLACK, p("A2", 9), 1),
        Play(Color.WHITE, p("A1", 9), 2),
        Play(Color.BLACK, p("B1", 9), 3),
    ):
        node = node.add_child(Node(move=play))
    text = write_ishi(record, captures=captures_if_unannotated)
    assert "B 3 B1\nPRISONER A1\n" in text
    assert parse_ishi(text)[0].main_line()[-1].prisoners == [p("A1", 9)]
    # Without the engine hook the writer adds nothing.
    assert "PRISONER" not in write_ishi(record)


def test_sgf_only_data_travels_in_a_user_block() -> None:
    sgf = (
        b"(;FF[4]SZ[9]PB[Shusaku]BR[7d]GN[Ear-reddening]OT[5x30 byo-yomi]"
        b";B[ee]BL[30.5]OB[3]CR[aa]MA[bb]XY[private];W[]AE[cc])"
    )
    collection = parse_sgf(sgf)
    text = write_ishi(collection)
    assert "BLACK Shusaku 7d" in text
    assert "USER igs-tui-sgf" in text
    back = parse_ishi(text)
    assert back[0].info.black == "Shusaku"
    assert back[0].info.black_rank == "7d"
    assert back[0].info.game_name == "Ear-reddening"
    assert back[0].info.overtime == "5x30 byo-yomi"
    b1 = back[0].root.children[0]
    assert (b1.black_time, b1.black_periods) == (30.5, 3)
    assert b1.extra == {"XY": ["private"]}
    assert Mark(p("A9", 9), MarkKind.CIRCLE) in b1.marks
    assert Mark(p("B8", 9), MarkKind.CROSS) in b1.marks
    assert b1.children[0].add_empty == [p("C7", 9)]
    assert parse_sgf(write_sgf(back))[0].root.children[0].extra == {"XY": ["private"]}


def test_write_single_record_and_collection_agree() -> None:
    record = parse_ishi("B 1 Q4\n")[0]
    assert write_ishi(record) == write_ishi(Collection([record]))


def test_sgf_values_ishi_cannot_hold_on_one_line_still_give_a_readable_file() -> None:
    sgf = (
        b"(;FF[4]SZ[9]RE[B+R\nafter a long fight]EV[Two\nlines]"
        b";B[ee]LB[aa:long label][bb:ok][cc:\\\\t]ISVL[too long];W[dd])"
    )
    (record,) = parse_sgf(sgf).records
    text = write_ishi(record)
    (back,) = parse_ishi(text).records
    assert back.info.result == "B+R after a long fight"
    assert back.info.event == "Two lines"
    b1 = back.root.children[0]
    # "ok" fits a MARK item; the others travel as SGF LB in the igs-tui-sgf block.
    assert Mark(p("B8", 9), MarkKind.LABEL, "ok") in b1.marks
    assert Mark(p("A9", 9), MarkKind.LABEL, "long label") in b1.marks
    assert Mark(p("C7", 9), MarkKind.LABEL, "\\t") in b1.marks
    assert len(b1.marks) == 3
    assert parse_sgf(write_sgf(back))[0].root.children[0].marks == b1.marks


SPEC_HEADER_EXAMPLES = """\
Analysis Jim Kerwin, professional 1-dan
ANALYSIS Kato 9 Dan
BLACK Honinbo Shusaku
black Alan Chen (9 years old)
Black
Date 8 March 1990
Date 3-21-48
date November 21-24, 1847
DATE Dec 9, 1938 and Mar 3-4, 1939
Date June 3 and 7, 1958
HANDICAP 0
Handicap 7
komi 5
Komi 3 1/2
KOMI 4.5
Place
PLACE Kyoto (April) and Tokyo (May)
place US Go Congress, Denver
Recorder Ishi Press
RECORDER Phil Straus (playing Black)
RESULT White wins by resignation
result Black by 3
Result Black resigns at move 186
RULES Japanese
Rules CHINESE
SOURCE "Invincible: The Games of Shusaku"
SOURCE John Powers, Kiseido Publishing Co., Tokyo 1982
Timelimit 1 hour
WHITE James Redmond 5-dan (made 6-dan after this game)
"""


def test_spec_header_examples_in_one_event() -> None:
    """§5 "Below are valid examples of header keywords", one per line, all in one event."""
    collection = parse_ishi(SPEC_HEADER_EXAMPLES)
    assert len(collection) == 1
    info = collection[0].info
    # Once-only data: "the last line encountered should be taken as the correct data".
    assert info.black == ""  # the bare "Black" line came last
    assert info.white == "James Redmond 5-dan (made 6-dan after this game)"
    assert (info.handicap, info.komi) == (7, 4.5)
    assert info.result == "Black resigns at move 186"
    assert info.rules == "CHINESE"
    # Textual data: "the total data is the sum from all the repeated lines".
    assert info.annotator == "Jim Kerwin, professional 1-dan\nKato 9 Dan"
    assert info.date is not None and len(info.date.split("\n")) == 5
    assert info.place == "\nKyoto (April) and Tokyo (May)\nUS Go Congress, Denver"
    assert info.recorder == "Ishi Press\nPhil Straus (playing Black)"
    assert info.source == (
        '"Invincible: The Games of Shusaku"\nJohn Powers, Kiseido Publishing Co., Tokyo 1982'
    )
    assert info.time_limit == "1 hour"
    assert parse_ishi(write_ishi(collection)) == collection


def test_block_lines_that_look_like_closing_keywords_survive() -> None:
    record = GameRecord(size=9)
    node = record.root.add_child(Node(move=Play(Color.BLACK, p("E5", 9), 1)))
    node.comments = [Comment("before\nENDCOM is a keyword\nafter", "T"), Comment("second")]
    node.users = [UserBlock("data", ("x", "enduser here", "y"))]
    node.extra = {"XX": ["first\nENDUSER\nlast"]}
    text = write_ishi(record)
    # Not written as COM/USER blocks, which those lines would close early.
    assert "COM T" not in text and "USER data" not in text
    assert "\n\\enduser here" in text  # escaped inside an SGF value
    (back,) = parse_ishi(text).records
    assert back == record


def test_user_block_titled_like_ours_is_not_mistaken_for_sgf_data() -> None:
    record = GameRecord(size=9)
    record.root.users = [UserBlock("igs-tui-sgf", ("not SGF at all [",))]
    (back,) = parse_ishi(write_ishi(record)).records
    assert back == record
