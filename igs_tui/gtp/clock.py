"""Canadian byo-yomi clocks, as GTP v2 §4.2 defines them, for local engine games.

§4.2: "the clock is first set to m. The engine has no requirements on the number of stones
while this time is running. When it is up, the clock is reset to b and the engine has to play
s stones before this time is up. When s stones have been played, the clock is reset to b,
regardless of remaining time. ... Setting m = 0 means that the engine immediately starts in
byo yomi. Setting b = 0 means that if the main time is up before the game is over, the engine
loses on time. Setting b > 0 and s = 0 means no time limits."

The clock is pure arithmetic on elapsed seconds: whoever owns the wall clock (the game logic,
a test with a fake clock) tells it how long a move took. That keeps it deterministic to test.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class TimeSettings:
    """GTP ``time_settings`` arguments: main time, byo-yomi time, stones per period."""

    main_time: int
    byo_yomi_time: int = 0
    byo_yomi_stones: int = 0

    def __post_init__(self) -> None:
        if min(self.main_time, self.byo_yomi_time, self.byo_yomi_stones) < 0:
            raise ValueError(f"time settings cannot be negative: {self}")

    @property
    def unlimited(self) -> bool:
        """§4.2: "Setting b > 0 and s = 0 means no time limits"."""
        return self.byo_yomi_time > 0 and self.byo_yomi_stones == 0


@dataclass(slots=True)
class CanadianClock:
    """One player's clock. ``spend`` charges a move's thinking time; ``flagged`` is a loss."""

    settings: TimeSettings
    main_left: float = field(init=False)
    period_left: float = field(init=False)
    stones_left: int = field(init=False)
    in_byo_yomi: bool = field(init=False)
    flagged: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        self.main_left = float(self.settings.main_time)
        self.in_byo_yomi = False
        self.period_left = 0.0
        self.stones_left = 0
        if self.main_left <= 0 and not self.settings.unlimited:
            self._enter_byo_yomi()

    def _enter_byo_yomi(self) -> None:
        self.main_left = 0.0
        if self.settings.byo_yomi_time == 0:
            self.flagged = True  # absolute time is up
            return
        self.in_byo_yomi = True
        self.period_left = float(self.settings.byo_yomi_time)
        self.stones_left = self.settings.byo_yomi_stones

    def spend(self, seconds: float, *, moved: bool = True) -> None:
        """Charge ``seconds`` of thinking; ``moved`` says a stone (or pass) was played."""
        if self.settings.unlimited or self.flagged:
            return
        remaining = max(0.0, seconds)
        if not self.in_byo_yomi:
            if remaining < self.main_left:
                self.main_left -= remaining
                return
            remaining -= self.main_left
            self._enter_byo_yomi()
            if self.flagged:
                return
        self.period_left -= remaining
        if self.period_left < 0:
            self.flagged = True
            return
        if moved:
            self.stones_left -= 1
            if self.stones_left <= 0:
                self.period_left = float(self.settings.byo_yomi_time)
                self.stones_left = self.settings.byo_yomi_stones

    def time_left(self) -> tuple[int, int]:
        """Arguments for GTP ``time_left``: seconds and stones, where "While the main time is
        counting, the number of remaining stones is given as 0" (§6.3.4)."""
        if self.in_byo_yomi:
            return int(self.period_left), self.stones_left
        return int(self.main_left), 0
