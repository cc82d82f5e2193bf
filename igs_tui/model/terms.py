"""The terms of a game two players agree on before it starts, in server-neutral form.

A challenge carries them, the match dialog edits them, and each backend turns them into its
own server's request (IGS ``match``/``nmatch``, a local engine's setup).
"""

from __future__ import annotations

from dataclasses import dataclass

from igs_tui.go import Color


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
