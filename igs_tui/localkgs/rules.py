"""The reference's "Rules" object: parsed, checked, and turned into our rules and clocks.

KGS supports boards of 2 through 38; our rules engine stops at 25, so 26-38 are refused here
(the refusal is the documented CHALLENGE_NOT_CREATED). ``japanese`` counts territory; ``chinese``,
``aga`` and ``new_zealand`` count area (AGA and New Zealand differ from Chinese only in details
this server does not model: pass stones, suicide). Only two passes end play, as on KGS.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from igs_tui.go import CHINESE_RULES, JAPANESE_RULES, MAX_SIZE, Ruleset
from igs_tui.go.timecontrol import TimeSettings, TimeSystem
from igs_tui.localkgs.vocabulary import JsonObject, MessageError, get_int, get_number, get_str

RULE_NAMES = ("japanese", "chinese", "aga", "new_zealand")
TIME_SYSTEMS = ("none", "absolute", "byo_yomi", "canadian")
MAX_SECONDS = 2147483
"""Reference: "Up to 2147483 seconds"."""


@dataclass(frozen=True)
class KgsRules:
    size: int = 19
    rules: str = "japanese"
    komi: float = 6.5
    handicap: int = 0
    time_system: str = "byo_yomi"
    main_time: int = 600
    byo_yomi_time: int = 30
    byo_yomi_periods: int = 5
    byo_yomi_stones: int = 0

    @classmethod
    def from_json(cls, rules: Any) -> KgsRules:
        """Validate an upstream rules object; :class:`MessageError` says what is wrong."""
        if not isinstance(rules, dict):
            raise MessageError('"rules" must be a JSON object')
        size = get_int(rules, "size", low=2, high=38)
        if size > MAX_SIZE:
            raise MessageError(f"boards larger than {MAX_SIZE} are not supported here")
        name = get_str(rules, "rules", max_len=20, default="japanese")
        if name not in RULE_NAMES:
            raise MessageError(f'"rules" must be one of {", ".join(RULE_NAMES)}')
        komi = get_number({"komi": rules.get("komi", 0.0)}, "komi", low=-100.0, high=100.0)
        if (komi * 2) != int(komi * 2):
            raise MessageError('"komi" must be a multiple of 0.5')
        handicap = get_int(rules, "handicap", low=0, high=9, default=0)
        system = get_str(rules, "timeSystem", max_len=20, default="none")
        if system not in TIME_SYSTEMS:
            raise MessageError(f'"timeSystem" must be one of {", ".join(TIME_SYSTEMS)}')
        main = byo = periods = stones = 0
        if system != "none":
            main = get_int(rules, "mainTime", low=0, high=MAX_SECONDS, default=0)
        if system in ("byo_yomi", "canadian"):
            byo = get_int(rules, "byoYomiTime", low=1, high=MAX_SECONDS)
        if system == "byo_yomi":
            periods = get_int(rules, "byoYomiPeriods", low=1, high=255)
        if system == "canadian":
            stones = get_int(rules, "byoYomiStones", low=1, high=255)
        if system == "absolute" and main == 0:
            raise MessageError('"mainTime" must be positive for absolute time')
        return cls(size, name, komi, handicap, system, main, byo, periods, stones)

    def to_json(self) -> JsonObject:
        """The rules object downstream; "handicap: Not present for handicap 0"."""
        out: JsonObject = {"size": self.size, "rules": self.rules, "komi": self.komi}
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

    @property
    def ruleset(self) -> Ruleset:
        return JAPANESE_RULES if self.rules == "japanese" else CHINESE_RULES

    def time_settings(self) -> TimeSettings:
        if self.time_system == "absolute":
            return TimeSettings(TimeSystem.ABSOLUTE, main_seconds=self.main_time)
        if self.time_system == "byo_yomi":
            return TimeSettings(
                TimeSystem.JAPANESE,
                main_seconds=self.main_time,
                byo_seconds=self.byo_yomi_time,
                periods=self.byo_yomi_periods,
            )
        if self.time_system == "canadian":
            return TimeSettings(
                TimeSystem.CANADIAN,
                main_seconds=self.main_time,
                byo_seconds=self.byo_yomi_time,
                byo_stones=self.byo_yomi_stones,
            )
        return TimeSettings(TimeSystem.NONE)
