"""GTP v2 text framing, sans-IO: preprocessing rules, response parsing, response formatting.

Nothing here reads or writes a stream; channels feed bytes in and take values out, the
built-in engine formats its answers with :func:`format_response`. Keeping the rules in one
place means the controller and the engine cannot disagree about them.

The rules come from the GTP v2 spec:

* §3.1 — an *engine* preprocesses each command line: "1. Remove all occurrences of CR and
  other control characters except for HT and LF. 2. For each line with a hash sign (#),
  remove all text following and including this character. 3. Convert all occurrences of HT
  to SPACE. 4. Discard any empty or white-space only lines." (:func:`preprocess_command_line`).
* "When a response arrives to a controller, it is expected only to do steps 1 and 3 above"
  (:class:`ResponseParser`), and §2.10: empty or whitespace-only lines "occurring outside a
  response must be ignored by the controller".
* §2.6/§3.4/§3.5 — a response is ``=[id] result`` or ``?[id] message`` "ending with two
  consecutive newlines"; the id "may be omitted if and only if it was omitted in the command".
* The controller applies the engine-side rules to what it *sends* (:func:`prepare_command`),
  so that it never sends a line the engine would discard (and then wait forever for a
  response that is never coming).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from igs_tui.gtp.errors import GtpProtocolError
from igs_tui.numbers import bounded_int

MAX_RESPONSE_BYTES = 1 << 20
"""Responses larger than this are a protocol error: no GTP command legitimately needs 1 MiB,
and an engine spewing output without a blank line must not grow our memory without bound."""

_STATUS_BYTES = frozenset(b"=?")
_STATUS_RE = re.compile(r"([=?])(\d*)(?: (.*))?", re.DOTALL)
_CONTROL_BYTES = bytes(c for c in [*range(32), 127] if c not in (9, 10))
_HT_TO_SPACE = bytes.maketrans(b"\t", b" ")
_CONTROL_CHARS: dict[int, int | None] = {c: None for c in _CONTROL_BYTES}
_CONTROL_CHARS[9] = 32


class GtpResponse(NamedTuple):
    """One parsed response: ``ok`` is ``True`` for ``=`` and ``False`` for ``?``.

    ``body`` is the result (or error message) without the status character, the id, the
    separating space and the terminating blank line; multi-line results keep their inner
    newlines.
    """

    ok: bool
    id: int | None
    body: str


def preprocess_command_line(line: str) -> str:
    """All four §3.1 steps on one command line; returns ``""`` for a line to be discarded."""
    cleaned = line.translate(_CONTROL_CHARS).replace("\n", "")
    hash_at = cleaned.find("#")
    if hash_at >= 0:
        cleaned = cleaned[:hash_at]
    return cleaned.strip()


def prepare_command(command: str) -> str:
    """Validate and normalise a command the controller is about to send.

    Applies the engine-side preprocessing so what we send is exactly what the engine will
    see. Raises :class:`ValueError` for a command that spans several lines (§2.5: "A command
    is exactly one line long") or is empty after preprocessing (the engine must not answer
    it, §2.10, so sending it would leave us waiting for a response that never comes).
    """
    if command.isprintable() and "#" not in command:
        # Fast path: nothing for the preprocessing to remove (isprintable is false for
        # every control character, HT, CR and LF included).
        prepared = command.strip(" ")
        if prepared:
            return prepared
    if "\n" in command.rstrip("\r\n"):
        raise ValueError(f"a GTP command is exactly one line long: {command!r}")
    prepared = preprocess_command_line(command)
    if not prepared:
        raise ValueError(f"empty GTP command after preprocessing: {command!r}")
    return prepared


def format_response(ok: bool, command_id: int | None, body: str = "") -> str:
    """Format a response exactly as §3.4/§3.5 show it: ``=id body\\n\\n``, ``=\\n\\n`` and so on.

    Blank lines inside ``body`` would end the response early, so they are dropped; trailing
    whitespace is removed for the same reason.
    """
    status = "=" if ok else "?"
    head = status if command_id is None else f"{status}{command_id}"
    lines = [line.rstrip() for line in body.strip("\n").split("\n")]
    text = "\n".join(line for line in lines if line)
    if body.startswith("\n") and text:
        # Multi-line results such as showboard start on the line after the status.
        return f"{head}\n{text}\n\n"
    return f"{head} {text}\n\n" if text else f"{head}\n\n"


def parse_status_line(line: str) -> tuple[bool, int | None, str]:
    """Split the first line of a response into (ok, id, rest-of-line).

    Raises :class:`GtpProtocolError` if the line does not start with ``=`` or ``?``, or if the
    status and optional id are not followed by a space or the end of the line.
    """
    head, _, rest = line.partition(" ")
    if head[:1] in ("=", "?"):
        digits = head[1:]
        if not digits:
            return head == "=", None, rest.strip()
        if (number := bounded_int(digits)) is not None:
            return head[0] == "=", number, rest.strip()
    match = _STATUS_RE.fullmatch(line)
    if match is None:
        if not line or line[0] not in "=?":
            raise GtpProtocolError(f"engine output is not a GTP response: {line[:200]!r}")
        raise GtpProtocolError(f"malformed GTP response line: {line[:200]!r}")
    status, digits, rest = match.groups()
    return status == "=", (int(digits) if digits else None), (rest or "").strip()


def _new_response(fields: tuple[bool, int | None, str]) -> GtpResponse:
    """Build a :class:`GtpResponse` without the Python-level NamedTuple ``__new__`` frame
    (it is the hot path of every command)."""
    return tuple.__new__(GtpResponse, fields)


class ResponseParser:
    """Turns engine output bytes into :class:`GtpResponse` values (controller side).

    ``feed`` only buffers; ``next_response`` returns a complete response or ``None`` when more
    bytes are needed. A line that cannot start a response raises :class:`GtpProtocolError`
    and is consumed, so the parser stays usable afterwards.
    """

    def __init__(self, max_response_bytes: int = MAX_RESPONSE_BYTES) -> None:
        self._buffer = bytearray()
        self._scan_from = 0
        self._max = max_response_bytes

    def feed(self, data: bytes) -> None:
        self._buffer += data.translate(_HT_TO_SPACE, _CONTROL_BYTES)  # §3.1 steps 1 and 3

    @property
    def buffered(self) -> int:
        """Number of bytes waiting in the buffer."""
        return len(self._buffer)

    @property
    def pending(self) -> bytes:
        """Buffered bytes not yet returned as a response (for error messages at EOF)."""
        return bytes(self._buffer)

    def has_partial_response(self) -> bool:
        """Whether buffered output starts a response that is not yet complete."""
        return bool(self._buffer.strip())

    def next_line(self) -> str | None:
        """The next whole line of output (without its newline), or ``None`` until one has
        arrived: for the body of a *streaming* response (``kata-analyze``), whose lines come
        one by one and whose end (a blank line) only follows the next command. An endless
        line longer than the response limit is a :class:`GtpProtocolError`."""
        buf = self._buffer
        self._scan_from = 0
        newline = buf.find(b"\n")
        if newline < 0:
            if len(buf) > self._max:
                buf.clear()
                raise GtpProtocolError(f"engine output line longer than {self._max} bytes")
            return None
        line = buf[:newline].decode("utf-8", "replace")
        del buf[: newline + 1]
        return line

    def next_response(self) -> GtpResponse | None:
        buf = self._buffer
        if not buf:
            return None
        if buf[0] not in _STATUS_BYTES and not self._skip_to_response():
            return None
        end = buf.find(b"\n\n", self._scan_from)
        if end < 0:
            if len(buf) > self._max:
                self._buffer = bytearray()
                self._scan_from = 0
                raise GtpProtocolError(
                    f"GTP response longer than {self._max} bytes without a terminating blank line"
                )
            # A "\n\n" may straddle the next chunk: rescan from the last byte.
            self._scan_from = len(buf) - 1
            return None
        text = buf[:end].decode("utf-8", "replace")
        del buf[: end + 2]
        self._scan_from = 0
        if "\n" not in text:
            # Fast path for the common one-line response "=12 result" / "=12".
            head, _, rest = text.partition(" ")
            digits = head[1:]
            if not digits:
                return _new_response((head == "=", None, rest.strip()))
            if (number := bounded_int(digits)) is not None:
                return _new_response((head[0] == "=", number, rest.strip()))
        first_line, _, more = text.partition("\n")
        ok, command_id, rest = parse_status_line(first_line)
        if more:
            return GtpResponse(ok, command_id, f"{rest}\n{more}".rstrip(" \n"))
        return GtpResponse(ok, command_id, rest)

    def _skip_to_response(self) -> bool:
        """Slow path when the buffer does not start with a status character: drop blank
        lines (§2.10), then report a garbage line. Returns whether a response start is now
        at the front of the buffer."""
        buf = self._buffer
        self._scan_from = 0
        while buf:
            newline = buf.find(b"\n")
            line = bytes(buf if newline < 0 else buf[:newline])
            if line[:1] in (b"=", b"?"):
                return True
            if newline < 0:
                if line.strip() or len(buf) >= self._max:
                    if len(buf) < self._max:
                        return False  # wait for the whole line so the error can quote it
                    buf.clear()
                    quoted = line[:200].decode("utf-8", "replace")
                    raise GtpProtocolError(f"engine output is not a GTP response: {quoted!r}")
                return False  # only whitespace so far
            del buf[: newline + 1]
            if line.strip():
                raise GtpProtocolError(
                    "engine output is not a GTP response: "
                    f"{line.decode('utf-8', 'replace')[:200]!r}"
                )
        return False
