"""One login to an IGS-family server (IGS, NNGS, the embedded server): the client that holds
the link, the task running it, and the backend the app is handed.

:meth:`IgsConnection.open` makes the login's :class:`~igs_tui.backends.igs.session.IgsSession`
over the model, the client that carries its lines and applies the changes it returns (the
link's status among them), and the backend over the same session, and starts the client;
:meth:`IgsConnection.logged_in` waits for the first login. Kept apart from :mod:`.connector`,
which only chooses what to open, so the IGS wiring is one piece (as
:mod:`igs_tui.apps.kgs_connect` is for KGS).
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import replace
from typing import TYPE_CHECKING

from igs_tui.model import LinkState

if TYPE_CHECKING:
    from igs_tui.apps.connector.recording import RecorderFactory
    from igs_tui.backends.igs.backend import IgsBackend
    from igs_tui.backends.igs.net.client import ClientConfig, IgsClient
    from igs_tui.backends.igs.net.client import Connector as OpenTransport
    from igs_tui.backends.igs.net.states import Connected
    from igs_tui.backends.igs.profiles import ProfileStore
    from igs_tui.model import ClientModel

QUIT_WAIT_SECONDS = 1.5
"""How long logging out waits for the server to close the link after ``quit``."""


class IgsConnection:
    """One IGS login: the client, the task running it (run again to reconnect after it gave
    up), and the backend."""

    def __init__(
        self,
        model: ClientModel,
        client: IgsClient,
        backend: IgsBackend,
        first_outcome: asyncio.Future[Connected],
    ) -> None:
        self.model = model
        self.client = client
        self.backend = backend
        self._first_outcome = first_outcome
        self.task: asyncio.Task[None] | None = None
        """The client's :meth:`IgsClient.run` (ends when the client gives up or closes)."""
        self.password = ""
        """The password given (an unknown name logged in as a guest is refused with it)."""

    @classmethod
    def open(
        cls,
        model: ClientModel,
        user: str,
        password: str,
        *,
        config: ClientConfig,
        profiles: ProfileStore,
        fast: bool = False,
        recorder: RecorderFactory,
        open_transport: OpenTransport | None = None,
    ) -> IgsConnection:
        """Start logging in to the first of ``config.servers`` that answers.

        ``fast`` is for the embedded server: no throttle (IGS kicks clients that flood it; our
        own server does not) and its own login form. ``profiles`` holds what each server was
        found to support; ``recorder`` opens each connection's transcript (or gives None).
        """
        from igs_tui.backends.igs.backend import IgsBackend
        from igs_tui.backends.igs.net.client import IgsClient
        from igs_tui.backends.igs.session import IgsSession
        from igs_tui.model import changes as ch

        key = str(config.servers[0])
        session = IgsSession(
            user,
            password,
            profile=profiles.profile(key),
            on_learnt=lambda profile: profiles.save(key, profile),
            fast=fast,
            refresh_moves=config.refresh_moves,
            forfeit_seconds=config.forfeit_seconds,
            clock=model.clock,
            finished_kept=lambda: model.limits.finished_tabs,
        )
        for change in session.take_changes():  # what the known profile tells the model
            model.apply(change)
        client = IgsClient(
            session,
            model.apply,
            config=config,
            connector=open_transport,
            recorder_factory=recorder,
            clock=model.clock,
        )
        # Before the first login, a lost link means the server cannot be reached: the login
        # screen hears it instead of a retry in the background.
        first_outcome = asyncio.ensure_future(client.logged_in())
        backend = IgsBackend(model, session, client.flush)
        connection = cls(model, client, backend, first_outcome)
        connection.password = password
        connection.start()
        status = replace(session.view.connection, state=LinkState.CONNECTING, server=key, detail="")
        for change in session.link_changes([ch.ConnectionChanged(status)]):
            model.apply(change)
        return connection

    def start(self) -> None:
        """Run the client (again, after it gave up: it logs in as before and restores what it
        observed)."""
        self.task = asyncio.create_task(self.client.run())

    async def logged_in(self, seconds: float) -> IgsBackend:
        """Wait for the first login; the backend, asked for the games and players lists.

        Raises:
            ConnectionError: no server answered within ``seconds``, or the login failed.
        """
        from igs_tui.apps.client import unknown_account

        try:
            outcome = await asyncio.wait_for(asyncio.shield(self._first_outcome), seconds)
        except TimeoutError:
            raise ConnectionError(f"no answer from {self.client.config.servers[0]}") from None
        user = self.client.username
        if unknown_account(user, self.password, outcome):
            # IGS logs a name it does not know in as a guest, password or not: a mistyped
            # name would play as guestNNNN without a word. Refused, with the reason.
            raise ConnectionError(
                f'there is no account "{user}" on this server (it would have logged you in '
                f'as the guest "{outcome.name}"): check the name, or leave the password '
                "empty to log in as a guest"
            )
        self.backend.refresh_games()
        self.backend.refresh_players()
        return self.backend

    def reconnect_now(self) -> str:
        """Skip the pause before the next attempt, or start again a client that gave up; what
        to tell the user."""
        if self.client.retry_now():
            return "Reconnecting now…"
        if self.task is not None and self.task.done():
            self.start()
            return "Reconnecting…"
        if self.client.connected:
            return "Already connected."
        return "Already connecting…"

    async def logout(self, wait: float = QUIT_WAIT_SECONDS) -> None:
        """Send ``quit`` so the server ends the session cleanly, wait a little for it to close
        the link, then close the client (no reconnect follows)."""
        task = self.task
        if self.client.connected:
            from igs_tui.backends.igs.protocol import commands as cmd

            self.client.send(cmd.quit())
            if task is not None:
                await asyncio.wait({task}, timeout=wait)
        await self.close()
        if task is not None and not task.done():
            await asyncio.wait({task}, timeout=wait)

    async def close(self) -> None:
        """Close the link; afterwards no event of this login reaches the model."""
        with contextlib.suppress(Exception):
            await self.client.close()
