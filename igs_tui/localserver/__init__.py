"""An embedded IGS-compatible server: the app's offline mode and the end-to-end test bed.

``LocalServer(host, port, config=ServerConfig(...))`` speaks the IGS protocol as the spec in
``specs/igs-protocol.md`` shows it, quirks included. See :mod:`.server` for the front end,
:mod:`.hub` for the theory of operation and :mod:`.config` for the demo accounts.
"""

from igs_tui.localserver.clock import Clock, ManualClock, ScaledClock
from igs_tui.localserver.config import Account, ServerConfig, load_accounts
from igs_tui.localserver.server import LocalServer, start_embedded
from igs_tui.localserver.timecontrol import TimeControl

__all__ = [
    "Account",
    "Clock",
    "LocalServer",
    "ManualClock",
    "ScaledClock",
    "ServerConfig",
    "TimeControl",
    "load_accounts",
    "start_embedded",
]
