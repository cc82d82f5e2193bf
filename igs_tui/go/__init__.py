"""The Go rules engine: pure Python, no I/O. See :mod:`igs_tui.go.game` for the entry point.

``Game`` holds a position and its history and enforces the IGS rules (basic ko, no suicide,
three passes end play); ``ScoringSession`` counts a finished game; ``fixed_handicap_points``
places handicap stones as GTP v2 §4.1.1 prescribes.
"""

from igs_tui.go.coords import (
    COLUMN_LETTERS,
    CoordinateError,
    format_point,
    format_sgf_point,
    parse_point,
    parse_sgf_point,
)
from igs_tui.go.game import Game
from igs_tui.go.handicap import edge_distance, fixed_handicap_points, max_fixed_handicap
from igs_tui.go.rules import (
    CHINESE_RULES,
    GOE_RULES,
    IGS_RULES,
    JAPANESE_RULES,
    RULESETS,
    IllegalMove,
    IllegalReason,
    Move,
    MoveCheck,
    Ruleset,
    ScoringMethod,
    Setup,
)
from igs_tui.go.scoring import (
    Score,
    ScoringSession,
    count_result,
    count_with_dead,
    format_margin,
    result_string,
)
from igs_tui.go.types import MAX_SIZE, MIN_SIZE, Color, Point

__all__ = [
    "CHINESE_RULES",
    "COLUMN_LETTERS",
    "GOE_RULES",
    "IGS_RULES",
    "JAPANESE_RULES",
    "MAX_SIZE",
    "MIN_SIZE",
    "RULESETS",
    "Color",
    "CoordinateError",
    "Game",
    "IllegalMove",
    "IllegalReason",
    "Move",
    "MoveCheck",
    "Point",
    "Ruleset",
    "Score",
    "ScoringMethod",
    "ScoringSession",
    "Setup",
    "count_result",
    "count_with_dead",
    "edge_distance",
    "fixed_handicap_points",
    "format_margin",
    "format_point",
    "format_sgf_point",
    "max_fixed_handicap",
    "parse_point",
    "parse_sgf_point",
    "result_string",
]
