"""Command builders: exact lines, validation, and the reply shape each command expects."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from igs_tui.backends.igs.protocol import commands as c
from igs_tui.backends.igs.protocol.commands import NMatchTime, ReplyKind, classify
from igs_tui.go.types import Color, Point


@pytest.mark.parametrize(
    ("command", "line"),
    [
        (c.toggle("client", "on"), "toggle client on"),
        (c.toggle("quiet", False), "toggle quiet false"),
        (c.toggle("newundo", True), "toggle newundo true"),
        (c.toggle("nmatch", "TRUE"), "toggle nmatch true"),
        (c.client_id("igs-tui", "0.1.0"), "id igs-tui 0.1.0"),
        (c.match("ivy", Color.WHITE, 19, 15, 10), "match ivy W 19 15 10"),
        (c.match("ivy"), "match ivy"),
        (c.match("ivy", Color.BLACK, 19, 0, 0), "match ivy B 19 0 0"),
        (
            c.nmatch("MORAL70", "B", 4, 19, NMatchTime.canadian(60, 600, 25)),
            "nmatch MORAL70 B 4 19 60 600 25 0 0 0",
        ),
        (c.nmatch("x", "N", 0, 9, NMatchTime.absolute(600)), "nmatch x N 0 9 600 0 0 0 0 0"),
        (
            c.nmatch("x", Color.WHITE, 0, 19, NMatchTime.japanese(1800, 5, 30)),
            "nmatch x W 0 19 1800 0 1 5 30 0",
        ),
        (
            c.nmatch("x", "W", 0, 13, NMatchTime.bronstein(600, 10)),
            "nmatch x W 0 13 600 0 0 0 0 10",
        ),
        (c.decline("tim"), "decline tim"),
        (c.move("q16"), "Q16"),
        (c.move("Q16", game=56), "Q16 56"),
        (c.move(Point(0, 0), size=9), "A1"),
        (c.pass_move(12), "pass 12"),
        (c.handicap(5), "handicap 5"),
        (c.undo(), "undo"),
        (c.undoplease(3), "undoplease 3"),
        (c.noundo(3), "noundo 3"),
        (c.done(), "done"),
        (c.resign(7), "resign 7"),
        (c.adjourn(), "adjourn"),
        (c.load("Soothie-OmegaGo1"), "load Soothie-OmegaGo1"),
        (c.addtime(10), "addtime 10"),
        (c.addtime(10, game=28), "addtime 28 10"),
        (c.say("This is a good move."), "say This is a good move."),
        (c.say("gg", game=116), "say 116 gg"),
        (c.tell("beam", "Hi."), "tell beam Hi."),
        (c.kibitz(23, "nice"), "kibitz 23 nice"),
        (c.shout("hello"), "shout hello"),
        (c.yell("hi"), "yell hi"),
        (c.channel(1), "channel 1"),
        (c.join(0), "join 0"),
        (c.observe(56), "observe 56"),
        (c.unobserve(), "unobserve"),
        (c.moves(56), "moves 56"),
        (c.refresh(56), "refresh 56"),
        (c.games(), "games"),
        (c.games(56), "games 56"),
        (c.user("4k-3d o"), "user 4k-3d o"),
        (c.user(), "user"),
        (c.who(), "who"),
        (c.time(42), "time 42"),
        (c.stats("tim"), "stats tim"),
        (c.score(), "score"),
        (c.status(5), "status 5"),
        (c.ayt(), "ayt"),
        (c.quit(), "quit"),
    ],
)
def test_builder_lines(command: c.Command, line: str) -> None:
    assert command.line == line
    assert str(command) == line


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: c.toggle("client", None), "toggle value"),  # type: ignore[arg-type]
        (lambda: c.toggle("nonsense", True), "unknown toggle"),
        (lambda: c.toggle("quiet", "maybe"), "toggle value"),
        (lambda: c.match("ivy", None, 19), "positional"),
        (lambda: c.match("ivy", Color.WHITE, 25), "board size"),
        (lambda: c.match("bad name"), "opponent"),
        (lambda: c.nmatch("x", "N", 2, 19, NMatchTime.absolute(600)), "nigiri"),
        (lambda: c.nmatch("x", "B", 1, 19, NMatchTime.absolute(600)), "handicap"),
        (lambda: c.nmatch("x", "B", 0, 19, NMatchTime.absolute(90)), "multiple of 60"),
        (lambda: c.nmatch("x", "B", 0, 19, NMatchTime.canadian(600, 90, 25)), "multiple of 60"),
        (lambda: c.nmatch("x", "B", 0, 19, NMatchTime.canadian(600, 600, 26)), "stones"),
        (lambda: c.nmatch("x", "B", 0, 19, NMatchTime(600, 600, 0)), "stones"),
        (lambda: c.nmatch("x", "X", 0, 19, NMatchTime.absolute(600)), "colour"),
        (lambda: c.nmatch("x", "B", 0, 20, NMatchTime.absolute(600)), "board size"),
        (lambda: c.move("I5"), "not a board point"),
        (lambda: c.move("T20"), "off the 19x19"),
        (lambda: c.move("Z1"), "off the 19x19"),
        (lambda: c.handicap(1), "handicap"),
        (lambda: c.tell("bob", "hi\nquit"), "single line"),
        (lambda: c.say("a\rquit"), "single line"),
        (lambda: c.say("   "), "empty"),
        (lambda: c.shout("bell\x07"), "control"),
        (lambda: c.observe(0), "game number"),
        (lambda: c.observe(True), "integer"),
        (lambda: c.addtime(0), "minutes"),
        (lambda: c.user("x; quit"), "user query"),
        (lambda: c.client_id("igs tui", "1"), "client name"),
        (lambda: c.load("../etc"), "load"),
    ],
)
def test_invalid_arguments_raise_clear_errors(build: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        build()  # type: ignore[operator]


def test_japanese_periods_need_not_be_multiples_of_60() -> None:
    """Spec: ADVANCED JAPANESE ... 'These need not be a mulitple of 60.'"""
    line = c.nmatch("x", "B", 0, 19, NMatchTime.japanese(600, 3, 30, grace_seconds=5)).line
    assert line == "nmatch x B 0 19 600 5 1 3 30 0"


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("noundo", ReplyKind.NONE),  # "The undo request will not receive any response"
        ("addtime 5", ReplyKind.NONE),  # "You will not receive a response."
        ("undo 12", ReplyKind.NONE),  # "the `undo` command itself is unanswered"
        ("quit", ReplyKind.NONE),
        ("Q16", ReplyKind.MOVE),
        ("q16 5", ReplyKind.MOVE),
        ("pass", ReplyKind.MOVE),
        ("handicap 4", ReplyKind.MOVE),
        ("games", ReplyKind.BLOCK),
        ("say hi", ReplyKind.BLOCK),
        ("done", ReplyKind.BLOCK),
        ("", ReplyKind.BLOCK),
    ],
)
def test_classify_reply_kind(line: str, kind: ReplyKind) -> None:
    assert classify(line).reply is kind


def test_classify_move_identity() -> None:
    cmd = classify("q16 5")
    assert (cmd.game, cmd.point) == (5, "Q16")
    assert classify("pass").point == "PASS"
    assert "move" in classify("observe 5").claims
    assert "game_end" in classify("resign").claims
    assert classify("games").claims == frozenset()


def test_builders_and_raw_lines_classify_alike() -> None:
    assert c.observe(5) == classify("observe 5")
    assert c.move("D4", 3) == classify("D4 3")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_classify_never_raises(line: str) -> None:
    """Typed input goes through classify(); no text may crash it (e.g. '²' is a digit)."""
    assert classify(line).line == line
    assert classify(f"Q16 {line}").reply is ReplyKind.MOVE


def test_komi_command_formats_and_checks_the_value() -> None:
    assert str(c.komi(0.5)) == "komi 0.5"
    assert str(c.komi(-3)) == "komi -3.0"
    for bad in (0.3, 101.0, float("nan")):
        with pytest.raises(ValueError):
            c.komi(bad)


@given(st.text(alphabet=st.sampled_from("ab c日"), max_size=700), st.integers(5, 60))
def test_split_message_keeps_every_word_in_order_within_the_width(text: str, width: int) -> None:
    parts = c.split_message(text, width)
    assert all(0 < len(part) <= width and part == part.strip() for part in parts)
    # nothing but the spaces at the cuts is lost: the non-space characters stay in order
    assert "".join(parts).replace(" ", "") == text.strip().replace(" ", "")
    if len(text.strip()) <= width:
        assert parts == ([text.strip()] if text.strip() else [])


def test_split_message_cuts_between_words() -> None:
    assert c.split_message("aaa bbb ccc", 7) == ["aaa bbb", "ccc"]
    assert c.split_message("x" * 12, 5) == ["xxxxx", "xxxxx", "xx"]
