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
    from igs_tui.model import ClientModel

RecorderFactory = Callable[["ServerAddress"], "SessionRecorder | None"]


def transcript_factory(
    model: ClientModel, user: str, password: str, directory: Path | None
) -> RecorderFactory:
    """A recorder for each connection the client opens (to ``directory``, default the user
    data dir's ``sessions``), within the transcripts' caps on disk (the model's limits)."""
    from igs_tui.backends.igs.net.recorder import SessionRecorder
    from igs_tui.disk_caps import DiskCaps

    def open_recorder(address: ServerAddress) -> SessionRecorder | None:
        try:
            return SessionRecorder.create(
                str(address),
                password=password or None,
                directory=directory,
                username=user,
                caps=DiskCaps.from_limits(model.limits),
                notice=transcripts_notice(model),
            )
        except OSError:
            return None

    return open_recorder


def transcripts_notice(model: ClientModel) -> Callable[[str], None]:
    """How the session transcripts' caps tell the user they deleted old transcripts."""

    def notice(text: str) -> None:
        model.notify("warning", "Session transcripts", text, bell=False)

    return notice


def no_transcript(_address: ServerAddress) -> SessionRecorder | None:
    """The recorder factory of a login that writes no transcript."""
    return None
