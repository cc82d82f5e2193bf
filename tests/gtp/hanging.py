"""An in-process engine channel that stops answering on a chosen genmove, as a stuck engine (or
one that prints a line without its ending) would: the controller's timeout must catch it."""

from __future__ import annotations

import asyncio

from igs_tui.gtp.channel import InProcessChannel
from igs_tui.gtp.controller import GtpController
from igs_tui.gtp.engine import GtpEngine
from igs_tui.gtp.framing import GtpResponse


class HangingChannel(InProcessChannel):
    def __init__(self, engine: GtpEngine, hang_at: int, hung: list[str]) -> None:
        super().__init__(engine)
        self.hang_at = hang_at
        self.hung = hung
        self.genmoves = 0
        self._hang = False

    async def send_line(self, line: str) -> None:
        if "genmove" in line:
            self.genmoves += 1
            if self.genmoves == self.hang_at:
                self._hang = True
                return  # the engine never gets to answer
        await super().send_line(line)

    async def read_response(self) -> GtpResponse:
        if self._hang:
            if not self.hung:
                self.hung.append("genmove")
            await asyncio.Event().wait()  # never set: cancelled by the controller's timeout
        return await super().read_response()


def hanging_engine_factory(hang_at: int):  # type: ignore[no-untyped-def]
    """A factory whose first engine hangs on genmove ``hang_at``; later ones play normally."""
    hung: list[str] = []
    made: list[GtpController] = []

    async def factory() -> GtpController:
        engine = GtpEngine(seed=len(made))
        channel = HangingChannel(engine, hang_at if not made else 0, hung)
        controller = GtpController(channel, timeout=10.0)
        made.append(controller)
        return controller

    return factory, hung
