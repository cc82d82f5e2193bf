"""An embedded IGS-compatible server: the app's offline mode and the end-to-end test bed.

``LocalServer(host, port, config=ServerConfig(...))`` speaks the IGS protocol as
``specs/igs-protocol.md`` shows it, quirks included (double prompts, "Please type 'done
again.", unanswered commands, ``Login: ``/``Password: `` without newline). Use it as::

    server = LocalServer(config=ServerConfig(time_scale=100))   # or start_embedded()
    port = await server.start()
    ...
    await server.stop()

or run it alone with ``python -m igs_tui.localserver --port N [--accounts FILE] [--gnugo]
[--dialect nngs]``. ``ServerConfig(dialect="nngs")`` imitates NNGS instead of IGS (see
:mod:`.dialect`).
Demo accounts are listed in :mod:`.config`; unknown names log in as ``guestNNNN``; ``igsbot``
accepts matches. ``server.connect_in_memory()`` connects a client without a socket (tests).
Module map: :mod:`.server` (TCP), :mod:`.memory_link` (the socketless link),
:mod:`.session` (login, client mode),
:mod:`.hub` (state, dispatch; theory of operation), ``cmd_*`` (commands), :mod:`.gameflow`
and :mod:`.games` (games), :mod:`.lines` (exact line formats), :mod:`.timecontrol`,
:mod:`.bots`, :mod:`.gtp_source`, :mod:`.broadcast`.
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
