"""Earlier conversations read back from the chat logs, shown above a buffer's new lines.

The model keeps a buffer's messages only for the session; the chat log on disk
(:mod:`igs_tui.ui.chat.chat_log`) keeps everything. When a buffer opens after a restart (a tell
with a friend, a channel, the shouts), its last lines are read back from the end of its log
and shown dimmed as history. Only the tail is read, backwards in blocks and never more than
:data:`MAX_TAIL_BYTES`, so a log of years costs the same as a log of minutes. A log line is
``YYYY-MM-DD HH:MM:SS <author> text`` (``-- text`` for a server notice): a line that is not
one of those (a torn write, an edited file, a stray binary) is skipped, and what is read is
only ever text shown as text.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from rich.text import Text

from igs_tui.ui.safe_text import plain

HISTORY_LINES = 50
"""Logged lines shown above a buffer's new ones."""
MAX_TAIL_BYTES = 256 * 1024
"""The most of a log read to find its last lines (long lines: fewer of them shown)."""
BLOCK = 8192
MAX_SHOWN = 2000
"""Characters of one logged line shown."""

_LINE = re.compile(
    r"(?P<date>\d{4}-\d{2}-\d{2}) (?P<time>\d{2}:\d{2}):\d{2} "
    r"(?:-- (?P<notice>.*)|<(?P<author>[^<>]{0,64})> ?(?P<text>.*))"
)


@dataclass(frozen=True, slots=True)
class LoggedLine:
    """One line read back from a chat log (``author`` is ``""`` for a server notice)."""

    date: str
    time: str
    author: str
    text: str
    notice: bool = False


def parse_log_line(line: str) -> LoggedLine | None:
    """The line as the logger wrote it, or None when it is not one of its lines."""
    match = _LINE.fullmatch(line.rstrip("\r\n"))
    if match is None:
        return None
    if match["notice"] is not None:
        return LoggedLine(match["date"], match["time"], "", match["notice"], notice=True)
    return LoggedLine(match["date"], match["time"], match["author"], match["text"])


def tail_lines(
    stream: BinaryIO, limit: int, end: int, *, max_bytes: int = MAX_TAIL_BYTES
) -> list[bytes]:
    """The last ``limit`` complete lines before offset ``end`` of a seekable ``stream``,
    reading backwards in blocks and at most ``max_bytes``."""
    if limit <= 0 or end <= 0:
        return []
    start = end
    data = b""
    while start > 0 and data.count(b"\n") <= limit and end - start < max_bytes:
        step = min(BLOCK, start, max_bytes - (end - start))
        start -= step
        stream.seek(start)
        data = stream.read(step) + data
    lines = data.split(b"\n")
    if start > 0:
        lines = lines[1:]  # the first piece is the end of a line we did not read whole
    if lines and not lines[-1]:
        lines.pop()
    return lines[-limit:]


def read_history(
    path: Path, limit: int = HISTORY_LINES, end: int | None = None
) -> list[LoggedLine]:
    """The last ``limit`` lines of the log at ``path`` (before offset ``end``, default its
    end), oldest first; malformed lines are skipped. A missing or unreadable log, or one that
    is not a regular file (a FIFO would block), gives ``[]``."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return []
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return []
        stop = info.st_size if end is None else min(end, info.st_size)
        with os.fdopen(fd, "rb", closefd=False) as stream:
            raw = tail_lines(stream, limit, stop)
    except OSError:
        return []
    finally:
        os.close(fd)
    lines = (parse_log_line(line.decode("utf-8", "replace")) for line in raw)
    return [line for line in lines if line is not None]


def history_line(line: LoggedLine) -> Text:
    """A logged line as shown: all dim, with its date, the text never parsed as markup."""
    text = Text(style="dim")
    text.append(f"{line.date[5:]} {line.time} ")
    if line.notice:
        text.append("-- ")
        text.append_text(plain(line.text, "italic", max_length=MAX_SHOWN))
        return text
    text.append("<")
    text.append_text(plain(line.author or "server", max_length=20))
    text.append("> ")
    text.append_text(plain(line.text, max_length=MAX_SHOWN))
    return text
