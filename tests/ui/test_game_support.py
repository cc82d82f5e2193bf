"""Shared helpers for the board/game UI tests (no tests here): apps, clocks, move lists."""

from __future__ import annotations

import random

from textual.app import ComposeResult

from igs_tui.backends.capabilities import Backend
from igs_tui.go import Game, Point
from igs_tui.model import ClientModel, MoveRecord
from igs_tui.model import changes as ch
from igs_tui.ui.batch_safe import BatchSafeApp
from igs_tui.ui.game.game_panel import GamesPanel
from tests.manual_clock import ManualClock


class PanelApp(BatchSafeApp[None]):
    """Hosts a :class:`GamesPanel` alone, as the main screen's board area does (an app that
    wakes its screens after Textual's update batches, as :class:`IgsApp` is)."""

    def __init__(self, model: ClientModel, backend: Backend, *, theme: str | None = None) -> None:
        super().__init__()
        self.model = model
        self.backend = backend
        if theme is not None:
            self.theme = theme

    def compose(self) -> ComposeResult:
        yield GamesPanel(self.model, self.backend)


def random_moves(size: int, count: int, seed: int = 1) -> list[MoveRecord]:
    """A legal game (checked by our engine) as the server would announce it."""
    rng = random.Random(seed)
    game = Game(size)
    points = [Point(c, r) for c in range(size) for r in range(size)]
    moves: list[MoveRecord] = []
    while len(moves) < count:
        color = game.to_move
        candidates = [p for p in points if game.check(p, color).legal]
        point = rng.choice(candidates) if candidates else None
        game.play(point, color)
        moves.append(MoveRecord(len(moves) + 1, color, point))
    return moves


def add_moves(model: ClientModel, number: int, moves: list[MoveRecord]) -> None:
    for move in moves:
        model.apply(ch.MoveAdded(number, move))


def new_model() -> tuple[ClientModel, ManualClock]:
    clock = ManualClock()
    model = ClientModel(clock=clock)
    model.set_connection(user="me")
    return model, clock
