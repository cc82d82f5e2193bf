"""Shared helpers for the in-game UI tests (no tests here): an app with an engine, fakes."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from textual.pilot import Pilot

from igs_tui.backends.capabilities import Backend
from igs_tui.go import Color, Point, parse_point
from igs_tui.model import ClientModel, FollowedGame, MoveRecord, Role
from igs_tui.model.assist import EngineAssist
from igs_tui.ui.app_services import BasicServices
from igs_tui.ui.game.game_info import GameInfo
from igs_tui.ui.game.game_panel import GamesPanel
from igs_tui.ui.game.game_view import GameView
from tests.ui.test_game_support import PanelApp, add_moves


class AssistApp(BasicServices, PanelApp):
    """The games panel in an app that offers an engine helper (or explicitly none) among its
    services, and counts bells instead of writing BEL to a terminal."""

    def __init__(
        self, model: ClientModel, backend: Backend, assist: EngineAssist | None = None
    ) -> None:
        super().__init__(model, backend)
        self.assist = assist
        self.bells = 0

    def bell(self) -> None:
        self.bells += 1


@dataclass
class FakeAssist:
    """An :class:`EngineAssist` with canned answers; ``gate`` holds answers back until set."""

    estimate_answer: str | None = "W+3.5"
    dead_answer: frozenset[Point] | None = frozenset()
    fail: bool = False
    gate: asyncio.Event | None = None
    asked: list[tuple[str, int]] = field(default_factory=list)
    """(question, number of moves in the game asked about), in order."""

    @property
    def name(self) -> str:
        return "FakeGo"

    async def _wait(self) -> None:
        if self.gate is not None:
            await self.gate.wait()
        if self.fail:
            raise RuntimeError("engine crashed")

    async def estimate(self, game: FollowedGame) -> str | None:
        self.asked.append(("estimate", len(game.moves)))
        await self._wait()
        return self.estimate_answer

    async def suggest_dead(self, game: FollowedGame) -> frozenset[Point] | None:
        self.asked.append(("dead", len(game.moves)))
        await self._wait()
        return self.dead_answer


def _conforms(assist: FakeAssist) -> EngineAssist:
    """mypy checks here that the fake satisfies the EngineAssist protocol."""
    return assist


async def settle(pilot: Pilot[None]) -> None:
    for _ in range(3):
        await pilot.pause()


async def wait_for(pilot: Pilot[None], condition: object, tries: int = 200) -> None:
    """Pause until ``condition()`` holds (workers finish on the app's loop); fail after ~5 s."""
    for _ in range(tries):
        if condition():  # type: ignore[operator]
            return
        await pilot.pause(0.025)
    raise AssertionError("condition not met")


def info_text(app: PanelApp, number: int) -> str:
    """The side panel text of game ``number`` (searched on the default screen, under dialogs)."""
    return view(app, number).query_one(GameInfo).render_info().plain


def view(app: PanelApp, number: int) -> GameView:
    """The view of game ``number`` on the app's first screen (dialogs may be on top)."""
    return app.screen_stack[0].query_one(GamesPanel).view(number)


def own_game(
    model: ClientModel,
    number: int = 21,
    *,
    role: Role = Role.PLAYING_BLACK,
    moves: list[MoveRecord] | None = None,
    size: int = 9,
    **fields: object,
) -> FollowedGame:
    """An own game against "opp" (we are "me"), with ``moves`` played."""
    white, black = ("opp", "me") if role is Role.PLAYING_BLACK else ("me", "opp")
    game = model.follow(number, role=role, white=white, black=black, size=size, **fields)
    add_moves(model, number, moves or [])
    return game


def script(size: int, *points: str) -> list[MoveRecord]:
    """Alternating moves from Black, as the server would announce them."""
    return [
        MoveRecord(i + 1, Color.BLACK if i % 2 == 0 else Color.WHITE, parse_point(p, size))
        for i, p in enumerate(points)
    ]
