"""The session transcript format, shared by the recorder (``igs_tui.backends.igs.net``) and
``igs-tui parse``.

A transcript is UTF-8 text. Its first line is :data:`HEADER`; every later line is one of::

    < text      a line received from the server (decoded, without CR/LF)
    > text      a line sent to the server (the password is written as ``> ********``)
    # text      a comment (timestamps, connection notes)

A file that does not start with the header is taken as raw server output: every line was
received. Keeping the direction marker in the first column makes transcripts greppable and lets
a reader tell "nothing was received" from "an empty line was received" (``< ``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

HEADER = "# igs-tui transcript 1"
RECEIVED = "<"
SENT = ">"


class TranscriptError(ValueError):
    """A transcript line that is neither ``< ``, ``> `` nor ``#``; the message names the line."""


def format_transcript_header() -> str:
    return HEADER


def _one_line(line: str) -> str:
    # A stray CR/LF would split one protocol line into two transcript lines.
    return line.replace("\r", "\\r").replace("\n", "\\n")


def format_received(line: str) -> str:
    return f"{RECEIVED} {_one_line(line)}"


def format_sent(line: str) -> str:
    return f"{SENT} {_one_line(line)}"


def format_comment(text: str) -> str:
    return f"# {_one_line(text)}"


def read_transcript(lines: Iterable[str], *, strict: bool = False) -> Iterator[tuple[str, str]]:
    """Yield ``("<" | ">", text)`` for each transcript line; comments are skipped.

    ``lines`` may keep their line endings. Without the header line every line is received
    text. With it, a malformed line raises :class:`TranscriptError` if ``strict``, otherwise it
    is taken as received text (a hand-edited transcript still parses).
    """
    iterator = iter(lines)
    first = next(iterator, None)
    if first is None:
        return
    first = first.rstrip("\r\n")
    if first.lstrip("\ufeff") != HEADER:
        yield RECEIVED, first
        for raw in iterator:
            yield RECEIVED, raw.rstrip("\r\n")
        return
    for number, raw in enumerate(iterator, start=2):
        line = raw.rstrip("\r\n")
        marker = line[:1]
        if marker == "#":
            continue
        if marker in (RECEIVED, SENT) and (len(line) == 1 or line[1] == " "):
            yield marker, line[2:]
            continue
        if not line:
            continue
        if strict:
            raise TranscriptError(f"line {number}: expected '< ', '> ' or '#', got {line[:40]!r}")
        yield RECEIVED, line
