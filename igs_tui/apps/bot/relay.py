"""The bot bridge's move relay as a pure state machine.

The server's move list is the truth; the engine must hold exactly the same moves. Each server
move line is fed to :meth:`MoveRelay.server_move`, which says what the bridge must do next
(tell the engine the opponent's move, ask the engine for ours, or enter scoring). After a
reconnect :meth:`resync` compares the engine's list with the server's so the bridge can
replay the engine from scratch instead of trusting a stale copy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from igs_tui.go.types import Color, Point

SCORING_PASSES = 3
"""IGS scoring starts here (igs-rules.txt: "Three consecutive passes stop alternating play")."""


class Action(StrEnum):
    WAIT = "wait"
    GENMOVE = "genmove"
    SCORE = "score"


@dataclass
class MoveRelay:
    ours: Color
    to_move: Color = Color.BLACK
    engine_moves: list[tuple[Color, Point | None]] = field(default_factory=list)
    passes: int = 0

    def server_move(self, color: Color, point: Point | None) -> tuple[bool, Action]:
        """Record a move the server confirmed. Returns (engine must be told, next action)."""
        tell_engine = color is not self.ours
        self.engine_moves.append((color, point))
        self.passes = self.passes + 1 if point is None else 0
        self.to_move = color.opponent
        return tell_engine, self.next_action()

    def next_action(self) -> Action:
        if self.passes >= SCORING_PASSES:
            return Action.SCORE
        return Action.GENMOVE if self.to_move is self.ours else Action.WAIT

    def resync(self, server_moves: list[tuple[Color, Point | None]]) -> bool:
        """Adopt the server's list; True when the engine must be replayed from scratch."""
        stale = server_moves != self.engine_moves
        self.engine_moves = list(server_moves)
        self.passes = 0
        for _, point in reversed(server_moves):
            if point is not None:
                break
            self.passes += 1
        if server_moves:
            self.to_move = server_moves[-1][0].opponent
        return stale
