"""Robot players: a pluggable move source and the agent that plays IGS games with it.

A bot is an always-online user whose session throws output away; its :class:`BotAgent`
reacts to hub callbacks by issuing ordinary commands (``match``, ``D4 12``, ``done``,
``undo``), so bots obey exactly the rules and produce exactly the lines human players do.

The move source is any async callable ``(game, color) -> Point | None`` (None = pass). The
default :class:`GreedyMoveSource` captures when it can, avoids filling its own eyes and
self-atari, and passes when nothing sensible is left; the lead can plug in GNU Go through
:mod:`igs_tui.gtp` with the same signature.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Protocol

from igs_tui.go import Color, Game, Point, format_point
from igs_tui.localserver.games import Phase, ServerGame
from igs_tui.localserver.hub import Hub
from igs_tui.localserver.lobby import SeekEntry
from igs_tui.localserver.matching import MatchRequest
from igs_tui.localserver.session import Session
from igs_tui.localserver.timecontrol import TimeControl
from igs_tui.localserver.users import User

Spawn = Callable[[Coroutine[Any, Any, None]], "asyncio.Task[None]"]
BOT_GAME_PLAYERS = ("botalpha", "botbeta")
BOT_GAME_SIZES = (9, 13)
MIN_BOT_SIZE = 5


class MoveSource(Protocol):
    """Chooses the bot's move; must not change ``game`` (copy it to experiment)."""

    def __call__(self, game: Game, color: Color) -> Awaitable[Point | None]: ...


def _neighbours(point: Point, size: int) -> list[Point]:
    col, row = point
    out = []
    for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        c, r = col + dc, row + dr
        if 0 <= c < size and 0 <= r < size:
            out.append(Point(c, r))
    return out


def is_own_eye(game: Game, point: Point, color: Color) -> bool:
    """An empty point whose neighbours are all ``color`` and most diagonals too."""
    size = game.size
    if any(game.get(n) is not color for n in _neighbours(point, size)):
        return False
    col, row = point
    diagonals = [
        Point(col + dc, row + dr)
        for dc in (-1, 1)
        for dr in (-1, 1)
        if 0 <= col + dc < size and 0 <= row + dr < size
    ]
    enemy = sum(1 for d in diagonals if game.get(d) is color.opponent)
    on_edge = len(diagonals) < 4
    return enemy == 0 if on_edge else enemy <= 1


class GreedyMoveSource:
    """Captures first, then a random move that is neither an own eye nor a self-atari."""

    def __init__(self, seed: int = 0, max_tries: int = 80) -> None:
        self.rng = random.Random(seed)
        self.max_tries = max_tries

    async def __call__(self, game: Game, color: Color) -> Point | None:
        return self.choose(game, color)

    def choose(self, game: Game, color: Color) -> Point | None:
        size = game.size
        empties = [
            Point(c, r) for c in range(size) for r in range(size) if game.get(Point(c, r)) is None
        ]
        best: tuple[int, Point] | None = None
        for p in empties:
            check = game.check(p, color)
            if check.legal and check.captures and (best is None or len(check.captures) > best[0]):
                best = (len(check.captures), p)
        if best is not None:
            return best[1]
        self.rng.shuffle(empties)
        trial = game.copy()
        for p in empties[: self.max_tries]:
            if is_own_eye(game, p, color) or not game.check(p, color).legal:
                continue
            trial.play(p, color)
            libs = len(trial.liberties(p))
            trial.undo()
            if libs >= 2:
                return p
        return None


class BotAgent:
    """Plays one bot user's games through the hub."""

    def __init__(
        self,
        hub: Hub,
        user: User,
        session: Session,
        source: MoveSource,
        spawn: Spawn,
        delay: float,
        max_size: int = 19,
    ) -> None:
        self.hub = hub
        self.user = user
        self.session = session
        self.source = source
        self.spawn = spawn
        self.delay = delay
        self.max_size = max_size
        self._pending: set[int] = set()
        self._greeted: set[int] = set()

    def _run(self, command: str) -> None:
        if self.user.session is self.session:
            self.hub.execute(self.session, command)

    # -- callbacks -----------------------------------------------------------------------

    def on_match_request(self, request: MatchRequest) -> None:
        self.spawn(self._answer(request))

    async def _answer(self, request: MatchRequest) -> None:
        await asyncio.sleep(self.delay)
        current = self.hub.requests.get((request.requester.key, self.user.key))
        if current is not request:
            return
        name = request.requester.name
        if not MIN_BOT_SIZE <= request.size <= self.max_size:
            self._run(f"decline {name}")
            return
        mine = request.params(request.target_color)
        self._run(f"nmatch {name} {mine}" if request.nmatch else f"match {name} {mine}")

    def on_seek(self, entry: SeekEntry) -> bool:
        """Seek what a person seeks (a robot that plays the size), so automatch pairs them."""
        if not MIN_BOT_SIZE <= entry.size <= self.max_size:
            return False
        line = f"seek entry {entry.setup} {entry.size} {entry.weaker} {entry.stronger} 0"
        self.spawn(self._later(line))
        return True

    def on_tell(self, sender: User, text: str) -> None:
        """Answer tells, so that a person trying the client offline has someone to chat with."""
        if sender.bot:
            return
        self.spawn(self._later(f"tell {sender.name} {bot_reply(self.user.name, text)}"))

    def on_undo_request(self, game: ServerGame) -> None:
        self.spawn(self._later(f"undo {game.number}"))

    def on_pause_request(self, game: ServerGame) -> None:
        """Bots agree to pause (a person trying the client offline can see it)."""
        self.spawn(self._later(f"pause {game.number}"))

    def on_komi_request(self, game: ServerGame, komi: float) -> None:
        """Bots play with whatever komi their opponent asks for."""
        self.spawn(self._later(f"komi {komi:.1f}"))

    async def _later(self, command: str) -> None:
        await asyncio.sleep(self.delay)
        self._run(command)

    def on_game_update(self, game: ServerGame) -> None:
        if game.number in self._pending or game.phase is Phase.OVER:
            return
        self._pending.add(game.number)
        self.spawn(self._act(game))

    async def _act(self, game: ServerGame) -> None:
        try:
            await asyncio.sleep(self.delay)
            await self._step(game)
        finally:
            self._pending.discard(game.number)

    async def _step(self, game: ServerGame) -> None:
        if self.hub.games.get(game.number) is not game:
            return
        color = game.color_of(self.user)
        if color is None:
            return
        if game.number not in self._greeted and game.opponent(self.user) is not None:
            self._greeted.add(game.number)
            opponent = game.opponent(self.user)
            if opponent is not None and not opponent.bot:
                self._say(
                    game,
                    f"Hello {opponent.name}, I am {self.user.name}, a simple "
                    "local robot. Have a good game!",
                )
        if game.phase is Phase.SCORING:
            if color not in game.done:
                self._run(f"done {game.number}")
            return
        if game.adjourn_requests and color not in game.adjourn_requests:
            self._run(f"adjourn {game.number}")
            return
        if game.phase is not Phase.PLAY or game.to_move is not color:
            return
        last = game.rules.last_move
        if last is not None and last.point is None and len(game.records) > 1:
            self._run(f"pass {game.number}")  # the opponent passed: agree to end play
            return
        point = await self.source(game.rules.copy(), color)
        if self.hub.games.get(game.number) is not game or game.to_move is not color:
            return
        if point is None:
            self._run(f"pass {game.number}")
        else:
            self._run(f"{format_point(point, game.size)} {game.number}")

    def _say(self, game: ServerGame, text: str) -> None:
        several = len(self.hub.games_of(self.user)) > 1
        self._run(f"say {game.number} {text}" if several else f"say {text}")


def bot_reply(bot_name: str, text: str) -> str:
    """What a local robot answers to a tell: a greeting, how to play it, or an echo."""
    words = text.lower().split()
    if any(w.strip("!?.,") in ("hi", "hello", "hey", "hallo") for w in words):
        return f"Hello! I am {bot_name}, a local robot. Type 'match {bot_name}' to play me."
    if any(w.strip("!?.,") in ("play", "game", "match") for w in words):
        return f"Gladly: send 'match {bot_name} B 9 10 5' (or use the match dialog)."
    return f"You said: {text[:200]}"


def make_bot_user(name: str, rank: str) -> User:
    user = User(name=name, rank=rank, info="Local robot", country="Robot", bot=True)
    user.toggles.update(open=True, nmatch=True, newundo=True, quiet=True, client=True)
    return user


def add_bot(hub: Hub, name: str, spawn: Spawn, source: MoveSource, delay: float) -> BotAgent:
    user = make_bot_user(name, hub.config.bot_rank)
    session = Session(hub, lambda _text: None, lambda: None, peer="robot")
    agent = BotAgent(hub, user, session, source, spawn, delay, hub.config.bot_max_size)
    hub.add_bot(user, session, agent)
    return agent


def _greedy(_name: str, seed: int) -> MoveSource:
    return GreedyMoveSource(seed)


def start_bots(hub: Hub, spawn: Spawn) -> list[BotAgent]:
    """Create the configured bots and, if asked, the bot-vs-bot games that fill ``games``."""
    config = hub.config
    factory = config.bot_move_source or _greedy
    agents = [
        add_bot(hub, name, spawn, factory(name, config.bot_seed + i), config.bot_delay)
        for i, name in enumerate(config.bots)
    ]
    if config.bot_games > 0:
        players = [
            add_bot(
                hub,
                name,
                spawn,
                GreedyMoveSource(config.bot_seed + 100 + i),
                config.bot_game_interval,
            )
            for i, name in enumerate(BOT_GAME_PLAYERS)
        ]
        agents.extend(players)
        spawn(
            _bot_games(
                hub, players[0].user, players[1].user, config.bot_games, config.bot_game_interval
            )
        )
    return agents


def play_opening(hub: Hub, game: ServerGame, source: GreedyMoveSource) -> None:
    """Play the configured opening moves at once (``opening_moves``): the game is found under
    way, and the games list shows its real move number from the first listing on."""
    from igs_tui.localserver import gameflow

    for _ in range(hub.config.opening_moves):
        if game.phase is not Phase.PLAY:
            return
        color = game.to_move
        point = source.choose(game.rules.copy(), color)
        if point is None:
            return  # the opening ends before anyone passes
        player = game.black if color is Color.BLACK else game.white
        if gameflow.play(hub, game, player, color, point):
            return


async def _bot_games(hub: Hub, first: User, second: User, count: int, interval: float) -> None:
    """Keep ``count`` bot-vs-bot games running, restarting each one when it ends."""
    from igs_tui.localserver import gameflow

    while True:
        running = [
            g for g in hub.games.values() if {g.white.key, g.black.key} == {first.key, second.key}
        ]
        for i in range(count - len(running)):
            size = BOT_GAME_SIZES[(len(running) + i) % len(BOT_GAME_SIZES)]
            request = MatchRequest(
                first, second, hub.rng.choice((Color.BLACK, Color.WHITE)), size, TimeControl()
            )
            game = gameflow.start_game(hub, request)
            play_opening(hub, game, GreedyMoveSource(hub.config.bot_seed + 200 + i))
        await asyncio.sleep(max(interval, 0.01) * 4)
