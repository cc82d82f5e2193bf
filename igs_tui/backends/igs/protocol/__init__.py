"""Sans-IO IGS protocol: decoded lines in, typed events out; commands out, throttled.

No sockets, asyncio, threads or Textual in this package (``igs_tui.backends.igs.net`` owns the
transport).

* :mod:`.events` -- the frozen event dataclasses (``type`` names them in JSON);
* :mod:`.parser` (+ :mod:`.readers`) -- :class:`IgsParser`, one line at a time;
* :mod:`.commands` -- validated command builders (the server side of the wire format is
  :mod:`igs_tui.localserver.lines`, the one formatter module);
* :mod:`.login`, :mod:`.state`, :mod:`.wire` -- :class:`WireSession`, one connection's login,
  setup, throttle and reply correlation (the session of :mod:`igs_tui.backends.igs.session`
  makes one per connection);
* :mod:`.throttle` -- the send-rate token bucket; :mod:`.transcript` -- the transcript format.
"""

from igs_tui.backends.igs.protocol.commands import Command, ReplyKind
from igs_tui.backends.igs.protocol.events import Event, event_to_dict
from igs_tui.backends.igs.protocol.parser import IgsParser
from igs_tui.backends.igs.protocol.state import SessionState
from igs_tui.backends.igs.protocol.wire import WireSession

__all__ = [
    "Command",
    "Event",
    "IgsParser",
    "ReplyKind",
    "SessionState",
    "WireSession",
    "event_to_dict",
]
