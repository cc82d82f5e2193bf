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


def _clean_the_long_way(raw: str, keep_newlines: bool) -> str:
    """``clean`` as it was before its shortcut for printable text: every pattern applied."""
    from igs_tui.ui.safe_text import _ANSI, _CONTROL

    text = _CONTROL.sub("", _ANSI.sub("", raw))
    if keep_newlines:
        return text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ")
    return text.replace("\r\n", " ").replace("\r", " ").replace("\n", " ").replace("\t", " ")


@settings(max_examples=400, deadline=None)
@given(
    st.text(
        alphabet=st.one_of(
            st.characters(),
            st.sampled_from("\x1b\x9b\x07\t\r\n\u200e\u202e\u2066\ufeff\xa0\u3000["),
        )
    ),
    st.booleans(),
)
def test_shortcut_for_printable_text_changes_nothing(raw: str, keep_newlines: bool) -> None:
    # Text that isprintable() passes is returned as it is; the result must be what applying
    # every pattern gives, for any text (the shortcut may never let an escape through).
    assert clean(raw, keep_newlines=keep_newlines) == _clean_the_long_way(raw, keep_newlines)
