"""Server text is shown literally: markup, escapes and control characters are neutralised."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.text import Text

from igs_tui.ui.safe_text import ELLIPSIS, clean, plain


def test_markup_stays_literal() -> None:
    text = plain("[red]x[/red] [link=https://evil.example]click[/link]")
    assert isinstance(text, Text)
    assert text.plain == "[red]x[/red] [link=https://evil.example]click[/link]"
    assert text.spans == []


def test_ansi_csi_and_osc_removed() -> None:
    assert clean("\x1b[31mred\x1b[0m") == "red"
    assert clean("\x1b]8;;http://x\x07link\x1b]8;;\x07") == "link"
    assert clean("\x1b]0;title\x1b\\after") == "after"
    assert clean("a\x1bcb") == "ab"  # ESC c (full reset)
    assert clean("\x9b2Jx") == "x"


def test_control_characters_removed_and_whitespace_flattened() -> None:
    assert clean("bell\x07 back\x08 nul\x00") == "bell back nul"
    assert clean("one\r\ntwo\nthree\tfour") == "one two three four"
    assert clean("one\r\ntwo\rthree", keep_newlines=True) == "one\ntwo\nthree"


def test_bidi_overrides_removed() -> None:
    assert clean("abc\u202edcba\u202c") == "abcdcba"


def test_long_lines_cut_with_ellipsis() -> None:
    cut = clean("x" * 10_000, max_length=80)
    assert len(cut) == 80
    assert cut.endswith(ELLIPSIS)
    assert clean("short", max_length=80) == "short"


def test_plain_applies_only_application_style() -> None:
    text = plain("[b]hi", "bold green")
    assert text.plain == "[b]hi"
    assert str(text.style) == "bold green"


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_clean_output_never_contains_escape_or_controls(raw: str) -> None:
    out = clean(raw)
    assert "\x1b" not in out
    assert "\n" not in out
    assert all(ord(ch) >= 0x20 and not 0x7F <= ord(ch) <= 0x9F for ch in out)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E)))
def test_printable_ascii_is_unchanged(raw: str) -> None:
    assert clean(raw) == raw
