"""The titled "broadcast" game: a professional-style relay replayed from a record.

IGS relays professional games under a shared account (``kansai1`` vs ``kansai1``) with the
clocks shown as ``0 0 -1`` and, after every move, ``9 Game is titled: ...`` naming the real
players. We replay an SGF record move by move on a timer and start again when it ends.
The shipped record (``data/broadcast.sgf``) is a seeded self-play game of our own greedy bot,
checked legal by our rules engine, so there is no question of copying anyone's record.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from sgfmill import sgf

from igs_tui.go import Color, Point
from igs_tui.localserver import gameflow
from igs_tui.localserver.bots import Spawn, make_bot_user
from igs_tui.localserver.games import Phase, ServerGame
from igs_tui.localserver.hub import Hub
from igs_tui.localserver.lines import Line
from igs_tui.localserver.session import Session

RELAY_ACCOUNT = "kansai1"
DEFAULT_TITLE = (
    "The 1st igs-tui Local Cup, Final, Round 1, Kuroda Akira 9-dan(W) vs Shirai Ken 8-dan(B)"
)


@dataclass(frozen=True, slots=True)
class Record:
    size: int
    komi: float
    title: str
    result: str
    moves: tuple[tuple[Color, Point | None], ...]


class RecordError(ValueError):
    """The broadcast record cannot be read."""


def load_record(path: Path | None = None) -> Record:
    """Read a broadcast SGF (the shipped one by default)."""
    try:
        if path is None:
            data = resources.files("igs_tui.localserver").joinpath("data/broadcast.sgf")
            raw = data.read_bytes()
        else:
            raw = Path(path).read_bytes()
        game = sgf.Sgf_game.from_bytes(raw)
    except (OSError, ValueError) as exc:
        raise RecordError(f"{path or 'broadcast.sgf'}: {exc}") from exc
    size = game.get_size()
    root = game.get_root()
    komi = float(root.get("KM")) if root.has_property("KM") else 6.5
    title = root.get("GN") if root.has_property("GN") else DEFAULT_TITLE
    result = root.get("RE") if root.has_property("RE") else ""
    moves: list[tuple[Color, Point | None]] = []
    for node in game.get_main_sequence()[1:]:
        colour, move = node.get_move()
        if colour is None:
            continue
        point = None if move is None else Point(move[1], move[0])
        moves.append((Color.BLACK if colour == "b" else Color.WHITE, point))
    return Record(size, komi, str(title), str(result), tuple(moves))


class BroadcastDriver:
    """Replays a :class:`Record` as a titled game, forever."""

    def __init__(self, hub: Hub, record: Record, interval: float, restart_delay: float) -> None:
        self.hub = hub
        self.record = record
        self.interval = interval
        self.restart_delay = restart_delay
        self.user = make_bot_user(RELAY_ACCOUNT, "NR")
        self.user.info = "Professional game relay"
        self.user.toggles["open"] = False
        session = Session(hub, lambda _text: None, lambda: None, peer="relay")
        hub.add_bot(self.user, session, None)
        self.game: ServerGame | None = None

    def begin(self) -> ServerGame:
        """Put a new relay game on the server (no moves yet)."""
        game = ServerGame(
            number=self.hub.next_game_number(),
            white=self.user,
            black=self.user,
            size=self.record.size,
            komi=self.record.komi,
            title=self.record.title,
        )
        self.hub.games[game.number] = game
        self.game = game
        return game

    def step(self) -> bool:
        """Play the next move; False when the record is finished (the game is then ended)."""
        game = self.game
        if game is None or self.hub.games.get(game.number) is not game:
            return False
        index = len(game.records)
        if index >= len(self.record.moves) or game.phase is not Phase.PLAY:
            self.finish()
            return False
        color, point = self.record.moves[index]
        error = gameflow.play(self.hub, game, self.user, color, point)
        if error:
            self.finish()
            return False
        return True

    def finish(self) -> None:
        game = self.game
        if game is None or self.hub.games.get(game.number) is not game:
            return
        summary = self.record.result or "relay finished"
        lines: list[Line] = [(9, f"Game {game.number} ({game.title}) is over: {summary}")]
        gameflow.end_game(self.hub, game, [], None, summary, observer_lines=lines)

    async def run(self) -> None:
        first = True
        while True:
            self.begin()
            if first:  # found under way, as on a real server (``opening_moves``)
                first = False
                for _ in range(min(self.hub.config.opening_moves, len(self.record.moves) - 1)):
                    if not self.step():
                        break
            while True:
                await asyncio.sleep(self.interval)
                if not self.step():
                    break
            await asyncio.sleep(self.restart_delay)


def start_broadcast(hub: Hub, spawn: Spawn) -> BroadcastDriver:
    record = load_record(hub.config.broadcast_record)
    driver = BroadcastDriver(
        hub, record, hub.config.broadcast_interval, hub.config.broadcast_restart_delay
    )
    spawn(driver.run())
    return driver
