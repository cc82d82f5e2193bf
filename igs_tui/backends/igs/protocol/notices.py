"""Readers of the lines real IGS and NNGS servers send that our own spec leaves out (issue 27).

Each format is quoted from the parser of a client that met it on a real server (q5Go:
``bernds/q5Go src/parser.cpp``, qGo: ``pzorin/qgo src/network/igsconnection.cpp``) or from the
NNGS source; ``docs/igs-formats.md`` lists them all with the event each becomes. Every reader
takes one line's text (after the code) and returns an event, or ``None`` where the line only
continues another (the parser keeps that context). Sans-IO; never raises.
"""

from __future__ import annotations

import re

from igs_tui.backends.igs.protocol.events import (
    AdjournDeclined,
    AdjournRequest,
    AutomatchOffer,
    Event,
    ReviewLine,
    RoomListed,
    Seeker,
    ServerShutdown,
    StoredGames,
    Tell,
    Unknown,
)
from igs_tui.numbers import bounded_int

MAX_NAMES = 100
"""Stored game names kept from one line."""

_GAME_NAME_RE = re.compile(r"[A-Za-z0-9_]{1,20}-[A-Za-z0-9_]{1,20}$")


def read_shutdown(text: str) -> Event:
    """Code ``4``: ``**** Server shutdown started by admin. ****``."""
    return ServerShutdown(text.strip().strip("*").strip() or text.strip())


def read_stored_line(text: str) -> Event:
    """Code ``23`` (and IGS's ``18``): one or more ``white-black`` names."""
    names = tuple(w for w in text.split() if _GAME_NAME_RE.match(w))[:MAX_NAMES]
    return StoredGames(names) if names else Unknown(23, text)


_ADJOURN_48_RE = re.compile(r"Game (\d{1,9}) (\S{1,20}) requests an adjournment\.?\s*$")
_DECLINED_53_RE = re.compile(r"Game (\d{1,9}) adjournment is declined\.?\s*$")


def read_adjourn_request(text: str) -> Event:
    """Code ``48``: ``Game 354 qGoDev requests an adjournment``."""
    m = _ADJOURN_48_RE.match(text.strip())
    if m is None:
        return Unknown(48, text)
    return AdjournRequest(m.group(2), bounded_int(m.group(1)))


def read_adjourn_declined(text: str) -> Event:
    """Code ``53``: ``Game 75 adjournment is declined``."""
    m = _DECLINED_53_RE.match(text.strip())
    return AdjournDeclined(bounded_int(m.group(1)) if m else None, text.strip())


def read_review(text: str) -> Event:
    """Code ``56``: ``VERB [number] args...`` (``ERROR`` takes free text)."""
    words = text.split()
    if not words:
        return Unknown(56, text)
    verb = words[0][:20]
    if verb == "ERROR":
        return ReviewLine(verb, None, (), text.strip()[len("ERROR") :].strip())
    review = bounded_int(words[1]) if len(words) > 1 else None
    args = tuple(words[2:] if review is not None else words[1:])[:40]
    return ReviewLine(verb, review, args, text.strip())


def read_arrow_tell(text: str) -> Event | None:
    """Code ``24`` in the newer NNGS form, ``--> name  text``: a tell *from* ``name``, as
    ``24 *name*: text`` is (None when the line has no arrow).

    Both open clients read it so (bernds/q5Go src/parser.cpp:1602-1613;
    pzorin/qgo src/network/igsconnection.cpp:3576-3593), and their own example settles it:
    ``24 --> frosla CLIENT: <qGo 0.0.15b7> match frosla wants handicap 0, komi 0.5, free``
    (q5Go parser.cpp:1561) names the same player twice, and a client sends ``match ME wants
    handicap`` about itself (q5Go src/gamedialog.cpp:226-228), so the line came from frosla.
    It is not the echo of a tell of ours."""
    if not text.startswith("-->"):
        return None
    name, _, body = text[3:].strip().partition(" ")
    if not name:
        return Unknown(24, text)
    return Tell(name[:20], body.strip())


_ROOM_RE = re.compile(r"ROOM (\d{1,5}): ([^;]*)(?:;(.*))?$")


def read_room_line(text: str) -> RoomListed | None:
    """Code ``9``: ``ROOM 01: FREE GAME ROOM;PSMNYACF;自由対局室;19;1;10;...``."""
    m = _ROOM_RE.match(text.strip())
    if m is None:
        return None
    number = bounded_int(m.group(1))
    if number is None:
        return None
    fields = (m.group(3) or "").split(";")
    flags = fields[0][:20] if fields else ""
    local = fields[1][:60] if len(fields) > 1 else ""
    rest = tuple(f[:60] for f in fields[2:12])
    size = bounded_int(rest[0]) if rest else None
    return RoomListed(number, m.group(2).strip()[:60], flags, local, size, rest)


_AUTO_TERMS_RE = re.compile(
    r"(\S{1,20}) wants (\d{1,2})x\d{1,2} in (\d{1,9}) minutes? with (\d{1,9}) byo-yomi"
    r" and (\d{1,9}) byo-stones"
)
_AUTO_ACCEPT_RE = re.compile(r"To accept match type '(automatch \S{1,20})'")


def read_automatch(text: str) -> AutomatchOffer | str | None:
    """Code ``36``: the terms line as an offer; the accept line as its command (``str``);
    ``None`` for the first line (``NAME wants a match with you:``), which says nothing more."""
    m = _AUTO_TERMS_RE.match(text.strip())
    if m is not None:
        n = [bounded_int(x) for x in m.groups()[1:]]
        if None in n:
            return None
        size, minutes, byo, stones = (x or 0 for x in n)
        name = m.group(1)
        return AutomatchOffer(name, size, minutes, byo, stones, f"automatch {name}")
    a = _AUTO_ACCEPT_RE.search(text)
    if a is not None:
        return a.group(1)
    return None


def read_seeker(text: str) -> Seeker | None:
    """``ENTRY_LIST HKL 60 480 25 0 0 19 1 1 0`` as a seeker (None if it is not one)."""
    words = text.split()
    if len(words) < 5 or words[0] != "ENTRY_LIST":
        return None
    numbers = [bounded_int(w) for w in words[2:5]]
    if None in numbers:
        return None
    main, byo, stones = (x or 0 for x in numbers)
    size = bounded_int(words[7]) if len(words) > 7 else None
    return Seeker(words[1][:20], main, byo, stones, size, " ".join(words[1:])[:200])


_RANGE_RE = re.compile(r"\d{1,9}-\d{1,9}$")
_COLOURS_RE = re.compile(r"[BWN]{1,3}$")
NMATCH_RANGES = 8
"""Range columns after the nmatch toggle and colours (bernds/q5Go src/parser.cpp:1912)."""


def split_nmatch_columns(text: str) -> tuple[str, str]:
    """A ``42`` row without, and with only, its trailing nmatch range columns (``T BWN 0-9
    19-19 60-60 600-600 25-25 0-0 0-0 0-0``). Split from the right by words: linear in the
    line's length, whatever the line holds."""
    parts = text.rstrip().rsplit(None, NMATCH_RANGES + 2)
    if len(parts) < NMATCH_RANGES + 3:
        return text, ""
    toggle, colours, *ranges = parts[1:]
    if toggle not in ("T", "F") or not _COLOURS_RE.match(colours):
        return text, ""
    if not all(_RANGE_RE.match(r) for r in ranges):
        return text, ""
    return parts[0], " ".join(parts[1:])
