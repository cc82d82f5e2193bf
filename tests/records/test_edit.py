"""Editing a record (issue 30): moves and variations, deleting, comments, marks and labels,
setup stones, game info, undo, and saving as SGF (read back with sgfmill) or Ishi.

SGF FF[4] (https://www.red-bean.com/sgf/): variations are further children of a node; "setup
properties and move properties must not be mixed within a node"; LB is ``point:text``.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sgfmill import sgf

from igs_tui.go import Color, Point, parse_point
from igs_tui.records import parse_ishi, read_record_file, write_ishi
from igs_tui.records.cursor import RecordCursor
from igs_tui.records.edit import EditRefused, RecordEditor, copy_tree
from igs_tui.records.model import Comment, GameRecord, Mark, MarkKind, Node, Play
from igs_tui.records.sgf import parse_sgf, write_sgf

B, W = Color.BLACK, Color.WHITE

# A record another program wrote: header, handicap-free root setup, clock readings, markup,
# a variation, and properties we do not model (XY, AP) that must survive an edit.
SOURCE = b"""(;FF[4]GM[1]SZ[9]CA[UTF-8]AP[OtherApp:2.1]PB[Ann]PW[Bob]KM[6.5]RE[W+2.5]
XY[kept][twice]C[Root comment]
;B[ee]BL[300]C[first move]
;W[cc]WL[290]TR[ee]
(;B[gg];W[gc])
(;B[cg]))
"""


def p(text: str) -> Point:
    return parse_point(text, 9)


def editor(data: bytes = SOURCE) -> RecordEditor:
    return RecordEditor(RecordCursor(parse_sgf(data)[0]))


def moves_of(line: tuple[Node, ...] | list[Node]) -> list[tuple[str, str]]:
    return [
        (n.move.color.value, "pass" if n.move.point is None else f"{n.move.point}")
        for n in line
        if n.move is not None
    ]


def test_a_move_at_the_end_extends_the_line() -> None:
    ed = editor()
    ed.cursor.last()
    message = ed.play(p("D4"))
    assert message == "Added black D4"
    assert ed.cursor.node.move == Play(B, p("D4"), 5)  # numbered on, as the reader does
    assert ed.cursor.at_end and ed.changed
    assert ed.record.main_line()[-1] is ed.cursor.node


def test_a_move_off_the_line_makes_a_variation_and_keeps_the_main_line() -> None:
    ed = editor()
    main_before = [n.move for n in ed.record.main_line()]
    ed.cursor.forward(1)  # after B E5
    message = ed.play(p("G3"))
    assert message.startswith("Variation 2 added: white G3")
    first = ed.record.root.children[0]
    assert [c.move for c in first.children] == [Play(W, p("C7"), 2), Play(W, p("G3"), 2)]
    assert [n.move for n in ed.record.main_line()] == main_before
    assert not ed.cursor.on_main_line
    # the same move again only steps onto it
    ed.cursor.back()
    assert ed.play(p("G3")) == "This move is already in the record"
    assert len(first.children) == 2


def test_illegal_moves_are_refused_and_change_nothing() -> None:
    ed = editor()
    ed.cursor.forward(1)
    before = copy_tree(ed.record.root)
    with pytest.raises(EditRefused, match="E5 is not a legal move: occupied"):
        ed.play(p("E5"))
    assert ed.record.root == before and not ed.can_undo and not ed.changed


def test_a_pass_is_a_move() -> None:
    ed = editor()
    ed.cursor.last()
    ed.play(None)
    assert ed.cursor.node.move == Play(B, None, 5)


def test_delete_a_branch_goes_to_its_parent() -> None:
    ed = editor()
    ed.cursor.forward(2)  # W C7, which branches
    ed.cursor.select_next(1)
    ed.cursor.forward()  # B C3, the second variation
    assert ed.delete_branch() == "Deleted 1 node(s)"
    node = ed.cursor.node
    assert node.move == Play(W, p("C7"), 2) and len(node.children) == 1
    ed.cursor.forward()  # the cursor goes on along what is left
    assert ed.cursor.node.move == Play(B, p("G3"), 3)
    ed.cursor.first()
    with pytest.raises(EditRefused):
        ed.delete_branch()


def test_comments_replace_remove_and_keep_a_title() -> None:
    ed = editor()
    ed.cursor.forward()
    assert ed.set_comment("a better comment\n") == "Comment saved"
    assert ed.cursor.node.comments == [Comment("a better comment")]
    assert ed.set_comment("a better comment") == "Comment unchanged"
    assert ed.set_comment("  ") == "Comment removed"
    assert ed.cursor.node.comments == []
    titled = editor(b"(;C[old]ISCT[Title])")
    titled.set_comment("new")
    assert titled.cursor.node.comments == [Comment("new", "Title")]


def test_shapes_and_labels_one_per_point_in_the_writers_order() -> None:
    ed = editor()
    ed.cursor.forward(2)  # W C7 with TR[ee]
    node = ed.cursor.node
    ed.toggle_mark(p("A1"), MarkKind.CROSS)
    ed.toggle_label(p("B2"))
    ed.toggle_label(p("C3"))
    ed.toggle_mark(p("E5"), MarkKind.SQUARE)  # replaces the triangle there
    assert node.marks == [
        Mark(p("B2"), MarkKind.LABEL, "A"),
        Mark(p("C3"), MarkKind.LABEL, "B"),
        Mark(p("E5"), MarkKind.SQUARE),
        Mark(p("A1"), MarkKind.CROSS),
    ]
    ed.toggle_mark(p("E5"), MarkKind.SQUARE)
    assert ed.toggle_label(p("B2")) == "Label removed from B2"
    assert ed.toggle_label(p("D4")) == "Label A on D4"  # the first free letter again
    assert ed.toggle_label(p("D4"), "x y") == "Label x y on D4"
    assert [m.label for m in node.marks if m.kind is MarkKind.LABEL] == ["B", "x y"]


def test_setup_on_a_move_adds_a_node_of_its_own() -> None:
    ed = editor()
    ed.cursor.forward(1)  # B E5
    ed.place(p("A9"), B)
    setup = ed.cursor.node
    assert setup.move is None and setup.add_black == [p("A9")]
    assert ed.record.root.children[0].children[-1] is setup  # a variation after E5
    ed.place(p("B9"), W)  # the next setup edits the same node
    ed.place(p("A9"), B)  # toggles it off again
    assert setup.add_black == [] and setup.add_white == [p("B9")]
    ed.place(p("E5"), None)  # an earlier stone taken away: AE
    assert setup.add_empty == [p("E5")]
    assert ed.cursor.position().stones == {p("B9"): W}
    ed.place(p("E5"), None)  # emptying an empty point brings the stone back
    assert setup.add_empty == []
    assert ed.cursor.position().stones.get(p("E5")) is B


def test_setup_without_liberties_is_refused_and_undone() -> None:
    ed = editor(b"(;SZ[9]AB[ba][ab])")
    before = copy_tree(ed.record.root)
    with pytest.raises(EditRefused, match="Cannot set up A9"):
        ed.place(p("A9"), W)
    assert ed.record.root == before and not ed.can_undo


def test_root_setup_of_handicap_stones_gives_white_the_move() -> None:
    ed = editor(b"(;SZ[9])")
    ed.place(p("C3"), B)
    ed.place(p("G7"), B)
    assert ed.to_move() is W
    ed.play(p("E5"))
    assert ed.cursor.node.move == Play(W, p("E5"), 1)


def test_game_info_is_checked_and_set() -> None:
    ed = editor()
    assert ed.set_info({"black": " Cho  Chikun ", "komi": "7", "handicap": "", "date": ""})
    info = ed.record.info
    assert (info.black, info.komi, info.handicap) == ("Cho Chikun", 7.0, None)
    with pytest.raises(EditRefused, match="Komi must be a number"):
        ed.set_info({"komi": "six"})
    with pytest.raises(EditRefused, match="Handicap"):
        ed.set_info({"handicap": "12"})
    assert ed.set_info({"black": "Cho Chikun"}) == "Game info unchanged"


def test_undo_brings_back_tree_info_and_cursor() -> None:
    ed = editor()
    original = copy_tree(ed.record.root)
    ed.cursor.forward(2)
    ed.play(p("D4"))
    ed.set_comment("hm")
    ed.set_info({"white": "Carol"})
    assert ed.undo() == "Undone: game info"
    assert ed.record.info.white == "Bob"
    ed.undo()
    ed.undo()
    assert ed.record.root == original
    assert ed.cursor.index == 2 and ed.cursor.node.move == Play(W, p("C7"), 2)
    with pytest.raises(EditRefused, match="Nothing to undo"):
        ed.undo()


def test_promote_makes_the_line_the_main_line() -> None:
    ed = editor()
    ed.cursor.forward(2)
    ed.cursor.select_next(1)
    ed.cursor.forward()
    assert ed.promote() == "This line is now the main line"
    assert moves_of(ed.record.main_line()) == [
        ("B", str(p("E5"))),
        ("W", str(p("C7"))),
        ("B", str(p("C3"))),
    ]
    assert ed.cursor.on_main_line
    with pytest.raises(EditRefused):
        ed.promote()


EDITS = st.lists(
    st.tuples(
        st.sampled_from(
            [
                "play",
                "pass",
                "delete",
                "comment",
                "mark",
                "label",
                "setup",
                "info",
                "back",
                "fwd",
                "var",
            ]
        ),
        st.integers(0, 8),
        st.integers(0, 8),
    ),
    max_size=25,
)


def apply_edits(ed: RecordEditor, edits: list[tuple[str, int, int]]) -> None:
    for kind, col, row in edits:
        point = Point(col, row)
        try:
            if kind == "play":
                ed.play(point)
            elif kind == "pass":
                ed.play(None)
            elif kind == "delete":
                ed.delete_branch()
            elif kind == "comment":
                ed.set_comment(f"comment {col}{row}")
            elif kind == "mark":
                ed.toggle_mark(
                    point, [MarkKind.TRIANGLE, MarkKind.SQUARE, MarkKind.CIRCLE][col % 3]
                )
            elif kind == "label":
                ed.toggle_label(point)
            elif kind == "setup":
                ed.place(point, [B, W, None][row % 3])
            elif kind == "info":
                ed.set_info({"event": f"event {col}", "komi": str(row + 0.5)})
            elif kind == "back":
                ed.cursor.back(col)
            elif kind == "fwd":
                ed.cursor.forward(col)
            else:
                ed.cursor.cycle_next(1)
        except EditRefused:
            pass


@settings(max_examples=60, deadline=None)
@given(EDITS)
def test_undoing_every_edit_gives_the_record_back(edits: list[tuple[str, int, int]]) -> None:
    ed = editor()
    original_root, original_info = copy_tree(ed.record.root), ed.record.info
    apply_edits(ed, edits)
    while ed.can_undo:
        ed.undo()
    assert ed.record.root == original_root and ed.record.info == original_info


def sgfmill_view(data: bytes) -> list[dict[str, list[bytes]]]:
    """Every node of the first game as sgfmill reads it (depth first, main line first):
    its raw properties, so that anything written is compared."""
    game = sgf.Sgf_game.from_bytes(data)
    out: list[dict[str, list[bytes]]] = []
    stack = [game.get_root()]
    while stack:
        node = stack.pop()
        out.append({ident: node.get_raw_list(ident) for ident in node.properties()})
        stack.extend(reversed(list(node)))
    return out


def our_view(record: GameRecord) -> list[dict[str, object]]:
    """The same walk over our record, as properties a reader must find."""
    out: list[dict[str, object]] = []
    for node in record.root.walk():
        props: dict[str, object] = {}
        if node.move is not None:
            props["move"] = (node.move.color, node.move.point)
        props["setup"] = (sorted(node.add_black), sorted(node.add_white), sorted(node.add_empty))
        props["comment"] = node.comment
        props["marks"] = sorted((str(m.target), m.kind.value, m.label or "") for m in node.marks)
        out.append(props)
    return out


def sgfmill_as_ours(data: bytes) -> list[dict[str, object]]:
    game = sgf.Sgf_game.from_bytes(data)
    size = game.get_size()
    out: list[dict[str, object]] = []
    stack = [game.get_root()]

    def point(rc: tuple[int, int]) -> Point:
        row, col = rc
        return Point(col, row)  # sgfmill counts rows from the bottom, as we do

    while stack:
        node = stack.pop()
        props: dict[str, object] = {}
        colour, move = node.get_move()
        if colour is not None:
            props["move"] = (Color.parse(colour), None if move is None else point(move))
        ab, aw, ae = node.get_setup_stones()
        props["setup"] = (sorted(map(point, ab)), sorted(map(point, aw)), sorted(map(point, ae)))
        props["comment"] = node.get("C") if node.has_property("C") else ""
        marks = []
        for ident, kind in (
            ("TR", "triangle"),
            ("SQ", "square"),
            ("CR", "circle"),
            ("MA", "cross"),
        ):
            if node.has_property(ident):
                marks += [(str(point(rc)), kind, "") for rc in node.get(ident)]
        if node.has_property("LB"):
            marks += [(str(point(rc)), "label", text) for rc, text in node.get("LB")]
        props["marks"] = sorted(marks)
        out.append(props)
        stack.extend(reversed(list(node)))
    assert size == 9
    return out


def edited() -> RecordEditor:
    ed = editor()
    ed.set_info({"black": "Ann Other", "komi": "7.5", "event": "Club night"})
    ed.cursor.forward(2)
    ed.play(p("D4"))  # a variation
    ed.set_comment("Better: D4")
    ed.toggle_mark(p("D4"), MarkKind.CIRCLE)
    ed.toggle_label(p("C3"))
    ed.place(p("A1"), B)
    ed.place(p("E5"), None)
    ed.play(p("J9"))
    return ed


def test_an_edited_record_saved_as_sgf_reads_back_identically_with_sgfmill() -> None:
    ed = edited()
    data = write_sgf(ed.record)
    assert sgfmill_as_ours(data) == our_view(ed.record)
    root = sgf.Sgf_game.from_bytes(data).get_root()
    assert (root.get("PB"), root.get("KM"), root.get("EV"), root.get("RE")) == (
        "Ann Other",
        7.5,
        "Club night",
        "W+2.5",
    )
    # and with our reader: the same record, to the last field
    assert parse_sgf(data)[0].root == ed.record.root
    assert parse_sgf(data)[0].info == ed.record.info


def test_saving_keeps_everything_the_file_had() -> None:
    original = sgfmill_view(SOURCE)
    saved = sgfmill_view(write_sgf(edited().record))
    root = saved[0]
    assert root["XY"] == [b"kept", b"twice"] and root["AP"] == [b"OtherApp:2.1"]
    assert root["C"] == [b"Root comment"]
    by_move = {tuple(n.get("B", n.get("W", []))): n for n in saved}
    assert by_move[(b"ee",)]["BL"] == [b"300"] and by_move[(b"ee",)]["C"] == [b"first move"]
    assert by_move[(b"cc",)]["WL"] == [b"290"] and by_move[(b"cc",)]["TR"] == [b"ee"]
    assert len(saved) == len(original) + 3  # D4, the setup node, J9: nothing lost


def test_an_edited_record_saved_as_ishi_reads_back_the_same() -> None:
    ed = edited()
    back = parse_ishi(write_ishi(ed.record))[0]
    assert back.root == ed.record.root
    # an Ishi file names no charset (SGF's CA): everything else of the header comes back
    assert replace(back.info, charset="UTF-8") == ed.record.info


ISHI_SAMPLE = Path(__file__).with_name("data") / "ishi_spec_sample.go"


@pytest.mark.parametrize("game", [0, 1, 2])
def test_editing_the_ishi_spec_sample_keeps_all_it_had_through_both_formats(game: int) -> None:
    """The spec's sample (remarks, prisoners, marks by move number, titled comments): a
    variation and a comment added, then saved as Ishi and as SGF: each reads back as the
    edited record, and every node the file had is still there, equal to what it was."""
    collection = read_record_file(ISHI_SAMPLE)
    record = collection[game]
    before = copy_tree(record.root)
    ed = RecordEditor(RecordCursor(record))
    ed.cursor.last()
    ed.set_comment("studied")
    ed.cursor.first()
    free = next(
        Point(c, r)
        for c in range(record.size)
        for r in range(record.size)
        if Point(c, r) not in ed.cursor.position().stones
    )
    ed.play(free)
    for data in (write_ishi(collection), write_sgf(collection)):
        back = (parse_ishi(data) if isinstance(data, str) else parse_sgf(data))[game]
        assert back.root == record.root
    # the old tree is the new one less the added variation and comment
    ed.undo()
    ed.undo()
    assert record.root == before
