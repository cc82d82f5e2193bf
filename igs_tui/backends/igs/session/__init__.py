"""The IGS session: one sans-IO object per login (see :mod:`.core`).

* :mod:`.core` -- :class:`IgsSession`, the object callers use: lines in, changes out; intents
  in, command lines out;
* :mod:`.translate` -- events to model changes; :mod:`.followups` -- what IGS answers only
  indirectly and the commands that follow; :mod:`.outbox` -- the changes waiting for the
  caller; :mod:`.view` -- the session's own view of each game and of us (never the caller's
  model), written from the changes as the caller is handed them.
"""

from igs_tui.backends.igs.session.core import IgsSession

__all__ = ["IgsSession"]
