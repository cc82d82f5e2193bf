"""Engine assistance for a followed game: score estimate and dead-stone suggestions.

Why a fresh engine per question: the position lives in the model (``FollowedGame``), which may
have been resynced or undone at any time; replaying the move list into a short-lived engine is
the only way to be sure the engine sees exactly what the board shows. Every call is bounded by
one overall ``timeout`` and is cancellable, so the UI can fire it from a worker and never block.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from igs_tui.go.types import Point
from igs_tui.gtp.controller import GtpController
from igs_tui.gtp.errors import GtpError
from igs_tui.gtp.values import parse_final_score
from igs_tui.model.games import FollowedGame


async def _load(ctl: GtpController, game: FollowedGame) -> None:
    """Replay ``game`` into the engine (handicap records become ``fixed_handicap``)."""
    await ctl.boardsize(game.size)
    await ctl.clear_board()
    await ctl.komi(game.komi)
    for record in game.moves:
        if record.handicap:
            await ctl.fixed_handicap(record.handicap)
        else:
            await ctl.play(record.color, record.point)


async def _ask_dead(ctl: GtpController, game: FollowedGame) -> frozenset[Point]:
    await _load(ctl, game)
    groups = await ctl.final_status_list("dead")
    return frozenset(p for group in groups for p in group)


async def _ask_estimate(ctl: GtpController, game: FollowedGame) -> str:
    await _load(ctl, game)
    if await ctl.known_command("estimate_score"):
        # GNU Go: "W+13.5 (upper bound: -12.5, lower: -14.5)"; final_score on an unfinished
        # 19x19 game can take minutes (pitfalls.md), so prefer the estimate.
        body = (await ctl.command("estimate_score")).split()
        return parse_final_score(body[0]).text if body else ""
    return (await ctl.final_score()).text


async def suggest_dead_stones(
    game: FollowedGame, engine_cmd: str | Sequence[str], timeout: float = 10.0
) -> frozenset[Point] | None:
    """The engine's ``final_status_list dead`` for ``game``; ``None`` on timeout or failure."""
    ctl: GtpController | None = None
    try:
        async with asyncio.timeout(timeout):
            ctl = await GtpController.start(engine_cmd, timeout=timeout, slow_timeout=timeout)
            return await _ask_dead(ctl, game)
    except (TimeoutError, GtpError, OSError, ValueError):
        return None
    finally:
        if ctl is not None:
            await ctl.close(grace=1.0)


async def estimate(
    game: FollowedGame, engine_cmd: str | Sequence[str], timeout: float = 10.0
) -> str | None:
    """A score estimate such as ``"W+3.5"``; ``None`` on timeout or failure."""
    ctl: GtpController | None = None
    try:
        async with asyncio.timeout(timeout):
            ctl = await GtpController.start(engine_cmd, timeout=timeout, slow_timeout=timeout)
            return await _ask_estimate(ctl, game) or None
    except (TimeoutError, GtpError, OSError, ValueError):
        return None
    finally:
        if ctl is not None:
            await ctl.close(grace=1.0)


class GtpAssist:
    """:class:`~igs_tui.model.assist.EngineAssist` backed by a GTP engine command line."""

    def __init__(
        self, engine_cmd: str | Sequence[str], *, name: str = "engine", timeout: float = 10.0
    ) -> None:
        self._cmd = engine_cmd
        self._name = name
        self.timeout = timeout

    @property
    def name(self) -> str:
        return self._name

    async def estimate(self, game: FollowedGame) -> str | None:
        return await estimate(game, self._cmd, self.timeout)

    async def suggest_dead(self, game: FollowedGame) -> frozenset[Point] | None:
        return await suggest_dead_stones(game, self._cmd, self.timeout)
