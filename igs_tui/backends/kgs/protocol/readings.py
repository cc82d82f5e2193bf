"""Readings of the binary protocol where the spec's tables leave a value blank, chosen once here.

Both ends of a binary link must agree on them, so the local KGS server (``igs_tui.localkgs``)
and the client's binary link read them from this one module. Each is a fact from a named
source, never a guess from the order of a table:

* **Enum values.** kgs-protocol.txt lists GAMETYPE, RULESET, TIMESYS and COLOUR without values
  (and GAMEFLAG without bits). The same author's Perl distribution generates its constants
  from the same XML (CPAN ``KGS``, ``lib/KGS/Constants.pm``, "automatically generated ... See
  doc/protocol.xml"): DEMONSTRATION 0, EDITING 1, TEACHING 2, SIMUL 3, FREE 4, RATED 5,
  PRIVATE 128; SCORED 1, ADJOURNED 2, UPLOADED 4; JAPANESE 0, CHINESE 1, AGA 2, NEW_ZEALAND 3;
  NONE 0, ABSOLUTE 1, BYO_YOMI 2, CANADIAN 3; BLACK 0, WHITE 1, NONE 2. Those are the values
  used here.
* **Points.** ``game_move`` and ``mark_dead`` carry ``x`` and ``y`` as U8. The author's client
  (``kgsueme/game.pl``) sends the board's own indices, ``board[x][y]``, from 0; its Pass button
  sends the point (255, 255). We read ``x`` from the left and ``y`` from the top, as KGS's JSON
  form does (its ``loc``), and (255, 255) as a pass.
* **In play.** GAMESTATUS's only member is INPLAY = 0x80, read as a bit of a ``game``'s
  ``flags``: a listed game without it has not started (an open game: a challenge).

Nothing here reads TREE, the game-tree subprotocol: the spec does not describe it, so a move
list, comments or the dead stones marked in it cannot be read or written over this transport.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any, Final

from igs_tui.backends.kgs.protocol.values import Value

GAME_TYPES: Final = {
    "demonstration": 0,
    "editing": 1,
    "teaching": 2,
    "simul": 3,
    "free": 4,
    "ranked": 5,
}
"""GAMETYPE values by the JSON form's ``gameType`` names (the JSON ``ranked`` is RATED)."""
GAME_TYPE_NAMES: Final = {value: name for name, value in GAME_TYPES.items()}
PRIVATE: Final = 128
"""GAMETYPE_PRIVATE, or-ed onto DEMONSTRATION or TEACHING."""

RULESETS: Final = {"japanese": 0, "chinese": 1, "aga": 2, "new_zealand": 3}
RULESET_NAMES: Final = {value: name for name, value in RULESETS.items()}

TIME_SYSTEMS: Final = {"none": 0, "absolute": 1, "byo_yomi": 2, "canadian": 3}
TIME_SYSTEM_NAMES: Final = {value: name for name, value in TIME_SYSTEMS.items()}

BLACK: Final = 0
WHITE: Final = 1
NO_COLOUR: Final = 2

SCORED: Final = 1
ADJOURNED: Final = 2
UPLOADED: Final = 4
IN_PLAY: Final = 0x80

PASS_XY: Final = (255, 255)
"""A pass as ``game_move``'s point (kgsueme's Pass button)."""


def rules_struct(rules: Mapping[str, Any]) -> dict[str, Value]:
    """The JSON form's Rules object as the spec's ``rules`` structure (times in seconds; a
    byo-yomi's periods and a Canadian period's stones are both its ``count``)."""
    return {
        "ruleset": RULESETS.get(str(rules.get("rules", "japanese")), 0),
        "size": int(rules.get("size", 19)),
        "handicap": int(rules.get("handicap", 0)),
        "komi": Decimal(str(rules.get("komi", 0))),
        "timesys": TIME_SYSTEMS.get(str(rules.get("timeSystem", "none")), 0),
        "time": int(rules.get("mainTime", 0)),
        "interval": int(rules.get("byoYomiTime", 0)),
        "count": int(rules.get("byoYomiPeriods", 0) or rules.get("byoYomiStones", 0)),
    }


def rules_json(struct: object) -> dict[str, Any]:
    """A ``rules`` structure as the JSON form's Rules object, each time field only where its
    time system has it (a field that is not a number, or missing, reads as its default)."""
    r: Mapping[str, object] = struct if isinstance(struct, dict) else {}
    system = TIME_SYSTEM_NAMES.get(_whole(r.get("timesys")), "none")
    komi = r.get("komi")
    out: dict[str, Any] = {
        "size": _whole(r.get("size"), 19),
        "rules": RULESET_NAMES.get(_whole(r.get("ruleset")), "japanese"),
        "komi": float(komi)
        if isinstance(komi, Decimal | int) and not isinstance(komi, bool)
        else 0.0,
        "handicap": _whole(r.get("handicap")),
        "timeSystem": system,
    }
    if system != "none":
        out["mainTime"] = _whole(r.get("time"))
    if system in ("byo_yomi", "canadian"):
        out["byoYomiTime"] = _whole(r.get("interval"))
    if system == "byo_yomi":
        out["byoYomiPeriods"] = _whole(r.get("count"))
    if system == "canadian":
        out["byoYomiStones"] = _whole(r.get("count"))
    return out


def _whole(value: object, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default
