"""``igs-tui parse FILE``: print the protocol events of a transcript as JSON lines.

Reads a session transcript (:mod:`igs_tui.backends.igs.protocol.transcript`) or raw server output,
feeds
every received line to :class:`~igs_tui.backends.igs.protocol.parser.IgsParser` and prints one JSON
object
per event, ``type`` first. Bytes that are not UTF-8 are decoded with replacement characters
rather than rejected: a transcript of a real server may hold any legacy encoding.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import TextIO

from igs_tui.backends.igs.protocol.events import Event, event_to_dict
from igs_tui.backends.igs.protocol.parser import IgsParser
from igs_tui.backends.igs.protocol.transcript import RECEIVED, read_transcript


def parse_lines(lines: Iterator[str] | list[str]) -> Iterator[Event]:
    """Events of every received line of a transcript (or raw output), then the flush."""
    parser = IgsParser()
    for direction, text in read_transcript(lines):
        if direction == RECEIVED:
            yield from parser.feed_line(text)
    yield from parser.flush()


def _read_text(path: str) -> str:
    if path == "-":
        data = sys.stdin.buffer.read()
    else:
        with open(path, "rb") as handle:
            data = handle.read()
    return data.decode("utf-8", errors="replace")


def _write(out: TextIO, event: Event) -> None:
    record = event_to_dict(event)
    try:
        out.write(json.dumps(record, ensure_ascii=False) + "\n")
    except UnicodeEncodeError:
        out.write(json.dumps(record) + "\n")


def run_parse_cli(path: str) -> int:
    """Print the events of ``path`` (``"-"`` = stdin); 0 on success, 1 if it cannot be read."""
    try:
        text = _read_text(path)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        print(f"igs-tui parse: cannot read {path}: {reason}", file=sys.stderr)
        return 1
    out = sys.stdout
    try:
        lines = text.split("\n")  # not splitlines(): chat may hold U+2028 and friends
        if lines and lines[-1] == "":
            lines.pop()
        for event in parse_lines(lines):
            _write(out, event)
        out.flush()
    except BrokenPipeError:  # `igs-tui parse x | head` is fine
        return 0
    return 0
