"""The two scrambling recurrences of the KGS message header, in 32-bit unsigned arithmetic.

Sent messages (client -> server), from the spec's header table::

    rand[0] = 0; rand[i+1] = msg[i].length + (rand[i] * 0x04c2af9b + 0xfffffffb);
    xorbyte = rand >> 24          (xored into the low byte of msg[i].length)

Received messages (server -> client)::

    msglen < 44: type = typefield
    msglen > 44: type = (typefield + rand[i]) % 0x10000
       rand[0] = 0
       rand[i+1] = username[type % length username] + rand[i] * (type - 0x6cdd)

Readings where the spec is silent, chosen once here and nowhere else:

* ``msg[i].length`` is the true length (before the xor); message ``i`` is xored with
  ``rand[i] >> 24``, so the first message goes out unchanged.
* The type recurrence belongs to the ``msglen > 44`` branch (it is indented under it): ``i``
  counts those messages only, and a message of exactly 44 bytes, which neither branch covers,
  is left alone like a short one.
* ``type`` in the recurrence is the real type (after the offset), ``username[k]`` the character
  code, and ``type - 0x6cdd`` wraps modulo 2**32 like everything else.
* Without a user name (before a successful login) there is nothing to index: the recurrence
  stays at ``rand[0] = 0``, which adds nothing.
"""

from __future__ import annotations

from typing import Final

MASK32: Final = 0xFFFFFFFF
LENGTH_FACTOR: Final = 0x04C2AF9B
LENGTH_ADDEND: Final = 0xFFFFFFFB
TYPE_BASE: Final = 0x6CDD
TYPE_THRESHOLD: Final = 44


class LengthXor:
    """The sent-length recurrence; the client scrambles with it and the server unscrambles."""

    __slots__ = ("rand",)

    def __init__(self) -> None:
        self.rand = 0

    def next_xor(self, true_length: int) -> int:
        """The byte to xor into this message's low length byte; advances the recurrence."""
        xor = (self.rand >> 24) & 0xFF
        self.rand = (true_length + (self.rand * LENGTH_FACTOR + LENGTH_ADDEND)) & MASK32
        return xor

    def peek_xor(self) -> int:
        """The byte the next message will be xored with (the receiver needs it first)."""
        return (self.rand >> 24) & 0xFF


class TypeOffset:
    """The received-type recurrence; the server adds nothing, the client's field gets ``rand``
    added, so ``decode`` is the client's step and ``encode`` the server's."""

    __slots__ = ("rand", "username")

    def __init__(self, username: str = "") -> None:
        self.rand = 0
        self.username = username

    def decode(self, length: int, typefield: int) -> int:
        """The real type of a received message with header ``length`` and ``typefield``."""
        if length <= TYPE_THRESHOLD:
            return typefield
        real = (typefield + self.rand) % 0x10000
        self._advance(real)
        return real

    def encode(self, length: int, real: int) -> int:
        """The type field to send for ``real`` (the inverse of ``decode``)."""
        if length <= TYPE_THRESHOLD:
            return real
        field = (real - self.rand) % 0x10000
        self._advance(real)
        return field

    def _advance(self, real: int) -> None:
        if not self.username:
            return
        char = ord(self.username[real % len(self.username)])
        self.rand = (char + self.rand * ((real - TYPE_BASE) & MASK32)) & MASK32
