"""Primitive wire types, the password hash and scaled numbers, against hand-made bytes."""

from __future__ import annotations

from decimal import Decimal

import pytest

from igs_tui.backends.kgs.protocol.errors import KgsDecodeError, KgsEncodeError
from igs_tui.backends.kgs.protocol.primitives import (
    Reader,
    Writer,
    password_hash,
    scale_down,
    scale_up,
)


def test_password_hash_follows_the_spec_recurrence() -> None:
    # password = 0; for each char: password = password * 1055 + ascii_code(char)
    assert password_hash("") == 0
    assert password_hash("a") == 97
    assert password_hash("ab") == 97 * 1055 + 98 == 102433
    assert password_hash("pw") == 112 * 1055 + 119 == 118279
    assert password_hash("abc") == (97 * 1055 + 98) * 1055 + 99 == 108066914


def test_password_hash_wraps_to_the_u64_wire_type() -> None:
    password = "secret-password-long"  # 20 chars: 1055**20 is far beyond 2**64
    unbounded = 0
    for char in password:
        unbounded = unbounded * 1055 + ord(char)
    assert unbounded >= 2**64
    assert password_hash(password) == unbounded % 2**64


def test_password_hash_refuses_non_ascii_without_echoing_it() -> None:
    with pytest.raises(KgsEncodeError) as info:
        password_hash("pässword")
    assert "ä" not in str(info.value) and "character 2" in str(info.value)


def test_integers_are_little_endian() -> None:
    w = Writer()
    w.integer("U16", 0x1234, "u16")
    w.integer("I16", -2, "i16")
    w.integer("U32", 0x01020304, "u32")
    w.integer("I8", -1, "i8")
    w.integer("U64", 2**64 - 1, "u64")
    data = w.finish()
    assert data == b"\x34\x12\xfe\xff\x04\x03\x02\x01\xff" + b"\xff" * 8
    r = Reader(data)
    assert [r.integer(k) for k in ("U16", "I16", "U32", "I8", "U64")] == [
        0x1234,
        -2,
        0x01020304,
        -1,
        2**64 - 1,
    ]


@pytest.mark.parametrize(
    ("kind", "value"), [("U8", 256), ("U8", -1), ("I16", 32768), ("U64", 2**64)]
)
def test_out_of_range_integers_are_refused(kind: str, value: int) -> None:
    with pytest.raises(KgsEncodeError, match="outside"):
        Writer().integer(kind, value, "f")


def test_fixed_ascii_is_nul_padded_and_checked() -> None:
    w = Writer()
    w.ascii_fixed(10, "bob", "name")
    assert w.finish() == b"bob" + b"\0" * 7
    assert Reader(b"bob\0junk\0\0\0").ascii_fixed(10, "name") == "bob"
    with pytest.raises(KgsEncodeError, match="at most 10"):
        Writer().ascii_fixed(10, "elevenchars", "name")
    with pytest.raises(KgsEncodeError, match="ASCII"):
        Writer().ascii_fixed(10, "bö", "name")
    with pytest.raises(KgsDecodeError, match="ASCII"):
        Reader(b"b\xf6b" + b"\0" * 7).ascii_fixed(10, "name")
    with pytest.raises(KgsDecodeError, match="needs 10 bytes, only 3 left"):
        Reader(b"bob").ascii_fixed(10, "name")


def test_fixed_ucs2_counts_16_bit_units() -> None:
    w = Writer()
    w.ucs2_fixed(3, "hé", "room")
    assert w.finish() == b"h\x00\xe9\x00\x00\x00"
    assert Reader(b"h\x00\xe9\x00\x00\x00").ucs2_fixed(3, "room") == "hé"
    with pytest.raises(KgsEncodeError, match="at most 3"):
        Writer().ucs2_fixed(3, "four", "room")


def test_strings_outside_ucs2_are_refused() -> None:
    with pytest.raises(KgsEncodeError, match="UCS-2"):
        Writer().ucs2_terminated("go \U0001f600", "msg", string=False)
    with pytest.raises(KgsEncodeError, match="NUL"):
        Writer().ucs2_terminated("a\0b", "msg", string=False)
    with pytest.raises(KgsDecodeError, match="UCS-2"):
        Reader(b"\x00\xd8a\x00").ucs2_terminated("msg")  # a lone high surrogate
    with pytest.raises(KgsDecodeError, match="odd"):
        Reader(b"a\x00b").ucs2_terminated("msg")


def test_zstring_ends_at_nul_unit_and_string_may_run_to_the_end() -> None:
    r = Reader(b"a\x00b\x00\x00\x00c\x00")
    assert r.ucs2_terminated("z") == "ab"
    assert r.ucs2_terminated("s") == "c"
    assert r.remaining == 0
    # A NUL byte that is half of a character is not a terminator.
    assert Reader(b"\x00\x01\x00\x00").ucs2_terminated("z") == "\u0100"


def test_a_string_drops_its_nul_only_when_it_ends_the_message() -> None:
    w = Writer()
    w.ucs2_terminated("x", "s", string=True)
    assert w.finish() == b"x\x00"
    w = Writer()
    w.ucs2_terminated("x", "s", string=True)
    w.integer("U8", 7, "after")
    assert w.finish() == b"x\x00\x00\x00\x07"
    w = Writer()
    w.ucs2_terminated("x", "z", string=False)
    assert w.finish() == b"x\x00\x00\x00"


def test_scaled_values_are_exact_decimals() -> None:
    assert scale_down(13, 2) == Decimal("6.5")
    assert scale_down(-1, 4) == Decimal("-0.25")
    assert scale_down(1500, 1000) == Decimal("1.5")
    assert scale_up(Decimal("6.5"), 2, "komi") == 13
    assert scale_up(7, 2, "komi") == 14
    with pytest.raises(KgsEncodeError, match="multiple of 1/2"):
        scale_up(Decimal("6.25"), 2, "komi")
    with pytest.raises(KgsEncodeError, match="Decimal or int"):
        scale_up(6.5, 2, "komi")
    with pytest.raises(KgsEncodeError, match="multiple"):
        scale_up(Decimal("NaN"), 2, "komi")
