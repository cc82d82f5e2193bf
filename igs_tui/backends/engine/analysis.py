"""Live engine analysis over GTP: one engine, one position at a time, newest request first.

Why one long-lived engine (unlike :mod:`.assist`, which starts one per question): analysis
follows every move and every step of browsing, and engines such as KataGo take seconds to
start. Why one task that owns it: GTP is one conversation, so requests are not run by their
callers but handed to :meth:`GtpAnalysis._run`, which always serves the *newest* request,
stops a streaming analysis as soon as another position is asked for (any command ends
``kata-analyze``), and is never cancelled in the middle of a command. A caller that goes away
(the view moved on, its worker was cancelled) only marks its request as abandoned.

The position is sent as moves: if the new position continues the one the engine holds, only
the new moves are played; otherwise the board is cleared and the moves replayed.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncGenerator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field

from igs_tui.gtp.analysis import (
    AnalysisPlan,
    EngineCandidate,
    parse_analysis_line,
    parse_estimate_score,
    parse_move_probabilities,
    parse_top_moves,
    plan_analysis,
    stream_command,
)
from igs_tui.gtp.controller import GtpController, GtpStream
from igs_tui.gtp.errors import GtpEngineError, GtpError
from igs_tui.model.analysis import AnalysisPosition, Candidate, PositionAnalysis

__all__ = ["NO_ANALYSIS", "GtpAnalysis"]

NO_ANALYSIS = (
    "no analysis commands (it needs kata-analyze, lz-analyze, top_moves or estimate_score)"
)

Starter = Callable[[], Awaitable[GtpController]]


@dataclass(eq=False)
class _Request:
    position: AnalysisPosition
    estimate_only: bool = False
    updates: asyncio.Queue[PositionAnalysis | None] = field(default_factory=asyncio.Queue)
    abandoned: bool = False


def _candidate(found: EngineCandidate) -> Candidate:
    return Candidate(
        found.point,
        visits=found.visits,
        winrate=found.winrate,
        score_lead=found.score_lead,
        value=found.value,
        probability=found.probability,
        pv=found.pv,
    )


class GtpAnalysis:
    """:class:`~igs_tui.model.analysis.EngineAnalysis` backed by a GTP engine command line.

    ``interval_cs`` is how often a streaming engine reports (centiseconds); ``timeout``
    bounds every one-shot command and the start. ``starter`` replaces starting ``engine_cmd``
    (tests: an in-process engine).
    """

    def __init__(
        self,
        engine_cmd: str | Sequence[str] = "",
        *,
        name: str = "engine",
        interval_cs: int = 50,
        timeout: float = 20.0,
        starter: Starter | None = None,
    ) -> None:
        self._cmd = engine_cmd
        self._name = name
        self.interval_cs = interval_cs
        self.timeout = timeout
        self._starter = starter
        self._ctl: GtpController | None = None
        self._plan: AnalysisPlan | None = None
        self._loaded: AnalysisPosition | None = None
        self._latest: _Request | None = None
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    @property
    def name(self) -> str:
        return self._name

    @property
    def plan(self) -> AnalysisPlan | None:
        """What the engine is asked (known once it has started)."""
        return self._plan

    async def analyse(
        self, position: AnalysisPosition, *, estimate_only: bool = False
    ) -> AsyncGenerator[PositionAnalysis, None]:
        request = _Request(position, estimate_only)
        if self._latest is not None:
            self._latest.abandoned = True
        self._latest = request
        self._wake.set()
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run())
        try:
            while (update := await request.updates.get()) is not None:
                yield update
        finally:
            request.abandoned = True
            self._wake.set()

    async def close(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self._drop_engine()

    # the engine's task -------------------------------------------------------------------------
    def _superseded(self, request: _Request) -> bool:
        return request.abandoned or self._latest is not request

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            request = self._latest
            if request is None or request.abandoned:
                continue
            try:
                await self._serve(request)
            except (GtpError, OSError, ValueError) as exc:
                request.updates.put_nowait(
                    PositionAnalysis(final=True, note=f"{self._name} failed: {exc}"[:300])
                )
                await self._drop_engine()
            finally:
                request.updates.put_nowait(None)
                if self._latest is request:
                    self._latest = None

    async def _drop_engine(self) -> None:
        ctl, self._ctl = self._ctl, None
        self._loaded = None
        if ctl is not None:
            with contextlib.suppress(GtpError, OSError):
                await ctl.close(grace=1.0)

    async def _engine(self) -> tuple[GtpController, AnalysisPlan]:
        if self._ctl is not None and self._ctl.dead is None and self._plan is not None:
            return self._ctl, self._plan
        await self._drop_engine()
        async with asyncio.timeout(self.timeout):
            if self._starter is not None:
                ctl = await self._starter()
            else:
                ctl = await GtpController.start(
                    self._cmd, timeout=self.timeout, slow_timeout=self.timeout
                )
            self._ctl = ctl
            self._plan = plan_analysis(await ctl.list_commands())
        return ctl, self._plan

    async def _load(self, ctl: GtpController, position: AnalysisPosition) -> None:
        """Make the engine's board ``position``, playing only the new moves if it can."""
        loaded = self._loaded
        self._loaded = None
        same_game = loaded is not None and (loaded.size, loaded.komi, loaded.handicap) == (
            position.size,
            position.komi,
            position.handicap,
        )
        if same_game and loaded is not None and position.moves[: len(loaded.moves)] == loaded.moves:
            todo = position.moves[len(loaded.moves) :]
        else:
            await ctl.boardsize(position.size)
            await ctl.clear_board()
            await ctl.komi(position.komi)
            if position.handicap:
                await ctl.fixed_handicap(position.handicap)
            todo = position.moves
        for color, point in todo:
            await ctl.play(color, point)
        self._loaded = position

    async def _serve(self, request: _Request) -> None:
        ctl, plan = await self._engine()
        say = request.updates.put_nowait
        if not plan.usable:
            say(PositionAnalysis(final=True, note=f"{self._name}: {NO_ANALYSIS}"))
            return
        position = request.position
        try:
            await self._load(ctl, position)
        except GtpEngineError as exc:
            say(PositionAnalysis(final=True, note=f"{self._name} refused the position: {exc}"))
            return
        if self._superseded(request):
            return
        if plan.stream is not None:
            await self._stream(ctl, plan.stream, request)
        else:
            await self._one_shot(ctl, plan, request)

    async def _stream(self, ctl: GtpController, name: str, request: _Request) -> None:
        position = request.position
        lz = name == "lz-analyze"
        stream = await ctl.stream(stream_command(name, position.to_move, self.interval_cs))
        try:
            await self._read_stream(stream, request, lz)
        finally:
            await stream.stop()

    async def _read_stream(self, stream: GtpStream, request: _Request, lz: bool) -> None:
        position = request.position
        while not self._superseded(request):
            line_task = asyncio.ensure_future(stream.next_line())
            wake_task = asyncio.ensure_future(self._wake.wait())
            try:
                done, _ = await asyncio.wait(
                    {line_task, wake_task}, return_when=asyncio.FIRST_COMPLETED
                )
            finally:
                wake_task.cancel()
                if not line_task.done():
                    line_task.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await line_task
            if line_task not in done or line_task.cancelled():
                if not self._superseded(request):
                    self._wake.clear()  # an old request's goodbye: keep reading
                continue
            line = line_task.result()
            if line is None:
                return
            found = parse_analysis_line(line, position.size, position.to_move, lz=lz)
            if found:
                best = found[0]
                request.updates.put_nowait(
                    PositionAnalysis(
                        tuple(_candidate(c) for c in found),
                        winrate=best.winrate,
                        score_lead=best.score_lead,
                        method=stream.command.split()[0],
                    )
                )

    async def _one_shot(self, ctl: GtpController, plan: AnalysisPlan, request: _Request) -> None:
        position = request.position
        method = plan.describe()
        candidates: tuple[Candidate, ...] = ()
        top = plan.top_moves_command(position.to_move)
        if request.estimate_only and plan.estimate:
            top = None  # the graph needs the score only
        if top is not None:
            body = await ctl.command(top, timeout=self.timeout)
            found = parse_top_moves(body, position.size)
            if plan.probabilities and found and not self._superseded(request):
                shares = parse_move_probabilities(
                    await ctl.command("move_probabilities", timeout=self.timeout), position.size
                )
                found = [
                    EngineCandidate(c.point, value=c.value, probability=shares.get(c.point))
                    if c.point is not None
                    else c
                    for c in found
                ]
            candidates = tuple(_candidate(c) for c in found)
            if self._superseded(request):
                return
            request.updates.put_nowait(
                PositionAnalysis(candidates, final=not plan.estimate, method=method)
            )
        if plan.estimate and not self._superseded(request):
            # never final_score here: on an unfinished 19x19 game it can take minutes
            lead = parse_estimate_score(await ctl.command("estimate_score", timeout=self.timeout))
            request.updates.put_nowait(
                PositionAnalysis(
                    candidates,
                    score_lead=lead,
                    final=True,
                    method=method,
                    note="" if lead is not None else f"{self._name}: no score estimate",
                )
            )
