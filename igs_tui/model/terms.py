"""The terms of a game two players agree on before it starts, in server-neutral form.

A challenge carries them, the match dialog edits them, and each backend turns them into its
own server's request (IGS ``match``/``nmatch``, a local engine's setup).
"""

from __future__ import annotations

from dataclasses import dataclass

from igs_tui.go import Color
from igs_tui.go.timecontrol import TimeSettings

GAME_KINDS = ("rated", "free", "teaching")
"""The kinds of game a challenge can ask for: rated, free (does not count for ratings) and
teaching (a free game in which the stronger player teaches)."""


@dataclass(frozen=True, slots=True)
class MatchTerms:
    """A challenge's terms. ``color`` None means nigiri (random colours)."""

    opponent: str
    color: Color | None = Color.BLACK
    size: int = 19
    handicap: int = 0
    komi: float = 6.5
    main_seconds: int = 600
    byo_seconds: int = 300
    byo_stones: int = 25
    byo_periods: int = 0
    """Japanese byo-yomi periods (0 = Canadian when byo_stones > 0)."""
    bronstein_seconds: int = 0
    kind: str = "rated"
    """``rated``, ``free`` (not rated) or ``teaching`` (see :data:`GAME_KINDS`)."""

    def time_settings(self) -> TimeSettings:
        """The time system these terms describe. A Bronstein delay wins over byo-yomi fields
        (the dialog leaves their defaults in place), Japanese periods over Canadian stones."""
        if self.bronstein_seconds:
            return TimeSettings.classify(self.main_seconds, delay_seconds=self.bronstein_seconds)
        if self.byo_periods:
            return TimeSettings.classify(
                self.main_seconds, byo_seconds=self.byo_seconds, periods=self.byo_periods
            )
        return TimeSettings.classify(
            self.main_seconds, byo_seconds=self.byo_seconds, byo_stones=self.byo_stones
        )
