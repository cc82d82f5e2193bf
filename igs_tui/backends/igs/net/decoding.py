"""Bytes <-> text for IGS lines, where no encoding is ever announced.

IGS predates Unicode and never negotiates a charset: player info, chat and game titles arrive in
whatever encoding the sender's client used -- UTF-8 from modern clients, GB2312/GBK/GB18030 from
Chinese ones, Shift-JIS (cp932) from Japanese ones, EUC-KR from Korean ones. A line therefore has
to be decoded on its own, by trying:

1. strict UTF-8 -- multi-byte UTF-8 is so structured that random legacy bytes almost never pass
   strict validation, so success is a reliable signal;
2. one configured legacy codec (the user knows which community they talk to; guessing between
   GB18030, cp932 and EUC-KR is unreliable because they overlap heavily);
3. latin-1, which maps every byte to a character and therefore cannot fail.

Decoding never raises: a garbled name is better than a dropped connection.
"""

from __future__ import annotations

import codecs

from igs_tui.backends.igs.encodings import DEFAULT_LEGACY_ENCODING

__all__ = ["DEFAULT_LEGACY_ENCODING", "LineDecoder", "encode_command"]

_LINE_BREAKS = str.maketrans({"\r": " ", "\n": " ", "\x00": " "})


class LineDecoder:
    """Decode one received line: strict UTF-8, then ``legacy``, then latin-1.

    Args:
        legacy: a Python codec name for the fallback (e.g. ``"gb18030"``, ``"cp932"``,
            ``"euc_kr"``) or ``None`` to go straight from UTF-8 to latin-1.

    Raises:
        LookupError: if ``legacy`` names no known codec (a configuration error, reported early
            rather than on the first non-ASCII line).
    """

    def __init__(self, legacy: str | None = DEFAULT_LEGACY_ENCODING) -> None:
        self.legacy = codecs.lookup(legacy).name if legacy else None

    def decode(self, line: bytes) -> str:
        """Return the text of ``line``; never raises."""
        return self.decode_with_codec(line)[0]

    def decode_with_codec(self, line: bytes) -> tuple[str, str]:
        """Return ``(text, codec name used)``, for diagnostics and tests."""
        if line.isascii():
            return line.decode("ascii"), "ascii"
        try:
            return line.decode("utf-8"), "utf-8"
        except UnicodeDecodeError:
            pass
        if self.legacy is not None:
            try:
                return line.decode(self.legacy), self.legacy
            except UnicodeDecodeError:
                pass
        return line.decode("latin-1"), "latin-1"


def encode_command(text: str, *, credential: bool = False) -> bytes:
    """Encode one command line to send (without its line end).

    Login names and passwords (``credential=True``) go out as latin-1 when possible: IGS accounts
    were created by byte-oriented telnet clients, so a password with e.g. ``é`` was stored as the
    single latin-1 byte, and sending UTF-8 would make it never match. Everything else -- commands
    and chat text -- goes out as UTF-8, the one encoding that carries every script and the one that
    other modern clients (and our own :class:`LineDecoder`) try first. ASCII is identical in both.

    CR, LF and NUL are replaced by spaces: a chat message must never smuggle in a second command.
    """
    clean = text.translate(_LINE_BREAKS)
    if credential:
        try:
            return clean.encode("latin-1")
        except UnicodeEncodeError:
            pass
    return clean.encode("utf-8")
