"""The KGS message header and a splitter that cuts a byte stream into messages.

Header: ``U16 length`` (of the whole message, header included), ``U16 type``; for types
>= 0x4000 the channel follows as the first U16 of the body. The length field is at most
0xFFFF, so no frame, and no buffer here, grows beyond 64 KiB.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import Final, Protocol

from igs_tui.backends.kgs.protocol.errors import KgsEncodeError, KgsStreamError

HEADER_SIZE: Final = 4
MAX_LENGTH: Final = 0xFFFF
_HEADER: Final = struct.Struct("<HH")


@dataclass(frozen=True, slots=True)
class Frame:
    """One message as cut from the stream: its (descrambled) length, raw type field, body."""

    length: int
    typefield: int
    body: bytes


def frame(typefield: int, body: bytes, *, length_xor: int = 0) -> bytes:
    """Header + body; ``length_xor`` is xored into the low byte of the length."""
    length = HEADER_SIZE + len(body)
    if length > MAX_LENGTH:
        raise KgsEncodeError(f"message of {length} bytes is longer than {MAX_LENGTH}")
    return _HEADER.pack(length ^ (length_xor & 0xFF), typefield & 0xFFFF) + body


class FrameSplitter:
    """Cuts frames from bytes fed in any chunk sizes.

    ``length_xor``, when given, returns the byte that was xored into the next frame's length
    and is told the true length once known (the server end of the sent-length recurrence).
    """

    __slots__ = ("_buffer", "_offset")

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._offset = 0  # stream position of _buffer[0], for error messages

    @property
    def pending(self) -> int:
        """Bytes of an incomplete frame held back."""
        return len(self._buffer)

    def feed(self, data: bytes, xor: XorSource | None = None) -> list[Frame]:
        self._buffer += data
        frames: list[Frame] = []
        while len(self._buffer) >= HEADER_SIZE:
            raw_length, typefield = _HEADER.unpack_from(self._buffer)
            length = raw_length ^ xor.peek_xor() if xor is not None else raw_length
            if length < HEADER_SIZE:
                raise KgsStreamError(
                    f"frame at stream byte {self._offset} claims {length} bytes, "
                    f"less than its {HEADER_SIZE}-byte header"
                )
            if len(self._buffer) < length:
                break
            if xor is not None:
                xor.next_xor(length)
            frames.append(Frame(length, typefield, bytes(self._buffer[HEADER_SIZE:length])))
            del self._buffer[:length]
            self._offset += length
        return frames


class XorSource(Protocol):
    """What the splitter needs of ``recurrences.LengthXor``."""

    def peek_xor(self) -> int: ...

    def next_xor(self, true_length: int) -> int: ...
