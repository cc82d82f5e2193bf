"""GTP v2: talk to Go engines (controller), be one (built-in engine), play against one.

* :class:`GtpController` — typed async methods for every GTP v2 command over a
  :class:`GtpChannel` (:class:`SubprocessChannel` for real engines, :class:`InProcessChannel`
  for engine objects in this process).
* :class:`igs_tui.gtp.engine.GtpEngine` — the tiny built-in engine (``igs-tui gtp-engine``;
  not re-exported here, so that ``python -m igs_tui.gtp.engine`` runs it cleanly).
* :class:`LocalEngineGame` — a human-versus-engine game with our rules as the referee.

Everything here is UI-free (no Textual import), so the model layer may use it.
"""

from igs_tui.gtp.channel import GtpChannel, InProcessChannel, SubprocessChannel
from igs_tui.gtp.clock import CanadianClock, TimeSettings
from igs_tui.gtp.controller import DEFAULT, GtpController
from igs_tui.gtp.errors import (
    GtpChannelClosed,
    GtpEngineDied,
    GtpEngineError,
    GtpError,
    GtpProtocolError,
    GtpTimeout,
    GtpTransportError,
)
from igs_tui.gtp.local_game import (
    EndReason,
    EngineDisagrees,
    EngineFailed,
    GameEnd,
    GameOver,
    LocalEngineGame,
    LocalGameError,
    NotYourTurn,
    ScoreReport,
)
from igs_tui.gtp.values import FinalScore, GenmoveResult

__all__ = [
    "DEFAULT",
    "CanadianClock",
    "EndReason",
    "EngineDisagrees",
    "EngineFailed",
    "FinalScore",
    "GameEnd",
    "GameOver",
    "GenmoveResult",
    "GtpChannel",
    "GtpChannelClosed",
    "GtpController",
    "GtpEngineDied",
    "GtpEngineError",
    "GtpError",
    "GtpProtocolError",
    "GtpTimeout",
    "GtpTransportError",
    "InProcessChannel",
    "LocalEngineGame",
    "LocalGameError",
    "NotYourTurn",
    "ScoreReport",
    "SubprocessChannel",
    "TimeSettings",
]
