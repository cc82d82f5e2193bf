"""Test helpers: feed lines, get events (like h11's tests/helpers.py)."""

from __future__ import annotations

from collections.abc import Iterable

from igs_tui.backends.igs.protocol.events import Event
from igs_tui.backends.igs.protocol.parser import IgsParser


def parse(lines: Iterable[str] | str) -> list[Event]:
    """All events of ``lines`` (a list, or one text block split at newlines), flushed."""
    if isinstance(lines, str):
        lines = lines.split("\n")
    parser = IgsParser()
    out: list[Event] = []
    for line in lines:
        out.extend(parser.feed_line(line))
    out.extend(parser.flush())
    return out


def parse_one(line: str) -> Event:
    events = parse([line])
    assert len(events) == 1, events
    return events[0]
