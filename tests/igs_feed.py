"""An :class:`IgsSession` fed by a test: server lines or events in, its changes applied to a
model, every command it queues recorded (as the adapter/conversation tests did before the
session held both)."""

from __future__ import annotations

from collections.abc import Iterable

from igs_tui.backends.igs.backend import IgsBackend
from igs_tui.backends.igs.protocol.commands import Command
from igs_tui.backends.igs.protocol.events import Event
from igs_tui.backends.igs.protocol.parser import IgsParser
from igs_tui.backends.igs.protocol.profile import ServerProfile
from igs_tui.backends.igs.session import IgsSession
from igs_tui.model import ClientModel
from igs_tui.model import changes as ch


class RecordingSession(IgsSession):
    """Keeps the line of every command queued (connected or not)."""

    def __init__(self, model: ClientModel, profile: ServerProfile | None = None) -> None:
        self.sent: list[str] = []
        super().__init__(model, "me", "", profile=profile)

    def send(self, command: Command) -> bool:
        self.sent.append(command.line)
        return super().send(command)


class Fed:
    """A model, the session that feeds it, and the backend over both."""

    def __init__(self, model: ClientModel | None = None, profile: ServerProfile | None = None):
        self.model = model if model is not None else ClientModel()
        self.session = RecordingSession(self.model, profile)
        self.backend = IgsBackend(self.model, self.session)
        self.parser = IgsParser()
        self.apply(self.session.take_changes())

    @property
    def sent(self) -> list[str]:
        return self.session.sent

    @property
    def profile(self) -> ServerProfile:
        return self.session.profile

    def apply(self, changes: Iterable[ch.Change]) -> None:
        for change in changes:
            self.model.apply(change)

    def event(self, event: Event) -> None:
        """One event through the session (and the batches it holds released)."""
        self.apply(self.session.receive_event(event))
        self.apply(self.session.lines_done())

    def lines(self, text: str) -> None:
        """Server lines, parsed here (no login needed), each with its console line; then the
        end of the read."""
        session = self.session
        for line in text.strip("\n").splitlines():
            session.translator.received_line(line)
            for event in self.parser.feed_line(line):
                self.apply(session.receive_event(event))
        for event in self.parser.flush():
            self.apply(session.receive_event(event))
        self.apply(session.lines_done())
