"""Errors of the KGS protocol layer. All are ``ValueError`` so a caller can catch one family.

A ``KgsStreamError`` is fatal for the connection (the byte stream cannot be resynchronised: a bad
handshake, a corrupt zlib stream, a frame shorter than its header). A message whose frame is sound
but whose body does not fit its catalogue entry is *not* fatal: it comes out as an
``UndecodableMessage`` carrying a ``KgsDecodeError`` text.
"""

from __future__ import annotations


class KgsError(ValueError):
    """Base of every error this package raises on purpose."""


class KgsDecodeError(KgsError):
    """Bytes that do not decode as the expected type; ``position`` is the byte offset."""

    def __init__(self, message: str, position: int) -> None:
        super().__init__(f"{message} (at byte {position})")
        self.position = position


class KgsEncodeError(KgsError):
    """A value that cannot be written as the catalogued type (wrong kind, out of range...)."""


class KgsStreamError(KgsError):
    """The connection's byte stream is broken; nothing more can be read from it."""
