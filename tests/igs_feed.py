"""An :class:`IgsSession` fed by a test: server lines or events in, its changes applied to a
model, every command it queues recorded (as the adapter/conversation tests did before the
session held both).

The session keeps its own view of the world (``session/view.py``) and never reads the model.
Many tests set the scene on the model directly (a followed game, our name, a friend) instead of
with the server lines that would bring it: :class:`SharedScene` tells the session's view what
such a test applied to the model (in the app those changes come from the session itself, or
through it). Changes the session made are not told twice. ``tests/backends/igs/
test_own_view.py`` drives a session with no model at all."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import replace

from igs_tui.backends.igs.backend import IgsBackend
from igs_tui.backends.igs.protocol.commands import Command
from igs_tui.backends.igs.protocol.events import Event
from igs_tui.backends.igs.protocol.parser import IgsParser
from igs_tui.backends.igs.protocol.profile import ServerProfile
from igs_tui.backends.igs.session import IgsSession
from igs_tui.go import Color
from igs_tui.model import ClientModel, FollowedGame, GamePhase
from igs_tui.model import changes as ch


def scene_changes(model: ClientModel) -> Iterator[ch.Change]:
    """The changes that bring an empty session view to what ``model`` holds (what the session
    reads of it): the connection, our lists, the games, the requests, the chat."""
    yield ch.ConnectionChanged(model.connection)
    if model.me and model.me != model.connection.user:
        yield ch.ConnectionChanged(replace(model.connection, user=model.me))
    yield ch.PassesToEndSet(model.passes_to_end)
    yield ch.SocialListsSet(model.friends, model.blocked)
    yield ch.SeekChanged(model.seek)
    me = model.players.get(model.me) if model.me else None
    if me is not None:
        yield ch.PlayersUpdated((me,))
    yield ch.GamesReplaced(tuple(model.games.values()))
    for challenge in model.challenges.values():
        yield ch.ChallengeOpened(challenge)
    for dispute in model.disputes.values():
        yield ch.DisputeOpened(dispute)
    for game in model.followed.values():
        yield from _game_changes(game)
    for key, buf in model.buffers.items():
        for m in buf.messages:
            yield ch.ChatAdded(key, m.author, m.text, m.kind, False, m.timestamp)


def _game_changes(game: FollowedGame) -> Iterator[ch.Change]:
    n = game.number
    yield ch.GameFollowed(n, game.role, white=game.white, black=game.black, title=game.title)
    source = ch.SetupSource.AGREED  # the model's values, whatever set them
    yield ch.GameSetup(n, source, size=game.size, komi=game.komi, handicap=game.handicap)
    for move in game.moves:
        yield ch.MoveAdded(n, move)
    yield ch.PrisonersCounted(n, game.prisoners[Color.WHITE], game.prisoners[Color.BLACK])
    if game.time_settings is not None:
        yield ch.TimeSystemSet(n, game.time_settings)
    for color, clock in game.clocks.items():
        yield ch.ClockSet(n, color, clock.reading, running=clock.running)
    for line in game.kibitzes:
        yield ch.GameChat(n, line)
    if game.phase is GamePhase.FINISHED:
        yield ch.GameEnded(n, game.result)
    elif game.phase is not GamePhase.PLAYING:
        yield ch.PhaseChanged(n, game.phase)
    if game.dead:
        yield ch.DeadStonesMarked(n, tuple(game.dead))
    if game.score_check is not None:
        yield ch.ScoreChecked(n, game.score_check)


class SharedScene:
    """Tells ``session``'s view what a test applies to ``model`` itself (see the module)."""

    def __init__(self, session: IgsSession, model: ClientModel) -> None:
        self.session = session
        self._own = False
        for change in scene_changes(model):
            session.view.apply(change)
        model.hub.subscribe_all(self._heard)

    def _heard(self, change: ch.Change) -> None:
        if not self._own:
            self.session.view.apply(change)

    @contextmanager
    def session_changes(self) -> Iterator[None]:
        """The changes applied meanwhile are the session's own: its view has them."""
        own, self._own = self._own, True
        try:
            yield
        finally:
            self._own = own


class RecordingSession(IgsSession):
    """Keeps the line of every command queued (connected or not)."""

    def __init__(self, model: ClientModel, profile: ServerProfile | None = None) -> None:
        self.sent: list[str] = []
        super().__init__("me", "", profile=profile, clock=model.clock)

    def send(self, command: Command) -> bool:
        self.sent.append(command.line)
        return super().send(command)


class Fed:
    """A model, the session that feeds it, and the backend over both."""

    def __init__(self, model: ClientModel | None = None, profile: ServerProfile | None = None):
        self.model = model if model is not None else ClientModel()
        self.session = RecordingSession(self.model, profile)
        self.scene = SharedScene(self.session, self.model)
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
        with self.scene.session_changes():
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
