"""A KGS session's transcript: every JSON message we post and every one the server sends, one
line each, with the password kept out (the login form's "Record session" box).

Sans-IO: the lines go to a :class:`LineSink` (the app hands it the same 0600 file writer the
IGS transcripts use, in the same ``sessions/`` directory), so this module only decides what a
message looks like on disk. Each message is written as compact JSON (``ensure_ascii=False``, so
names and chat stay readable) after ``<`` (received) or ``>`` (sent), as in an IGS transcript.

The password is redacted *before* encoding, in every string of the message: JSON escapes
quotes, backslashes and control characters, so a password redacted in the encoded text would
slip through whenever it holds one of them. A LOGIN's ``password`` field is replaced whatever
it holds (even a short password equal to the name, which :class:`~igs_tui.redaction.Redactor`
leaves alone elsewhere).
"""

from __future__ import annotations

import json
from typing import Protocol

from igs_tui.redaction import REDACTED, Redactor

HEADER = "# igs-tui KGS JSON transcript 1 ('<' from the server, '>' from us)"


class LineSink(Protocol):
    """Where transcript lines go (:class:`igs_tui.backends.igs.net.recorder.SessionRecorder`
    has this shape; it adds the ``<``/``>`` marks and writes and flushes each line)."""

    def received(self, line: str) -> None: ...
    def sent(self, line: str) -> None: ...
    def comment(self, text: str) -> None: ...
    def close(self) -> None: ...


class JsonTranscript:
    """Writes KGS messages to a :class:`LineSink`, password redacted."""

    def __init__(self, sink: LineSink, *, password: str, username: str = "") -> None:
        self._sink = sink
        self._redact = Redactor(password or None, username)

    def received(self, message: object) -> None:
        """A downstream message, as the server sent it (before it is handled)."""
        self._sink.received(self._encode(message))

    def sent(self, message: object) -> None:
        """An upstream message, as it is posted."""
        if isinstance(message, dict) and message.get("type") == "LOGIN" and message.get("password"):
            message = {**message, "password": REDACTED}
        self._sink.sent(self._encode(message))

    def note(self, text: str) -> None:
        """A line for the reader (the link lost, a new login), not a message."""
        self._sink.comment(self._redact(text))

    def close(self) -> None:
        self._sink.close()

    def _encode(self, message: object) -> str:
        try:
            return json.dumps(self._scrub(message), ensure_ascii=False, separators=(",", ":"))
        except (RecursionError, ValueError, TypeError) as exc:
            # A hostile answer nested past the stack: the session goes on, the line says so.
            return json.dumps({"unrecorded": type(exc).__name__}, separators=(",", ":"))

    def _scrub(self, value: object) -> object:
        if isinstance(value, str):
            return self._redact(value)
        if isinstance(value, dict):
            return {self._scrub(k): self._scrub(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [self._scrub(v) for v in value]
        return value
