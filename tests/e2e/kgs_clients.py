"""What the KGS end-to-end tests share: the embedded KGS server, quickened, and clients logged
in to it through the launcher's Connector as the app builds them (``--server kgs:HOST:PORT``
for the JSON form over HTTP, ``--server kgs-binary:HOST:PORT`` for the binary protocol over
TCP), all on 127.0.0.1."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypedDict, Unpack

from igs_tui.apps.connector import Connector
from igs_tui.backends.capabilities import Backend, Matching, Playing, Rooms
from igs_tui.go import Color
from igs_tui.localkgs import KgsServerConfig, LocalKgsServer
from igs_tui.model import BufferKey, ChatKind, ClientModel, FollowedGame, GamePhase, Role
from igs_tui.model.cards import PlayerCard
from igs_tui.model.games import GameSummary
from igs_tui.model.terms import MatchTerms
from igs_tui.ui.session.login_request import LoginRequest
from tests.polling import wait_until

ROBOT_TERMS = MatchTerms("kumobot", color=Color.BLACK, size=9, komi=6.5, kind="free")
"""A free 9x9 game against the server's robot, which takes these terms as they are."""


@asynccontextmanager
async def kgs_server(*, binary: bool = False, **changes: Any) -> AsyncIterator[LocalKgsServer]:
    """The embedded KGS server on free ports, its clocks 40 times faster, nobody sent away
    for idling; ``changes`` to its :class:`KgsServerConfig`; ``binary`` adds the binary
    listener."""
    config = replace(
        KgsServerConfig(),
        gone_seconds=1e9,
        idle_warning_seconds=1e9,
        robot_think_seconds=1.0,
        robot_reply_seconds=0.5,
    )
    server = LocalKgsServer(
        config=replace(config, **changes),
        time_scale=40.0,
        poll_timeout=5.0,
        binary_port=0 if binary else None,
    )
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


@dataclass
class KgsClient:
    """One user's client: the connector (it holds the model) and the backend it logged in."""

    connector: Connector
    backend: Backend

    @property
    def model(self) -> ClientModel:
        return self.connector.model

    @property
    def rooms(self) -> Rooms:
        rooms = self.backend.capabilities.rooms
        assert rooms is not None
        return rooms

    @property
    def matching(self) -> Matching:
        matching = self.backend.capabilities.matching
        assert matching is not None
        return matching

    @property
    def playing(self) -> Playing:
        playing = self.backend.capabilities.playing
        assert playing is not None
        return playing

    async def join_first_room(self) -> None:
        """Join the first room the server lists, once the rooms have come."""
        me = self.model.me
        await wait_until(lambda: self.model.rooms, what=f"{me}: the rooms")
        assert self.model.rooms
        self.rooms.join_room(self.model.rooms[0].number)
        await wait_until(lambda: self.model.room is not None, what=f"{me}: in a room")

    async def join_room_named(self, name: str) -> None:
        """Join the room called ``name`` once the server has named it."""
        model = self.model
        await wait_until(
            lambda: model.rooms and any(r.name == name for r in model.rooms),
            what=f"{model.me}: the room {name}",
        )
        assert model.rooms is not None
        self.rooms.join_room(next(r.number for r in model.rooms if r.name == name))
        await wait_until(lambda: model.room is not None, what=f"{model.me}: in {name}")

    async def watched_game(self) -> GameSummary:
        """The server's game between hikaru and akira, once a joined room lists it."""

        def found() -> GameSummary | None:
            games = self.model.games.values()
            return next((g for g in games if {g.white, g.black} == {"hikaru", "akira"}), None)

        await wait_until(lambda: found() is not None, what="the watched game listed")
        game = found()
        assert game is not None
        return game

    async def tell_and_hear_back(self, name: str, text: str) -> None:
        """Tell ``name`` something and wait for an answer in the conversation."""
        messaging = self.backend.capabilities.messaging
        assert messaging is not None
        messaging.tell(name, text)
        key = BufferKey(ChatKind.TELL, name)
        buffers = self.model.buffers
        await wait_until(
            lambda: key in buffers and any(m.author == name for m in buffers[key].messages),
            what=f"{name}'s answer",
        )

    async def card(self, name: str) -> PlayerCard:
        """``name``'s player card, asked for and come."""
        listing = self.backend.capabilities.listing
        assert listing is not None
        listing.player_stats(name)
        await wait_until(lambda: name in self.model.cards, what=f"{name}'s card")
        return self.model.cards[name]

    async def game_against_the_robot(self, terms: MatchTerms = ROBOT_TERMS) -> FollowedGame:
        """Challenge the robot from the first room: it takes our terms as they are, so they
        are final and the game starts, ours as black."""
        await self.join_first_room()
        assert self.matching.check_terms(terms) is None
        self.matching.challenge(terms)
        await wait_until(lambda: self.model.my_games(), what="our game")
        (game,) = self.model.my_games()
        assert (game.role, game.black, game.white) == (Role.PLAYING_BLACK, self.model.me, "kumobot")
        assert game.phase is GamePhase.PLAYING
        return game

    async def close(self) -> None:
        await self.connector.end_session()
        await self.connector.close()


def kgs_connector(
    *, binary: bool = False, games_dir: Path | None = None, **options: Any
) -> Connector:
    """A Connector as ``--server kgs[-binary]:HOST:PORT`` builds it, writing no transcript
    unless ``options`` say so, and autosaving games only into ``games_dir`` when given."""
    settings: dict[str, Any] = {"record": False, **options}
    return Connector(
        ClientModel(),
        autosave=games_dir is not None,
        games_dir=games_dir,
        kgs=True,
        kgs_binary=binary,
        **settings,
    )


def login_request(
    server: LocalKgsServer, user: str, password: str, *, binary: bool = False, **more: Any
) -> LoginRequest:
    """The login form's request for the server's JSON endpoint, or its binary listener."""
    if binary:
        assert server.binary_port is not None
        return LoginRequest("kgs", "127.0.0.1", server.binary_port, user, password, **more)
    return LoginRequest("custom", "127.0.0.1", server.port, user, password, **more)


class LoginOptions(TypedDict, total=False):
    binary: bool
    """Over the binary protocol (TCP) rather than the JSON form (HTTP)."""
    games_dir: Path | None
    """Autosave games there (none by default)."""


async def log_in(
    server: LocalKgsServer, user: str, password: str, **options: Unpack[LoginOptions]
) -> KgsClient:
    binary = options.get("binary", False)
    connector = kgs_connector(binary=binary, games_dir=options.get("games_dir"))
    backend = await connector(login_request(server, user, password, binary=binary))
    return KgsClient(connector, backend)


@asynccontextmanager
async def logged_in(
    server: LocalKgsServer, user: str, password: str, **options: Unpack[LoginOptions]
) -> AsyncIterator[KgsClient]:
    """A client logged in for the block, logged out and closed after it (whatever happens)."""
    client = await log_in(server, user, password, **options)
    try:
        yield client
    finally:
        await client.close()
