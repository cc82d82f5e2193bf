"""GTP v2 as a library: talk to Go engines (controller, channels, framing) and be one (built-in
engine).

* :class:`GtpController` — typed async methods for every GTP v2 command over a
  :class:`GtpChannel` (:class:`SubprocessChannel` for real engines, :class:`InProcessChannel`
  for engine objects in this process).
* :class:`igs_tui.gtp.engine.GtpEngine` — the tiny built-in engine (``igs-tui gtp-engine``;
  not re-exported here, so that ``python -m igs_tui.gtp.engine`` runs it cleanly).

A library only: it knows no model, no UI and no server. Games against an engine live in
:mod:`igs_tui.backends.engine`; the ``play`` and ``bot`` commands in :mod:`igs_tui.apps`.
"""

from igs_tui.gtp.channel import GtpChannel, InProcessChannel, SubprocessChannel
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
from igs_tui.gtp.values import FinalScore, GenmoveResult

__all__ = [
    "DEFAULT",
    "FinalScore",
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
    "SubprocessChannel",
]
