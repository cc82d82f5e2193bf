"""Session transcripts of IGS logins (``sessions/`` in the data dir): one file per connection,
password redacted. A transcript is a convenience: when its file cannot be made the login goes
on without it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from igs_tui.backends.igs.net.recorder import SessionRecorder
    from igs_tui.backends.igs.net.servers import ServerAddress

RecorderFactory = Callable[["ServerAddress"], "SessionRecorder | None"]


def transcript_factory(user: str, password: str, directory: Path | None) -> RecorderFactory:
    """A recorder for each connection the client opens (to ``directory``, default the user
    data dir's ``sessions``)."""
    from igs_tui.backends.igs.net.recorder import SessionRecorder

    def open_recorder(address: ServerAddress) -> SessionRecorder | None:
        try:
            return SessionRecorder.create(
                str(address), password=password or None, directory=directory, username=user
            )
        except OSError:
            return None

    return open_recorder


def no_transcript(_address: ServerAddress) -> SessionRecorder | None:
    """The recorder factory of a login that writes no transcript."""
    return None
