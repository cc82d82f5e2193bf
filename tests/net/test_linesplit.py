"""LineSplitter: line ends, prompts without newline, telnet IAC, length cap, split invariance."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from igs_tui.backends.igs.net.linesplit import LineSplitter

# A transcript shaped like the spec's "Connection start" and a client-mode session.
LOGIN_TRANSCRIPT = (
    b"Welcome to IGS\r\n"
    b"\r\n"
    b"Login: "
    b"Password: "
    b"9 Throwing other copy out.\r\n"
    b"1 5\r\n"
    b"24 *Soothie*: message contents\r\n"
    b"15 Game 38 I: OmegaGo1 (0 4500 -1) vs Soothie (0 4495 -1)\r\n"
    b"15   0(B): B2\r\n"
    b"1 6\r\n"
    b"#> "
    b"9 yes\r\n"
    b"#> \r\n"
    b"42 Info \xe4\xb8\xad\xe6\x96\x87 \xff\xff name\r\n"
)
LOGIN_LINES = [
    b"Welcome to IGS",
    b"",
    b"Login: ",
    b"Password: ",
    b"9 Throwing other copy out.",
    b"1 5",
    b"24 *Soothie*: message contents",
    b"15 Game 38 I: OmegaGo1 (0 4500 -1) vs Soothie (0 4495 -1)",
    b"15   0(B): B2",
    b"1 6",
    b"#> ",
    b"9 yes",
    b"#> ",
    b"42 Info \xe4\xb8\xad\xe6\x96\x87 \xff name",
]


def feed_chunks(chunks: list[bytes], **kwargs: Any) -> list[bytes]:
    splitter = LineSplitter(**kwargs)
    lines: list[bytes] = []
    for chunk in chunks:
        lines += splitter.feed(chunk)
    return lines + splitter.close()


def chunk_at(data: bytes, cuts: list[int]) -> list[bytes]:
    points = sorted({min(c, len(data)) for c in cuts})
    bounds = [0, *points, len(data)]
    return [data[a:b] for a, b in itertools.pairwise(bounds)]


def test_whole_transcript_in_one_chunk() -> None:
    assert feed_chunks([LOGIN_TRANSCRIPT]) == LOGIN_LINES


def test_byte_by_byte_same_as_whole() -> None:
    assert feed_chunks([bytes([b]) for b in LOGIN_TRANSCRIPT]) == LOGIN_LINES


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=len(LOGIN_TRANSCRIPT)), max_size=40))
def test_any_chunking_of_transcript_gives_same_lines(cuts: list[int]) -> None:
    assert feed_chunks(chunk_at(LOGIN_TRANSCRIPT, cuts)) == LOGIN_LINES


# Streams built from the troublesome pieces: line ends, prompts, prefixes of prompts, IAC.
_PIECES = st.sampled_from(
    [
        b"\r",
        b"\n",
        b"\r\n",
        b"\x00",
        b"Login: ",
        b"Log",
        b"Password: ",
        b"#> ",
        b"#",
        b"1 5",
        b"abc",
        b"\xff\xff",
        b"\xff\xfb\x01",
        b"\xff\xfa\x18\x01\xff\xf0",
        b"\xff\xf1",
        b"\xe4\xb8",
    ]
)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(_PIECES, max_size=30).map(b"".join),
    st.lists(st.integers(min_value=0, max_value=200), max_size=20),
    st.integers(min_value=10, max_value=16),
    st.booleans(),
)
def test_split_invariance_random_streams(
    data: bytes, cuts: list[int], max_line: int, strip: bool
) -> None:
    whole = feed_chunks([data], max_line=max_line, strip_telnet=strip)
    assert feed_chunks(chunk_at(data, cuts), max_line=max_line, strip_telnet=strip) == whole
    one_by_one = [bytes([b]) for b in data]
    assert feed_chunks(one_by_one, max_line=max_line, strip_telnet=strip) == whole
    for line in whole:
        assert b"\r" not in line and b"\n" not in line
        assert len(line) <= max_line


def test_cr_and_lf_in_different_packets_give_no_empty_line() -> None:
    splitter = LineSplitter()
    assert splitter.feed(b"1 5\r") == [b"1 5"]
    assert splitter.feed(b"\n9 yes\r") == [b"9 yes"]
    assert splitter.feed(b"\n") == []
    assert splitter.close() == []


@pytest.mark.parametrize(
    ("data", "lines"),
    [
        (b"a\r\nb\r\n", [b"a", b"b"]),
        (b"a\nb\n", [b"a", b"b"]),
        (b"a\rb\r", [b"a", b"b"]),
        (b"a\r\x00b\r\n", [b"a", b"b"]),  # telnet "CR NUL" is a bare CR
        (b"a\r\n\r\nb\r\n", [b"a", b"", b"b"]),  # a real empty line survives
        (b"a\n\rb", [b"a", b"", b"b"]),  # LF CR is two line ends
    ],
)
def test_line_ends(data: bytes, lines: list[bytes]) -> None:
    assert feed_chunks([data]) == lines


def test_prompts_without_newline_are_lines_immediately() -> None:
    # Spec: 'the server will print a welcome message and the prompt "Login: "'.
    splitter = LineSplitter()
    assert splitter.feed(b"Welcome\r\nLogin: ") == [b"Welcome", b"Login: "]
    assert splitter.feed(b"Password: ") == [b"Password: "]
    assert splitter.feed(b"#> ") == [b"#> "]


def test_partial_prompt_waits_then_becomes_ordinary_line() -> None:
    splitter = LineSplitter()
    assert splitter.feed(b"Logi") == []
    assert splitter.feed(b"cal\r\n") == [b"Logical"]


def test_line_end_right_after_prompt_is_part_of_prompt() -> None:
    splitter = LineSplitter()
    assert splitter.feed(b"#> ") == [b"#> "]
    assert splitter.feed(b"\r") == []
    assert splitter.feed(b"\n1 5\r\n") == [b"1 5"]


def test_prompt_only_at_line_start() -> None:
    assert feed_chunks([b"  Example:  #> tell beam Hi.\r\n"]) == [b"  Example:  #> tell beam Hi."]


def test_prompt_followed_by_text_on_same_line_splits() -> None:
    # Non-client mode: unsolicited output may follow a prompt directly.
    assert feed_chunks([b"#> 9 yes\r\n"]) == [b"#> ", b"9 yes"]


def test_custom_prompts() -> None:
    splitter = LineSplitter(prompts=[b"> "])
    assert splitter.feed(b"> ") == [b"> "]
    assert splitter.feed(b"Login: ") == []


@pytest.mark.parametrize("prompt", [b"", b"a\r", b"\nb"])
def test_invalid_prompt_rejected(prompt: bytes) -> None:
    with pytest.raises(ValueError, match="invalid prompt"):
        LineSplitter(prompts=[prompt])


def test_max_line_must_be_positive() -> None:
    with pytest.raises(ValueError, match="max_line"):
        LineSplitter(max_line=0)
    with pytest.raises(ValueError, match="longest prompt"):
        LineSplitter(max_line=9)  # "Password: " is 10 bytes


@pytest.mark.parametrize(
    ("data", "lines"),
    [
        (b"\xff\xff", [b"\xff"]),  # IAC IAC = literal 0xFF
        (b"a\xff\xfb\x01b\r\n", [b"ab"]),  # IAC WILL ECHO
        (b"a\xff\xfd\x18b\r\n", [b"ab"]),  # IAC DO TTYPE
        (b"a\xff\xfa\x18\x01\xff\xff\x02\xff\xf0b\r\n", [b"ab"]),  # subnegotiation with IAC IAC
        (b"a\xff\xf1b\r\n", [b"ab"]),  # IAC NOP
        (b"\xff\xfb\x01Login: ", [b"Login: "]),
    ],
)
def test_telnet_commands_are_stripped(data: bytes, lines: list[bytes]) -> None:
    assert feed_chunks([data]) == lines
    assert feed_chunks([bytes([b]) for b in data]) == lines


def test_telnet_stripping_can_be_disabled_for_data_from_telnetlib3() -> None:
    # telnetlib3 turns IAC IAC into one 0xFF byte; it must then pass through untouched.
    assert feed_chunks([b"9 \xff latin\r\n"], strip_telnet=False) == [b"9 \xff latin"]


def test_long_line_is_cut_at_cap() -> None:
    assert feed_chunks([b"abcdefgh\r\n"], max_line=3, prompts=[b">"]) == [b"abc", b"def", b"gh"]


def test_line_of_exactly_cap_length_is_not_split() -> None:
    splitter = LineSplitter(max_line=4, prompts=[b">"])
    assert splitter.feed(b"abcd") == []
    assert splitter.feed(b"\r\n") == [b"abcd"]


def test_many_small_packets_of_a_long_line() -> None:
    splitter = LineSplitter()
    for _ in range(5000):
        assert splitter.feed(b"x" * 10) == []
    assert splitter.feed(b"\n") == [b"x" * 50000]


def test_close_returns_unterminated_line_and_blocks_feed() -> None:
    splitter = LineSplitter()
    assert splitter.feed(b"1 5\r\npartial") == [b"1 5"]
    assert splitter.pending == b"partial"
    assert splitter.close() == [b"partial"]
    with pytest.raises(RuntimeError, match="closed"):
        splitter.feed(b"x")
    assert splitter.close() == []


def test_reset_starts_afresh_as_a_new_splitter() -> None:
    used = LineSplitter()
    used.feed(b"9 half a line\r")  # a partial line, a pending CR ...
    used.feed(b"\xff\xfa\x18")  # ... and an open telnet subnegotiation
    used.reset()
    fresh = LineSplitter()
    tail = b"\n9 next\r\nLogin: "
    assert used.pending == b""
    assert used.feed(tail) == fresh.feed(tail) == [b"", b"9 next", b"Login: "]
