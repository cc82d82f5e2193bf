"""Typed readers for the values inside KGS JSON messages (the reference's "Data Types" page).

Everything a server sends is checked before use: a field of the wrong JSON type, an integer out
of range or a string too long is a :class:`BadValue`, which the message parser turns into an
"unknown" message instead of raising further. Nothing here knows the model or the transport.

Coordinates: the reference gives a location as ``"PASS"`` or an object with ``x`` and ``y``.
As KGS's own clients do, ``x`` counts columns from the left and ``y`` rows from the *top*,
both from 0 (SGF's orientation); :class:`Loc` keeps them so, and :meth:`Loc.point` turns them
into a rules-engine point once the board size is known.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from igs_tui.go import Point

MAX_CHANNEL_ID = 2**31 - 1
"""Reference: "Channel IDs are always positive, so they may range from 1 through 2^31-1"."""
MAX_TEXT = 10_000
"""Longest server text kept (chat is at most 1000 characters upstream; details can be longer)."""
MAX_NAME = 40
"""Longest user or room name kept (KGS names are at most 10 characters; room names longer)."""
MAX_LIST = 100_000
"""Most entries read from one list (a game list or a room's users)."""
MAX_COORD = 37
"""KGS boards go up to 38 lines."""


class BadValue(ValueError):
    """A field that does not have the shape the reference gives it."""


def obj(value: object, what: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise BadValue(f"{what} is not an object")
    return value


def items(value: object, what: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise BadValue(f"{what} is not a list")
    if len(value) > MAX_LIST:
        raise BadValue(f"{what} has more than {MAX_LIST} entries")
    return value


def integer(
    m: Mapping[str, Any], key: str, *, low: int, high: int, default: int | None = None
) -> int:
    value = m.get(key, default)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadValue(f"{key!r} is not an integer from {low} to {high}")
    return value


def channel(m: Mapping[str, Any], key: str = "channelId") -> int:
    return integer(m, key, low=1, high=MAX_CHANNEL_ID)


def number(m: Mapping[str, Any], key: str, *, default: float | None = None) -> float:
    value = m.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BadValue(f"{key!r} is not a number")
    result = float(value)
    if not math.isfinite(result) or abs(result) > 1e9:
        raise BadValue(f"{key!r} is out of range")
    return result


def text(
    m: Mapping[str, Any], key: str, *, default: str | None = None, limit: int = MAX_TEXT
) -> str:
    value = m.get(key, default)
    if not isinstance(value, str):
        raise BadValue(f"{key!r} is not a string")
    return value[:limit]


def flag(m: Mapping[str, Any], key: str) -> bool:
    """A game flag or option: "usually used as fields in a message, with a boolean value";
    absent means false."""
    value = m.get(key, False)
    if not isinstance(value, bool):
        raise BadValue(f"{key!r} is not true or false")
    return value


@dataclass(frozen=True, slots=True)
class User:
    """Reference, "User": ``name``, ``rank`` ("Optional; missing means no rank"), ``flags``
    ("Each character in the string represents a flag") and ``authLevel``."""

    name: str
    rank: str = ""
    flags: str = ""

    @property
    def guest(self) -> bool:
        return "g" in self.flags

    @property
    def connected(self) -> bool:
        return "c" in self.flags

    @property
    def sleeping(self) -> bool:
        """ "s: User is sleeping (more than 10 minutes since last interaction)"."""
        return "s" in self.flags

    @property
    def robot(self) -> bool:
        return "r" in self.flags

    @property
    def playing(self) -> bool:
        return "p" in self.flags or "P" in self.flags


def user(value: object, what: str = "user") -> User:
    m = obj(value, what)
    name = text(m, "name", limit=MAX_NAME)
    if not name:
        raise BadValue(f"{what} has no name")
    return User(name, text(m, "rank", default="", limit=12), text(m, "flags", default="", limit=40))


def users(value: object, what: str = "users") -> tuple[User, ...]:
    return tuple(user(entry, what) for entry in items(value, what))


@dataclass(frozen=True, slots=True)
class Loc:
    """A board location as KGS sends it: ``x`` from the left, ``y`` from the top."""

    x: int
    y: int

    def point(self, size: int) -> Point | None:
        """The rules-engine point on a board of ``size`` (None when off that board)."""
        if not (0 <= self.x < size and 0 <= self.y < size):
            return None
        return Point(self.x, size - 1 - self.y)

    @classmethod
    def of(cls, point: Point, size: int) -> Loc:
        return cls(point.col, size - 1 - point.row)

    def json(self) -> dict[str, int]:
        return {"x": self.x, "y": self.y}


PASS = "PASS"


def loc(value: object) -> Loc | str:
    """Reference: a location is ``"PASS"`` or ``{"x": ..., "y": ...}``."""
    if value == PASS:
        return PASS
    m = obj(value, "loc")
    return Loc(integer(m, "x", low=0, high=MAX_COORD), integer(m, "y", low=0, high=MAX_COORD))


@dataclass(frozen=True, slots=True)
class Rules:
    """Reference, "Rules": board size, rules, komi, handicap and the time system."""

    size: int = 19
    rules: str = "japanese"
    komi: float = 0.0
    handicap: int = 0
    time_system: str = "none"
    main_time: int = 0
    byo_yomi_time: int = 0
    byo_yomi_periods: int = 0
    byo_yomi_stones: int = 0

    def json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"size": self.size, "rules": self.rules, "komi": self.komi}
        if self.handicap:
            out["handicap"] = self.handicap
        out["timeSystem"] = self.time_system
        if self.time_system != "none":
            out["mainTime"] = self.main_time
        if self.time_system in ("byo_yomi", "canadian"):
            out["byoYomiTime"] = self.byo_yomi_time
        if self.time_system == "byo_yomi":
            out["byoYomiPeriods"] = self.byo_yomi_periods
        if self.time_system == "canadian":
            out["byoYomiStones"] = self.byo_yomi_stones
        return out


def rules(value: object) -> Rules:
    m = obj(value, "rules")
    seconds = 2_147_483  # reference: "Up to 2147483 seconds"
    return Rules(
        size=integer(m, "size", low=2, high=38, default=19),
        rules=text(m, "rules", default="japanese", limit=20),
        komi=number(m, "komi", default=0.0),
        handicap=integer(m, "handicap", low=0, high=99, default=0),
        time_system=text(m, "timeSystem", default="none", limit=20),
        main_time=integer(m, "mainTime", low=0, high=seconds, default=0),
        byo_yomi_time=integer(m, "byoYomiTime", low=0, high=seconds, default=0),
        byo_yomi_periods=integer(m, "byoYomiPeriods", low=0, high=255, default=0),
        byo_yomi_stones=integer(m, "byoYomiStones", low=0, high=255, default=0),
    )


def score(value: object) -> float | str:
    """A score: "a floating point number ... positive a black win, negative a white win", or
    a string such as ``B+RESIGN``, ``W+TIME``, ``B+FORFEIT``, ``UNKNOWN``, ``NO_RESULT``."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise BadValue("score is neither a number nor a string")
    if isinstance(value, str):
        return value[:20]
    result = float(value)
    if not math.isfinite(result) or abs(result) > 10_000:
        raise BadValue("score out of range")
    return result


_WORDS = {"RESIGN": "R", "TIME": "T", "FORFEIT": "F"}


def result_text(value: float | str) -> str:
    """A score as the SGF ``RE`` text the model shows: ``B+3.5``, ``W+R``, ``0``, ``?``."""
    if isinstance(value, str):
        head, plus, word = value.upper().partition("+")
        if plus and head in ("B", "W") and word in _WORDS:
            return f"{head}+{_WORDS[word]}"
        if value.upper() in ("NO_RESULT", "UNFINISHED"):
            return "Void"
        if value.upper() == "UNKNOWN":
            return "?"
        return value
    if value == 0:
        return "0"
    margin = abs(value)
    shown = str(int(margin)) if margin == int(margin) else f"{margin:g}"
    return f"{'B' if value > 0 else 'W'}+{shown}"
