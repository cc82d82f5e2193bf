"""Write a session transcript (every line received and sent) for ``igs-tui parse`` and bug reports.

Transcripts live in ``platformdirs.user_data_dir("igs-tui")/sessions/<UTC timestamp>-<server>.log``
in the transcript format of :mod:`igs_tui.backends.igs.protocol.transcript`. They may hold private
chat, so
the directory is created 0700 and each file 0600, and the file is created exclusively (never
appended to or truncated: two sessions started in the same second get distinct names).

The password must never reach the disk. Two rules, because neither alone is enough:

* the line sent right after a password prompt (``Password: `` or the client-mode ``1 1``) is
  written as ``********`` whatever it contains -- that is the line that *is* the password;
* any sent or received line containing the password gets it replaced, in case it is typed again
  elsewhere (``password old new``, a mistaken tell). A password of 6 or more characters is
  replaced wherever it occurs; a shorter one only where it is not part of a longer word, so that
  ``go`` does not shred ``gopher`` (:class:`igs_tui.redaction.Redactor`, shared with the chat
  logs). A password equal to the login name is not redacted elsewhere: it is public anyway.

A server decides how much is sent, so transcripts are capped (:mod:`igs_tui.disk_caps`): a
transcript that reaches its size goes on in a new file (``...-1.log``, with the header
again), and the folder keeps a total size and a number of files, the oldest deleted first
(the owner told once, through ``notice``).
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Self

import platformdirs

from igs_tui.disk_caps import CappedFolder, DiskCaps
from igs_tui.private_dirs import private_dir
from igs_tui.redaction import REDACTED, Redactor

__all__ = [
    "REDACTED",
    "SessionRecorder",
    "TranscriptFormat",
    "default_sessions_dir",
    "transcript_recorder",
]

_log = logging.getLogger(__name__)

_PASSWORD_PROMPTS = frozenset({"Password: ", "Password:", "1 1"})
_UNSAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


@dataclass(frozen=True, slots=True)
class TranscriptFormat:
    """How transcript lines are spelled; defaults to the protocol package's format."""

    header: Callable[[], str]
    received: Callable[[str], str]
    sent: Callable[[str], str]

    comment: Callable[[str], str] = lambda text: "# " + text.replace("\n", " ")

    @classmethod
    def default(cls) -> TranscriptFormat:
        """The format ``igs-tui parse`` reads (:mod:`igs_tui.backends.igs.protocol.transcript`)."""
        from igs_tui.backends.igs.protocol import transcript

        return cls(
            header=transcript.format_transcript_header,
            received=transcript.format_received,
            sent=transcript.format_sent,
            comment=transcript.format_comment,
        )


def default_sessions_dir() -> Path:
    """``<user data dir>/sessions`` for igs-tui (not created here)."""
    return Path(platformdirs.user_data_dir("igs-tui")) / "sessions"


class SessionRecorder:
    """Append received/sent lines to one transcript file, redacting the password.

    Use :meth:`create` to make a new file; the recorder is a context manager.
    """

    def __init__(
        self,
        stream: IO[str],
        path: Path,
        *,
        password: str | None,
        fmt: TranscriptFormat,
        username: str = "",
        folder: CappedFolder | None = None,
    ) -> None:
        self.path = path
        self._stream = stream
        self._fmt = fmt
        self._redact = Redactor(password, username)
        self._after_password_prompt = False
        self._folder = folder
        """The transcripts' folder and its caps (None: uncapped, as a caller's own file)."""
        self._size = 0
        self._write(fmt.header())

    @classmethod
    def create(
        cls,
        server: str,
        *,
        password: str | None,
        directory: Path | None = None,
        now: datetime | None = None,
        fmt: TranscriptFormat | None = None,
        username: str = "",
        caps: DiskCaps | None = None,
        notice: Callable[[str], None] | None = None,
    ) -> Self:
        """Create ``<directory>/<timestamp>-<server>.log`` (mode 0600) and return its recorder,
        writing within ``caps`` (the defaults unless given; ``notice`` hears once when they
        delete old transcripts).

        Raises:
            OSError: if the directory or file cannot be created.
        """
        directory = directory if directory is not None else default_sessions_dir()
        private_dir(directory)  # also an older, wider one (and the data folder above it)
        stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
        base = f"{stamp}-{_UNSAFE_NAME.sub('_', server).strip('_') or 'server'}"
        path, stream, part = _new_file(directory, base)
        folder = CappedFolder(directory, caps, notice, what="session transcripts")
        folder.created(path)
        fmt = fmt or TranscriptFormat.default()
        recorder = cls(stream, path, password=password, fmt=fmt, username=username, folder=folder)
        recorder._base, recorder._part = base, part
        return recorder

    def received(self, line: str) -> None:
        """Record a line from the server."""
        # Stays set until we answer: a stray line between prompt and answer must not disarm it,
        # and redacting one harmless command by mistake costs nothing.
        if line in _PASSWORD_PROMPTS:
            self._after_password_prompt = True
        self._write(self._fmt.received(self._redact(line)))

    def received_all(self, lines: list[str]) -> None:
        """Record the lines of one read from the server, flushed once (before any of them is
        handled, so a crash still finds them on disk)."""
        if not _PASSWORD_PROMPTS.isdisjoint(lines):
            self._after_password_prompt = True
        # Redacted as one text: a password cannot span lines, and a busy server sends
        # thousands of lines a second (a call per line showed in a flood's profile).
        received = self._fmt.received
        self._write(self._redact("\n".join([received(line) for line in lines])))

    def sent(self, line: str) -> None:
        """Record a line we sent; the answer to a password prompt is fully redacted."""
        if self._after_password_prompt:
            self._after_password_prompt = False
            line = REDACTED
        self._write(self._fmt.sent(self._redact(line)))

    def comment(self, text: str) -> None:
        """Record a note (connects, disconnects) that ``parse`` skips."""
        self._write(self._fmt.comment(self._redact(text)))

    def close(self) -> None:
        if not self._stream.closed:
            self._stream.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    _base = ""
    """The name the files of this transcript share (set by :meth:`create`)."""
    _part = 0
    """The number of its file now (0: ``<base>.log``, then ``<base>-1.log``...)."""

    def _write(self, text: str) -> None:
        """Write and flush one line. A transcript is a convenience: when the disk is full or
        gone, recording stops (logged once) and the session it records goes on."""
        if self._stream.closed:
            return
        text += "\n"
        size = len(text) if text.isascii() else len(text.encode("utf-8", "replace"))
        try:
            folder = self._folder
            if folder is not None:
                if self._size and self._size + size > folder.caps.file_bytes and self._base:
                    self._next_file(folder)
                folder.before_write(self.path, size, size=self._size)
            self._stream.write(text)
            self._stream.flush()  # a crash must not lose the lines that explain it
            self._size += size
            if folder is not None:
                folder.wrote(self.path, size)
        except OSError as exc:
            _log.error("transcript %s: recording stopped (%s)", self.path, exc)
            with contextlib.suppress(OSError):
                self._stream.close()

    def _next_file(self, folder: CappedFolder) -> None:
        """This file is full: go on in a new one of the same name (``-1``, ``-2``...), with
        the header again and a note of where it began."""
        previous = self.path
        path, stream, self._part = _new_file(previous.parent, self._base, self._part + 1)
        with contextlib.suppress(OSError):
            self._stream.close()
        self._stream, self.path, self._size = stream, path, 0
        folder.created(path)
        self._write(self._fmt.header())
        self._write(self._fmt.comment(f"continued from {previous.name}"))


def _new_file(directory: Path, base: str, first: int = 0) -> tuple[Path, IO[str], int]:
    """A new 0600 file ``<base>.log`` (or ``<base>-N.log``, N from ``first``), never over
    another one; also returns its N."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    for suffix in range(first, first + 1000):
        path = directory / (f"{base}.log" if suffix == 0 else f"{base}-{suffix}.log")
        try:
            fd = os.open(path, flags, 0o600)
        except FileExistsError:
            continue
        break
    else:
        raise FileExistsError(f"no free transcript name for {base} in {directory}")
    os.fchmod(fd, 0o600)  # the mode given to open is reduced by the umask; be explicit
    stream = os.fdopen(fd, "w", encoding="utf-8", errors="replace", newline="\n")
    return path, stream, suffix


def transcript_recorder(
    password: str | None, directory: Path | None = None, username: str = ""
) -> Callable[[object], SessionRecorder]:
    """A ``recorder_factory`` for :class:`~igs_tui.backends.igs.net.client.IgsClient`: one new
    transcript per
    connection, named after the server address, in ``directory`` (default: the user data dir)."""

    def factory(address: object) -> SessionRecorder:
        return SessionRecorder.create(
            str(address), password=password, directory=directory, username=username
        )

    return factory
