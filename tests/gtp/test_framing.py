"""Sans-IO GTP framing: preprocessing, response parsing and formatting (GTP v2 §2, §3)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from igs_tui.gtp.errors import GtpProtocolError
from igs_tui.gtp.framing import (
    GtpResponse,
    ResponseParser,
    format_response,
    parse_status_line,
    prepare_command,
    preprocess_command_line,
)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # "1. Remove all occurrences of CR and other control characters except for HT and LF."
        ("play b d4\r\n", "play b d4"),
        ("pl\x00ay\x1b b\x7f d4", "play b d4"),
        # "2. For each line with a hash sign (#), remove all text following and including
        # this character."
        ("genmove w # think hard", "genmove w"),
        ("# a pure comment line", ""),
        # "3. Convert all occurrences of HT to SPACE."
        ("komi\t6.5", "komi 6.5"),
        # "4. Discard any empty or white-space only lines."
        ("   \t  \n", ""),
        ("", ""),
    ],
)
def test_engine_side_preprocessing(line: str, expected: str) -> None:
    assert preprocess_command_line(line) == expected


def test_prepare_command_rejects_multi_line_and_empty() -> None:
    assert prepare_command("name\n") == "name"
    with pytest.raises(ValueError, match="one line"):
        prepare_command("name\nversion")
    with pytest.raises(ValueError, match="empty"):
        prepare_command("  # nothing here")


@pytest.mark.parametrize(
    ("ok", "cid", "body", "text"),
    [
        # §3.4: "=id response\n\n", "=id\n\n", "= response\n\n", "=\n\n"
        (True, 7, "D4", "=7 D4\n\n"),
        (True, 7, "", "=7\n\n"),
        (True, None, "D4", "= D4\n\n"),
        (True, None, "", "=\n\n"),
        # §3.5: "?id error_message\n\n", "? error_message\n\n"
        (False, 3, "illegal move", "?3 illegal move\n\n"),
        (False, None, "unknown command", "? unknown command\n\n"),
        # Multi-line lists keep single LFs; blank lines inside would end the response early.
        (True, 1, "a\n\nb\n", "=1 a\nb\n\n"),
    ],
)
def test_format_response(ok: bool, cid: int | None, body: str, text: str) -> None:
    assert format_response(ok, cid, body) == text


def test_parser_splits_pipelined_responses_fed_byte_by_byte() -> None:
    stream = b"=1 D4\n\n?2 illegal move\n\n= \nA B\n1 .\n\n=3\n\n"
    parser = ResponseParser()
    got: list[GtpResponse] = []
    for byte in stream:
        parser.feed(bytes([byte]))
        while (response := parser.next_response()) is not None:
            got.append(response)
    assert got == [
        GtpResponse(True, 1, "D4"),
        GtpResponse(False, 2, "illegal move"),
        GtpResponse(True, None, "\nA B\n1 ."),
        GtpResponse(True, 3, ""),
    ]


def test_parser_drops_cr_and_controls_and_converts_tabs() -> None:
    parser = ResponseParser()
    parser.feed(b"=1 a\tb\x07c\r\n\r\n")
    assert parser.next_response() == GtpResponse(True, 1, "a bc")


def test_parser_ignores_blank_lines_between_responses() -> None:
    parser = ResponseParser()
    parser.feed(b"\n  \n=1 x\n\n\n\n=2 y\n\n")
    assert parser.next_response() == GtpResponse(True, 1, "x")
    assert parser.next_response() == GtpResponse(True, 2, "y")
    assert parser.next_response() is None


def test_parser_garbage_line_raises_then_recovers() -> None:
    parser = ResponseParser()
    parser.feed(b"Welcome to FooGo!\n=1 ok\n\n")
    with pytest.raises(GtpProtocolError, match="Welcome to FooGo"):
        parser.next_response()
    assert parser.next_response() == GtpResponse(True, 1, "ok")


def test_parser_waits_for_the_whole_garbage_line() -> None:
    parser = ResponseParser()
    parser.feed(b"Welc")
    assert parser.next_response() is None
    parser.feed(b"ome\n")
    with pytest.raises(GtpProtocolError, match="Welcome"):
        parser.next_response()


def test_parser_caps_unterminated_response() -> None:
    parser = ResponseParser(max_response_bytes=100)
    parser.feed(b"=1 " + b"x\n" * 80)
    with pytest.raises(GtpProtocolError, match="longer than 100"):
        parser.next_response()
    parser.feed(b"=2 fine\n\n")
    assert parser.next_response() == GtpResponse(True, 2, "fine")


@pytest.mark.parametrize("line", ["=x", "=12abc", "!1 ok", "ok"])
def test_bad_status_lines(line: str) -> None:
    with pytest.raises(GtpProtocolError):
        parse_status_line(line)


def test_status_line_parts() -> None:
    assert parse_status_line("=12 D4") == (True, 12, "D4")
    assert parse_status_line("?") == (False, None, "")


_body_lines = st.lists(
    st.text(alphabet=st.characters(min_codepoint=33, max_codepoint=126), min_size=1, max_size=8),
    min_size=0,
    max_size=4,
)


@settings(max_examples=80, deadline=None)
@given(
    responses=st.lists(
        st.tuples(st.booleans(), st.one_of(st.none(), st.integers(0, 2**31 - 1)), _body_lines),
        min_size=1,
        max_size=5,
    ),
    cuts=st.lists(st.integers(0, 400), max_size=6),
)
def test_format_then_parse_round_trips_at_any_split(
    responses: list[tuple[bool, int | None, list[str]]], cuts: list[int]
) -> None:
    stream = "".join(format_response(ok, cid, "\n".join(body)) for ok, cid, body in responses)
    data = stream.encode()
    parser = ResponseParser()
    got: list[GtpResponse] = []
    last = 0
    for cut in [*sorted(c % (len(data) + 1) for c in cuts), len(data)]:
        parser.feed(data[last:cut])
        last = max(last, cut)
        while (response := parser.next_response()) is not None:
            got.append(response)
    assert got == [GtpResponse(ok, cid, "\n".join(body)) for ok, cid, body in responses]
