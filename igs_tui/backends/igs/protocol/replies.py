"""Readers of whole answers: a command's reply block in, one typed value out. Sans-IO.

Most IGS lines stand alone and the parser turns each into an event. A few answers only mean
something as a block -- a player's ``stats`` (labelled lines and a toggle table), the
observers of a game (``all N``: a heading, rows of names and ranks, a count) and the messages
left for us (``message``: a ``14 File`` block) -- so they are read here from the events of
their :class:`~igs_tui.backends.igs.protocol.events.CommandReply`. Every reader bounds what it
keeps and never raises on odd input: what it cannot place it keeps as plain text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from igs_tui.backends.igs.protocol.events import (
    Error,
    Event,
    File,
    Info,
    RoomListed,
    StoredGames,
    Unknown,
)
from igs_tui.numbers import bounded_int

MAX_DETAILS = 60
"""Lines of a ``stats`` answer kept (the real one has about 16)."""
MAX_OBSERVERS = 2000
MAX_MESSAGES = 500
MAX_STORED = 500
MAX_ROOMS = 500
MAX_RESULTS = 200
"""Lines of a ``results`` file read (NNGS truncates a player's file; IGS sends a few dozen)."""
MAX_TEXT = 500
"""Characters kept of one value or message (server text is shown, never trusted)."""

_TOGGLE_NAMES = frozenset(
    {"verbose", "bell", "quiet", "shout", "automail", "open", "looking", "client", "kibitz"}
    | {"chatter", "pairgo", "nmatch", "newundo", "seek", "review"}
)


@dataclass(frozen=True, slots=True)
class StatsReply:
    """``stats NAME``: its ``Label: value`` lines in the server's order, or the error.

    IGS words it as ``Player: yfh2``, ``Rating: 6k* 23``, ``Rated Games: 21``, ``Wins: 13``,
    ``Losses: 16``, ``Idle Time: (On server) 0s`` or ``Last Access(GMT): ...``, ``Info: ...``,
    ``Playing in game: 12``..., then a table of toggle names over ``On``/``Off`` values, kept
    as one ``Toggles`` detail. A line without a label is kept with the label ``""``.
    """

    name: str
    details: tuple[tuple[str, str], ...] = ()
    error: str = ""


@dataclass(frozen=True, slots=True)
class ObserverList:
    """``all N``: who observes game ``game`` (name and rank, in the server's order)."""

    game: int
    white: str
    black: str
    observers: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class StoredMessage:
    """One message left for us: ``frosla 11/15/02 14:00: Hallo``. ``author`` and ``when`` are
    ``""`` for a line the reader could not split."""

    author: str
    when: str
    text: str


def _texts(events: Sequence[Event]) -> list[str]:
    return [e.text for e in events if isinstance(e, Info)]


def _first_error(events: Sequence[Event]) -> str:
    return next((e.text.strip() for e in events if isinstance(e, Error)), "")


def read_stats(asked: str, events: Sequence[Event]) -> StatsReply:
    """The player card in a ``stats`` reply (``asked``: the name the command gave)."""
    error = _first_error(events)
    if error:
        return StatsReply(asked, error=error[:MAX_TEXT])
    details: list[tuple[str, str]] = []
    toggles: list[str] | None = None
    for raw in _texts(events):
        text = raw.strip()
        words = text.split()
        if (
            toggles is not None
            and len(words) == len(toggles)
            and all(w.lower() in ("on", "off") for w in words)
        ):
            pairs = zip(toggles, words, strict=True)
            details.append(("Toggles", ", ".join(f"{n} {v}" for n, v in pairs).lower()[:MAX_TEXT]))
            toggles = None
            continue
        toggles = None
        if len(words) > 1 and all(w.lower() in _TOGGLE_NAMES for w in words):
            toggles = words
            continue
        label, colon, value = text.partition(":")
        if colon and label.strip() and len(label) <= 40:
            details.append((label.strip(), value.strip()[:MAX_TEXT]))
        elif text:
            details.append(("", text[:MAX_TEXT]))
        if len(details) >= MAX_DETAILS:
            break
    name = next((v for label, v in details if label.casefold() == "player" and v), asked)
    return StatsReply(name.split()[0] if name.split() else asked, tuple(details))


_OBSERVING_RE = re.compile(r"Observing game\s+(\d{1,9})\s+\((\S+) vs\.? (\S+)\)")
_FOUND_RE = re.compile(r"Found (\d{1,9}) observers?\b")


def read_observers(events: Sequence[Event]) -> ObserverList | None:
    """The observers in an ``all N`` reply; None when it has no ``Observing game`` heading
    (an error, or a server that words it otherwise)."""
    heading: re.Match[str] | None = None
    names: list[tuple[str, str]] = []
    for raw in _texts(events):
        text = raw.strip()
        if heading is None:
            heading = _OBSERVING_RE.match(text)
            continue
        if _FOUND_RE.match(text):
            break
        words = text.split()
        for i in range(0, len(words) - 1, 2):
            if len(names) < MAX_OBSERVERS:
                names.append((words[i][:20], words[i + 1][:6]))
        if len(words) % 2:
            names.append((words[-1][:20], ""))
    if heading is None:
        return None
    game = bounded_int(heading.group(1))
    if game is None:
        return None
    return ObserverList(game, heading.group(2), heading.group(3), tuple(names[:MAX_OBSERVERS]))


_MESSAGE_RE = re.compile(
    r"(\S{1,30}) (\d{1,4}/\d{1,2}/\d{1,4} \d{1,2}:\d{2}(?::\d{2})?)\s*:\s?(.*)$"
)


def read_messages(events: Sequence[Event]) -> tuple[StoredMessage, ...]:
    """The messages in a ``message`` reply's file block(s); none when it has no file (``You
    have no messages``). A line that does not start a message continues the one before."""
    out: list[StoredMessage] = []
    for event in events:
        if not isinstance(event, File):
            continue
        for raw in event.lines:
            line = raw.rstrip()
            if not line.strip():
                continue
            m = _MESSAGE_RE.match(line.strip())
            if m is not None:
                out.append(StoredMessage(m.group(1), m.group(2), m.group(3)[:MAX_TEXT]))
            elif out and out[-1].author:
                last = out[-1]
                text = f"{last.text} {line.strip()}"[:MAX_TEXT]
                out[-1] = StoredMessage(last.author, last.when, text)
            else:
                out.append(StoredMessage("", "", line.strip()[:MAX_TEXT]))
            if len(out) >= MAX_MESSAGES:
                return tuple(out)
    return tuple(out)


_GAME_NAME_RE = re.compile(r"[A-Za-z0-9_]{1,20}-[A-Za-z0-9_]{1,20}$")


def read_stored(events: Sequence[Event]) -> tuple[str, ...] | None:
    """The ``white-black`` names in a ``stored`` reply; None when the reply is an error.

    Both forms are read: ``9 Stored games for frosla:`` then ``23`` lines of names (what IGS
    and NNGS send: bernds/q5Go src/parser.cpp:239-240, NNGS ``com_stored``), and the older
    ``18 Found 2 stored games.`` then the names, several to a line, as code-9 text."""
    if _first_error(events):
        return None
    names: list[str] = []
    for event in events:
        if isinstance(event, StoredGames):
            for word in event.names:
                if word not in names and len(names) < MAX_STORED:
                    names.append(word)
            continue
        if (isinstance(event, Unknown) and event.code == 18) or isinstance(event, Info):
            text = event.text
        else:
            continue
        for word in text.split():
            if _GAME_NAME_RE.match(word) and word not in names and len(names) < MAX_STORED:
                names.append(word)
    return tuple(names)


@dataclass(frozen=True, slots=True)
class RoomEntry:
    """One room of a ``room`` listing; ``users`` None where the line gave no count.
    ``flags`` and ``local_name`` come from IGS's ``ROOM NN: NAME;FLAGS;LOCAL NAME;...`` form
    (``""`` for the plain form)."""

    number: int
    name: str
    users: int | None
    flags: str = ""
    local_name: str = ""

    @property
    def locked(self) -> bool:
        """IGS marks a closed room ``X`` and a private one ``P`` (pzorin/qgo
        src/network/igsconnection.cpp:2640)."""
        return self.flags in ("X", "P")


_ROOM_RE = re.compile(r"\s*(\d{1,5})[:.]?\s+(.*?)\s*(?:\s(\d{1,6}))?\s*$")


def read_rooms(events: Sequence[Event]) -> tuple[RoomEntry, ...] | None:
    """The rooms in a ``room`` reply; None when the reply is an error. IGS's
    ``9 ROOM 01: FREE GAME ROOM;PSMNYACF;...`` lines come typed (:class:`RoomListed`); other
    lines that start with a room number are read as the number, the name and, last, how many
    are in it (the form our embedded server used before)."""
    if _first_error(events):
        return None
    rooms: list[RoomEntry] = []
    for event in events:
        if isinstance(event, RoomListed) and len(rooms) < MAX_ROOMS:
            rooms.append(RoomEntry(event.number, event.name, None, event.flags, event.local_name))
    for raw in _texts(events):
        m = _ROOM_RE.match(raw)
        if m is None or not m.group(2):
            continue
        number = bounded_int(m.group(1))
        users = bounded_int(m.group(3)) if m.group(3) else None
        if number is not None and len(rooms) < MAX_ROOMS:
            rooms.append(RoomEntry(number, m.group(2)[:60], users))
    return tuple(rooms)


@dataclass(frozen=True, slots=True)
class ResultLine:
    """One game of a ``results`` listing, as the server words it, winner first.

    IGS (``25`` THIST, from Tim Casey's notes to client authors, 1998)::

        kido       [ 4d*](W) : wildwolf   [ 4d ](B) H 0 K  5.5 19x19 W+Resign 26-00-34 R

    NNGS (its ``results`` help)::

        ManyFaces3 [10k*](W) : frodo      [ NR ](B) H 0 K 0.5 19x19 W+127.5 9908231716
    """

    winner: str
    winner_rank: str
    winner_color: str
    loser: str
    loser_rank: str
    handicap: int
    komi: str
    size: int
    result: str
    when: str
    rated: bool
    """IGS marks a rated game with a trailing ``R``."""


_RESULT_RE = re.compile(
    r"\s*(?P<winner>[^\s\[]{1,20})\s*\[\s*(?P<wrank>[^\]\s]{0,6})\s*\]\((?P<wcol>[BW])\)\s*:"
    r"\s*(?P<loser>[^\s\[]{1,20})\s*\[\s*(?P<lrank>[^\]\s]{0,6})\s*\]\((?P<lcol>[BW])\)"
    r"\s+H\s+(?P<handicap>\d{1,2})\s+K\s+(?P<komi>-?\d{1,3}(?:\.\d{1,2})?)"
    r"\s+(?P<size>\d{1,2})x\d{1,2}\s+(?P<result>[BW]\+\S{1,12})"
    r"(?:\s+(?P<when>\S{1,20}))?(?:\s+(?P<rated>R))?\s*$"
)


def read_result_line(text: str) -> ResultLine | None:
    """One line of a ``results`` file; None for a header, a blank or anything else."""
    m = _RESULT_RE.match(text)
    if m is None:
        return None
    handicap = bounded_int(m.group("handicap"))
    size = bounded_int(m.group("size"))
    if handicap is None or size is None:
        return None
    return ResultLine(
        m.group("winner"),
        m.group("wrank"),
        m.group("wcol"),
        m.group("loser"),
        m.group("lrank"),
        handicap,
        m.group("komi"),
        size,
        m.group("result"),
        m.group("when") or "",
        m.group("rated") is not None,
    )


def read_results(events: Sequence[Event]) -> tuple[ResultLine, ...] | None:
    """The games in a ``results`` reply's file block(s), in the server's order (oldest first);
    None when the reply is an error. Lines that are no game (a header) are skipped."""
    if _first_error(events):
        return None
    out: list[ResultLine] = []
    for event in events:
        if not isinstance(event, File):
            continue
        for raw in event.lines:
            line = read_result_line(raw)
            if line is not None:
                out.append(line)
    return tuple(out[-MAX_RESULTS:])
