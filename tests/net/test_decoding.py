"""LineDecoder and encode_command: legacy encodings, garbage bytes, credentials vs chat."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from igs_tui.backends.igs.net.decoding import LineDecoder, encode_command

# Spec (user command): "Info may contain Chinese character or other non-ASCII symbols."
CHINESE = "42 NoGo16  围棋爱好者 China 3k"
JAPANESE = "24 *kansai1*: 第61期関西棋院第一位決定戦"
KOREAN = "24 *taeha*: 안녕하세요 바둑"


def test_ascii_fast_path() -> None:
    assert LineDecoder().decode_with_codec(b"1 5") == ("1 5", "ascii")


@pytest.mark.parametrize("legacy", ["gb18030", "cp932", "euc_kr", None])
@pytest.mark.parametrize("text", [CHINESE, JAPANESE, KOREAN, "9 Café ÿ"])
def test_utf8_is_tried_first_whatever_the_legacy_codec(legacy: str | None, text: str) -> None:
    assert LineDecoder(legacy).decode_with_codec(text.encode("utf-8")) == (text, "utf-8")


@pytest.mark.parametrize(
    ("legacy", "text"),
    [("gb18030", CHINESE), ("gbk", CHINESE), ("cp932", JAPANESE), ("euc_kr", KOREAN)],
)
def test_legacy_codec_used_when_not_utf8(legacy: str, text: str) -> None:
    decoder = LineDecoder(legacy)
    decoded, codec = decoder.decode_with_codec(text.encode(legacy))
    assert decoded == text
    assert codec == decoder.legacy != "utf-8"


def test_latin1_last_resort() -> None:
    # 0x80 and 0xFF alone are invalid in UTF-8 and in GB18030.
    assert LineDecoder("gb18030").decode_with_codec(b"9 \x80\xff") == ("9 \x80\xff", "latin-1")
    assert LineDecoder(None).decode_with_codec("é".encode("cp1252")) == ("é", "latin-1")


def test_unknown_codec_is_a_configuration_error() -> None:
    with pytest.raises(LookupError):
        LineDecoder("no-such-codec")


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200), st.sampled_from(["gb18030", "cp932", "euc_kr", "big5", None]))
def test_garbage_never_raises(data: bytes, legacy: str | None) -> None:
    text, codec = LineDecoder(legacy).decode_with_codec(data)
    assert text.encode(codec) == data or codec not in ("ascii", "utf-8", "latin-1")


def test_encode_chat_as_utf8() -> None:
    assert encode_command("tell bob 你好") == "tell bob 你好".encode()


def test_encode_credentials_as_latin1_when_possible() -> None:
    assert encode_command("pässwörd", credential=True) == b"p\xe4ssw\xf6rd"
    # Not representable in latin-1: fall back to UTF-8 rather than fail.
    assert encode_command("密码", credential=True) == "密码".encode()


def test_encode_never_lets_a_line_break_start_a_second_command() -> None:
    assert encode_command("say hi\r\nquit\x00") == b"say hi  quit "
    assert encode_command("a\nb", credential=True) == b"a b"
