"""Primitive wire types of the KGS protocol: little-endian integers, strings, scaled numbers.

The spec's words, kept exactly:

* ``U8 U16 U32 U64 I8 I16 I32`` -- little-endian integers.
* ``A`` with a LENGTH -- fixed-length 7-bit ASCII, padded with NUL bytes.
* ``S`` with a LENGTH -- fixed-length UCS-2 (LENGTH counts 16-bit units), padded with NUL units.
* ``ZSTRING`` -- UCS-2 ended by a NUL unit. ``STRING`` -- UCS-2 "non-terminated": it runs to the
  end of the message, so when something follows it (a room name inside a list of rooms) it can
  only end at a NUL unit; we read up to a NUL unit or the end, and write the NUL only when more
  bytes follow. ``DATA`` -- raw bytes to the end of the message. ``TREE`` -- the game-tree
  "subprotocol", which the spec does not describe: raw bytes to the end, like ``DATA``.
* Types with a MULTIPLIER > 1 (komi, score, result, time, timestamp) are ``Decimal`` values:
  the wire integer divided by the multiplier. ``flag`` is a bool (any non-zero byte is true).
"""

from __future__ import annotations

import struct
from decimal import Decimal
from typing import Final

from igs_tui.backends.kgs.protocol.errors import KgsDecodeError, KgsEncodeError

INT_FORMATS: Final[dict[str, str]] = {
    "U8": "<B",
    "U16": "<H",
    "U32": "<I",
    "U64": "<Q",
    "I8": "<b",
    "I16": "<h",
    "I32": "<i",
}

PASSWORD_FACTOR: Final = 1055
_U64: Final = (1 << 64) - 1


def int_range(kind: str) -> tuple[int, int]:
    """The inclusive range of the integer type ``kind`` (``U16`` -> 0..65535)."""
    bits = struct.calcsize(INT_FORMATS[kind]) * 8
    if kind.startswith("U"):
        return 0, (1 << bits) - 1
    return -(1 << (bits - 1)), (1 << (bits - 1)) - 1


def password_hash(password: str) -> int:
    """The spec's password number: ``password = password * 1055 + ascii_code(char)``.

    The wire type is U64, so the product wraps modulo 2**64 (the spec does not say; a U64 can
    hold nothing else). Only ASCII characters have an "ascii code": others raise.
    """
    value = 0
    for index, char in enumerate(password):
        code = ord(char)
        if code > 0x7F:
            raise KgsEncodeError(f"password character {index + 1} is not ASCII")
        value = (value * PASSWORD_FACTOR + code) & _U64
    return value


class Reader:
    """Reads primitive values from one message body; every failure is a ``KgsDecodeError``."""

    __slots__ = ("data", "pos")

    def __init__(self, data: bytes, pos: int = 0) -> None:
        self.data = data
        self.pos = pos

    @property
    def remaining(self) -> int:
        return len(self.data) - self.pos

    def take(self, size: int, what: str) -> bytes:
        if size > self.remaining:
            raise KgsDecodeError(f"{what} needs {size} bytes, only {self.remaining} left", self.pos)
        chunk = self.data[self.pos : self.pos + size]
        self.pos += size
        return chunk

    def integer(self, kind: str) -> int:
        fmt = INT_FORMATS[kind]
        value: int = struct.unpack(fmt, self.take(struct.calcsize(fmt), kind))[0]
        return value

    def ascii_fixed(self, length: int, what: str) -> str:
        start = self.pos
        raw = self.take(length, what).split(b"\0", 1)[0]
        if any(byte > 0x7F for byte in raw):
            raise KgsDecodeError(f"{what} is not 7-bit ASCII", start)
        return raw.decode("ascii")

    def ucs2_fixed(self, units: int, what: str) -> str:
        start = self.pos
        raw = self.take(units * 2, what)
        end = _nul_unit(raw)
        return _decode_ucs2(raw[: end if end >= 0 else len(raw)], what, start)

    def ucs2_terminated(self, what: str) -> str:
        """UCS-2 up to a NUL unit (consumed) or the end of the message."""
        start = self.pos
        rest = self.data[self.pos :]
        end = _nul_unit(rest)
        if end < 0:
            if len(rest) % 2:
                raise KgsDecodeError(f"{what} has an odd number of bytes", start)
            self.pos = len(self.data)
            return _decode_ucs2(rest, what, start)
        self.pos += end + 2
        return _decode_ucs2(rest[:end], what, start)

    def rest(self) -> bytes:
        chunk = self.data[self.pos :]
        self.pos = len(self.data)
        return chunk


def _nul_unit(raw: bytes) -> int:
    """The byte offset of the first 16-bit NUL unit at an even offset, or -1."""
    for offset in range(0, len(raw) - 1, 2):
        if raw[offset] == 0 and raw[offset + 1] == 0:
            return offset
    return -1


def _decode_ucs2(raw: bytes, what: str, position: int) -> str:
    try:
        return raw.decode("utf-16-le")
    except UnicodeDecodeError as exc:
        raise KgsDecodeError(f"{what} is not valid UCS-2 ({exc.reason})", position) from None


class Writer:
    """Writes primitive values; every failure is a ``KgsEncodeError`` naming the field."""

    __slots__ = ("buf", "string_end")

    def __init__(self) -> None:
        self.buf = bytearray()
        #: Where the last STRING's NUL unit ends: dropped if nothing follows it.
        self.string_end = -1

    def integer(self, kind: str, value: int, what: str, *, secret: bool = False) -> None:
        """Write ``value``; a ``secret`` one (the password number) is never put in an error."""
        low, high = int_range(kind)
        if isinstance(value, bool) or not isinstance(value, int):
            raise KgsEncodeError(f"{what}: {kind} needs an int, got {type(value).__name__}")
        if not low <= value <= high:
            shown = "the value" if secret else str(value)
            raise KgsEncodeError(f"{what}: {shown} is outside {kind} ({low}..{high})")
        self.buf += struct.pack(INT_FORMATS[kind], value)

    def ascii_fixed(self, length: int, value: str, what: str) -> None:
        raw = _text(value, what).encode("ascii", errors="replace")
        if not value.isascii() or "\0" in value:
            raise KgsEncodeError(f"{what}: only 7-bit ASCII without NUL fits")
        if len(raw) > length:
            raise KgsEncodeError(f"{what}: {len(raw)} characters, at most {length} fit")
        self.buf += raw.ljust(length, b"\0")

    def ucs2_fixed(self, units: int, value: str, what: str) -> None:
        raw = _encode_ucs2(value, what)
        if len(raw) > units * 2:
            raise KgsEncodeError(f"{what}: {len(raw) // 2} characters, at most {units} fit")
        self.buf += raw.ljust(units * 2, b"\0")

    def ucs2_terminated(self, value: str, what: str, *, string: bool) -> None:
        self.buf += _encode_ucs2(value, what) + b"\0\0"
        if string:
            self.string_end = len(self.buf)

    def raw(self, value: bytes, what: str) -> None:
        if not isinstance(value, bytes | bytearray):
            raise KgsEncodeError(f"{what}: needs bytes, got {type(value).__name__}")
        self.buf += value

    def finish(self) -> bytes:
        """The body; a STRING that ends the message loses its NUL (it is "non-terminated")."""
        if self.string_end == len(self.buf):
            del self.buf[-2:]
        return bytes(self.buf)


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise KgsEncodeError(f"{what}: needs a str, got {type(value).__name__}")
    return value


def _encode_ucs2(value: object, what: str) -> bytes:
    text = _text(value, what)
    if "\0" in text:
        raise KgsEncodeError(f"{what}: NUL cannot be sent inside a string")
    if any(ord(char) > 0xFFFF or 0xD800 <= ord(char) <= 0xDFFF for char in text):
        raise KgsEncodeError(f"{what}: only UCS-2 characters (U+0000..U+FFFF) fit")
    return text.encode("utf-16-le")


def scale_down(raw: int, multiplier: int) -> Decimal:
    """The value of a scaled wire integer: ``raw / multiplier``, exactly."""
    return Decimal(raw) / Decimal(multiplier)


def scale_up(value: object, multiplier: int, what: str) -> int:
    """The wire integer of a scaled value; it must be a whole number of ``1/multiplier``."""
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise KgsEncodeError(f"{what}: needs a Decimal or int, got {type(value).__name__}")
    scaled = Decimal(value) * multiplier
    if not scaled.is_finite() or scaled != scaled.to_integral_value():
        raise KgsEncodeError(f"{what}: {value} is not a multiple of 1/{multiplier}")
    return int(scaled)
