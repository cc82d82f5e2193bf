"""Rulesets and the value objects the rules engine hands out: moves, setups, legality answers.

Everything here is immutable so that the model, the protocol layer and the UI can share these
objects freely. The :class:`Game` that produces them lives in :mod:`igs_tui.go.game`.

IGS rules (``specs/igs-rules.txt``) use *basic ko*, forbid suicide, score by territory and stop
play after **three** consecutive passes; the other rulesets here differ only in how many passes
end play and whether territory or area is counted, which is all the engine needs to know.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from igs_tui.go.types import Color, Point


class ScoringMethod(StrEnum):
    """How the final count is made: territory + prisoners, or territory + living stones."""

    TERRITORY = "territory"
    AREA = "area"


@dataclass(frozen=True)
class Ruleset:
    """The parts of a ruleset the engine needs: when play stops and how to count."""

    name: str
    passes_to_end: int
    scoring: ScoringMethod


#: "Three consecutive passes stop alternating play for confirmation of life and death."
IGS_RULES = Ruleset("igs", 3, ScoringMethod.TERRITORY)
JAPANESE_RULES = Ruleset("japanese", 2, ScoringMethod.TERRITORY)
CHINESE_RULES = Ruleset("chinese", 2, ScoringMethod.AREA)
#: IGS's second ruleset, based on the Ing 1991 rules: area counting.
GOE_RULES = Ruleset("goe", 2, ScoringMethod.AREA)

RULESETS: dict[str, Ruleset] = {
    r.name: r for r in (IGS_RULES, JAPANESE_RULES, CHINESE_RULES, GOE_RULES)
}


class IllegalReason(StrEnum):
    """Why a move was refused; the values are short words fit for a status line."""

    OCCUPIED = "occupied"
    SUICIDE = "suicide"
    KO = "ko"
    NOT_YOUR_TURN = "not your turn"
    OFF_BOARD = "off the board"
    GAME_OVER = "play has ended"


class IllegalMove(ValueError):
    """A refused move. ``str()`` is a sentence a user can read ("D4 is occupied").

    It is a :class:`ValueError` so that callers that only care about "bad input" can catch that.
    """

    def __init__(
        self,
        reason: IllegalReason,
        color: Color,
        point: Point | None,
        message: str | None = None,
    ) -> None:
        self.reason = reason
        self.color = color
        self.point = point
        super().__init__(message or f"illegal move by {color.name.lower()}: {reason.value}")


@dataclass(frozen=True)
class MoveCheck:
    """The answer of :meth:`Game.check`: legality, the reason if not, the stones it would take."""

    legal: bool
    reason: IllegalReason | None
    captures: tuple[Point, ...]

    def __bool__(self) -> bool:
        return self.legal


@dataclass(frozen=True)
class Move:
    """A played move; ``point`` ``None`` is a pass. ``number`` is 1-based over moves only."""

    color: Color
    point: Point | None
    captures: tuple[Point, ...]
    number: int

    def __init__(
        self, color: Color, point: Point | None, captures: tuple[Point, ...], number: int
    ) -> None:
        # One Move is created per played move, and the generated frozen ``__init__`` (four
        # ``object.__setattr__`` calls) measured a fifth of the whole cost of ``Game.play``.
        # Filling the instance dict directly is equivalent and twice as fast; instances stay
        # frozen because assignment still goes through the dataclass ``__setattr__``.
        d = self.__dict__
        d["color"] = color
        d["point"] = point
        d["captures"] = captures
        d["number"] = number

    @property
    def is_pass(self) -> bool:
        return self.point is None


@dataclass(frozen=True)
class Setup:
    """Stones placed (or cleared) outside of play: handicap stones, SGF ``AB``/``AW``/``AE``."""

    black: tuple[Point, ...] = ()
    white: tuple[Point, ...] = ()
    empty: tuple[Point, ...] = ()
