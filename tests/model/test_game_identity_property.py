"""Issue 25, item 1, as a property: however games on reused numbers interleave, no record
ever holds another game's moves.

Hypothesis plays a small IGS server's life from the client's side: our own games (started
from a challenge, as every game a player plays is), games we observe, moves in any of them,
games that end (resigned) or adjourn, and adjourned games of ours loaded again under any free
number (IGS: ``Creating match`` with the whole move list; NNGS: ``{Game N: W vs B @ Move K}``
with the last move only, the rest fetched with ``moves N``). A number is free again as soon as
its game is over or adjourned (docs/pitfalls.md: "Game numbers are reused as soon as a game
ends or is adjourned; load restores an adjourned game under a new number"). The lines go
through the real parser, IGS session and backend into a model with an autosave;
after every step each live game's entry holds exactly its moves, and at the end every record
file holds exactly one game's moves (a loaded game's: all of them, in its first file), a
finished game's file is as it was when it finished, and no file has two games.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sgfmill import sgf

from igs_tui.archive.autosave import AutoSaver
from igs_tui.backends.igs.protocol import commands as cmd
from igs_tui.backends.igs.protocol.commands import Command
from igs_tui.backends.igs.protocol.events import CommandReply, Event
from igs_tui.backends.igs.protocol.parser import IgsParser
from igs_tui.go import Color, Point, format_point
from igs_tui.localserver.lines import format_games_entry
from igs_tui.model import ClientModel, GamePhase, Role
from igs_tui.model.terms import MatchTerms
from tests.igs_feed import Fed

ME = "me"
OPPONENTS = ("ann", "bob")
OTHERS = ("ann", "cat", "dan")
NUMBERS = (1, 2, 3)
POINTS = tuple(Point(c, r) for r in range(0, 9, 2) for c in range(0, 9, 2))
"""Never adjacent: no stone is ever captured, every move is legal in any order."""


@dataclass
class ServerGame:
    """A game as the server knows it; ``chain`` is the same for a game and its reloads."""

    chain: int
    number: int
    white: str
    black: str
    mine: bool
    moves: list[Point] = field(default_factory=list)

    def heading(self) -> str:
        return f"15 Game {self.number} I: {self.white} (0 600 -1) vs {self.black} (0 600 -1)"

    def move_line(self, index: int) -> str:
        colour = "B" if index % 2 == 0 else "W"
        return f"15 {index:3d}({colour}): {format_point(self.moves[index], 19)}"


class Client:
    """One client: parser, session, backend and an autosave writing into a dict."""

    def __init__(self) -> None:
        self.model = ClientModel(clock=lambda: 0.0)
        self.model.set_connection(user=ME)
        self.fed = Fed(self.model)
        self.sent = self.fed.sent
        self.parser = IgsParser()
        self.files: dict[Path, bytes] = {}
        self.saver = AutoSaver(
            self.model, Path("/nonexistent/games"), write=self._write, stamp=lambda: "T"
        )

    def _write(self, data: bytes, path: Path) -> None:
        self.files[path] = data

    def feed(self, *lines: str) -> list[Event]:
        session = self.fed.session
        events: list[Event] = []
        for line in lines:
            session.translator.received_line(line)
            for event in self.parser.feed_line(line):
                self.fed.apply(session.receive_event(event))
                events.append(event)
        self.fed.apply(session.lines_done())
        return events

    def answer(self, command: Command, lines: list[str]) -> None:
        """The server's answer to ``command``: its lines as they come, then the reply the
        session makes of them (what it asked and what it got)."""
        events = self.feed(*lines)
        self.fed.apply(self.fed.session.receive_event(CommandReply(0, command, tuple(events))))


def record_moves(data: bytes) -> list[Point]:
    moves = []
    for node in sgf.Sgf_game.from_bytes(data).get_main_sequence()[1:]:
        _colour, move = node.get_move()
        assert move is not None
        moves.append(Point(move[1], move[0]))
    return moves


class World:
    """The server's games and what the client must show of them."""

    def __init__(self) -> None:
        self.client = Client()
        self.live: dict[int, ServerGame] = {}
        self.adjourned: list[ServerGame] = []
        self.followed: set[int] = set()
        """Chains the client follows (own games, and games it chose to observe)."""
        self.chains = 0
        self.paths: dict[int, set[str]] = {}
        """Every record path the model named for each chain."""
        self.final: dict[str, bytes] = {}
        """Finished games' records as they were when the game finished."""
        self.truth: dict[int, list[Point]] = {}
        self.online = True

    def free(self) -> list[int]:
        return [n for n in NUMBERS if n not in self.live]

    def mine_live(self) -> bool:
        return any(g.mine for g in self.live.values())

    # what happens on the server ------------------------------------------------------------
    def start_mine(self, number: int, opponent: str, black: bool) -> None:
        white, black_name = (opponent, ME) if black else (ME, opponent)
        self.chains += 1
        game = ServerGame(self.chains, number, white, black_name, mine=True)
        self.live[number] = game
        self.followed.add(game.chain)
        colour = Color.BLACK if black else Color.WHITE
        self.client.fed.backend.challenge(MatchTerms(opponent, colour, size=19))
        self.client.feed(f"9 Creating match [{number}] with {opponent}.", game.heading(), "1 5")

    def start_observed(self, number: int, white: str, black: str, announced: bool) -> None:
        """Others start a game; we hear of it unless quiet (or away)."""
        self.chains += 1
        game = ServerGame(self.chains, number, white, black, mine=False)
        self.live[number] = game
        if announced and self.online:
            self.client.feed(f"21 {{Match {number}: {white} [ 1k] vs. {black} [ 2k] }}", "1 5")

    def observe(self, number: int) -> None:
        """We choose game ``number`` from the games list (its row is what we see)."""
        game = self.live[number]
        row = format_games_entry(
            number, game.white, "1k", game.black, "2k", len(game.moves), 19, 0, 6.5, 10, "I", 0
        )
        self.client.feed(f"7 {row}", "1 5")
        sent = len(self.client.sent)
        self.client.fed.backend.observe(number)
        assert f"observe {number}" in self.client.sent[sent:], "observing sent no observe"
        self.followed.add(game.chain)
        self.client.feed(*self.listing(game), "1 5")

    def listing(self, game: ServerGame) -> list[str]:
        """The server's answer to ``observe N``/``moves N``: the heading and every move."""
        return [game.heading()] + [game.move_line(i) for i in range(len(game.moves))]

    # a lost link ------------------------------------------------------------------------------
    def drop(self) -> None:
        """Our link drops: the server adjourns our game; what happens until we are back never
        reaches us."""
        self.online = False
        for number, game in list(self.live.items()):
            if game.mine:
                del self.live[number]
                self.store(game)
            self.followed.discard(game.chain)

    def back(self) -> None:
        """We log in again: the client restores what it watched (``observe N``, ``moves N``
        for each number it holds as a live observed game; the server answers with the game
        now under that number, if any). Our adjourned game is ``load``ed by the load step."""
        self.online = True
        for number, entry in list(self.client.model.followed.items()):
            if entry.closed or entry.role is not Role.OBSERVING:
                continue
            game = self.live.get(number)
            if game is None or game.mine:
                self.client.answer(cmd.moves(number), ["5 There is no such game."])
                continue
            self.followed.add(game.chain)
            self.client.feed(*self.listing(game), "1 5")  # observe N
            self.client.answer(cmd.moves(number), self.listing(game))  # moves N

    def move(self, number: int, point: Point) -> None:
        game = self.live[number]
        game.moves.append(point)
        if game.chain in self.followed and self.online:
            self.client.feed(game.heading(), game.move_line(len(game.moves) - 1), "1 6")

    def resign(self, number: int) -> None:
        game = self.live.pop(number)
        if game.mine:
            self.unstore(game)  # (NNGS: "Removed game file white-black")
        if game.chain in self.followed and self.online:
            loser = "Black" if len(game.moves) % 2 == 0 else "White"
            self.client.feed(
                f"21 {{Game {number}: {game.white} vs {game.black} : {loser} resigns.}}", "1 5"
            )
            entry = self.client.model.followed.get(number)
            assert entry is not None and entry.phase is GamePhase.FINISHED
            if entry.record:
                self.final[entry.record] = self.client.files[Path(entry.record)]
        self.followed.discard(game.chain)

    def adjourn(self, number: int) -> None:
        game = self.live.pop(number)
        if game.chain in self.followed and self.online:
            self.client.feed(
                f"9 {{Game {number}: {game.white} vs {game.black} has adjourned.}}", "1 5"
            )
        if game.mine:
            self.store(game)
        self.followed.discard(game.chain)

    def store(self, game: ServerGame) -> None:
        """The server keeps one adjourned game per ``white-black`` name: the latest."""
        self.unstore(game)
        self.adjourned.append(game)

    def unstore(self, game: ServerGame) -> None:
        pair = (game.white, game.black)
        self.adjourned = [g for g in self.adjourned if (g.white, g.black) != pair]

    def load(self, index: int, number: int, nngs: bool) -> None:
        game = self.adjourned.pop(index)
        game.number = number
        self.live[number] = game
        self.followed.add(game.chain)
        opponent = game.white if game.black == ME else game.black
        if not nngs or not game.moves:
            lines = [f"9 Creating match [{number}] with {opponent}.", game.heading()]
            lines += [game.move_line(i) for i in range(len(game.moves))]
            self.client.feed(*lines, "1 6")
            return
        sent = len(self.client.sent)
        self.client.feed(
            f"21 {{Game {number}: {game.white} vs {game.black} @ Move {len(game.moves)}}}",
            game.heading(),
            game.move_line(len(game.moves) - 1),
            "1 6",
        )
        assert f"moves {number}" in self.client.sent[sent:], "the gap was not filled"
        lines = [game.heading()] + [game.move_line(i) for i in range(len(game.moves))]
        self.client.feed(*lines, "1 6")

    # what the client must show ---------------------------------------------------------------
    def check(self) -> None:
        model = self.client.model
        for number, game in self.live.items():
            if game.chain not in self.followed or not self.online:
                continue
            entry = model.followed.get(number)
            assert entry is not None, f"game {number} is not followed"
            assert (entry.white, entry.black) == (game.white, game.black)
            assert [m.point for m in entry.moves] == game.moves, f"game {number}'s moves"
            self.truth[game.chain] = list(game.moves)
            if entry.record:
                self.paths.setdefault(game.chain, set()).add(entry.record)

    def check_records(self) -> None:
        owners: dict[str, int] = {}
        for chain, paths in self.paths.items():
            assert len(paths) == 1, f"game {chain} was written to {paths}"
            (path,) = paths
            assert owners.setdefault(path, chain) == chain, f"{path} holds two games"
            assert record_moves(self.client.files[Path(path)]) == self.truth[chain]
        for path, data in self.final.items():
            assert self.client.files[Path(path)] == data, f"finished {path} was rewritten"


@st.composite
def steps(draw: st.DrawFn) -> list[tuple[str, tuple[object, ...]]]:
    """A run of server happenings that could take place, as (action, arguments)."""
    free = set(NUMBERS)
    live: dict[int, tuple[bool, int, tuple[str, bool]]] = {}  # number -> (mine, moves, pair)
    watched: set[int] = set()  # numbers whose game we observe (as the server knows)
    adjourned: list[tuple[tuple[str, bool], int]] = []  # ours: (opponent, black), moves
    online = True
    out: list[tuple[str, tuple[object, ...]]] = []
    for _ in range(draw(st.integers(8, 40))):
        mine_live = any(mine for mine, _, _ in live.values())
        choices = ["back"] if not online else ["drop"]
        if free:
            choices += ["start_observed"]
            if online and not mine_live:
                choices += ["start_mine"] + (["load"] if adjourned else [])
        if live:
            choices += ["move", "move", "move", "resign", "adjourn"]
        if online and any(not mine and n not in watched for n, (mine, _, _) in live.items()):
            choices += ["observe"]
        action = draw(st.sampled_from(choices))
        args: tuple[object, ...] = ()
        if action == "drop":
            online = False
            watched.clear()
            for number, (mine, count, pair) in list(live.items()):
                if mine:
                    del live[number]
                    free.add(number)
                    adjourned = [a for a in adjourned if a[0] != pair] + [(pair, count)]
        elif action == "back":
            online = True
            watched |= {n for n, (mine, _, _) in live.items() if not mine}  # what we may re-watch
        elif action in ("start_mine", "start_observed", "load"):
            number = draw(st.sampled_from(sorted(free)))
            free.discard(number)
            if action == "start_mine":
                opponent, black = draw(st.sampled_from(OPPONENTS)), draw(st.booleans())
                args = (number, opponent, black)
                live[number] = (True, 0, (opponent, black))
            elif action == "start_observed":
                white, black_name = draw(st.permutations(OTHERS))[:2]
                args = (number, white, black_name, draw(st.booleans()))
                live[number] = (False, 0, ("", False))
            else:
                index = draw(st.integers(0, len(adjourned) - 1))
                pair, count = adjourned.pop(index)
                args = (index, number, draw(st.booleans()))
                live[number] = (True, count, pair)
        elif action == "observe":
            number = draw(
                st.sampled_from(
                    sorted(n for n, (m, _, _) in live.items() if not m and n not in watched)
                )
            )
            watched.add(number)
            args = (number,)
        else:
            number = draw(st.sampled_from(sorted(live)))
            mine, count, pair = live[number]
            if action == "move":
                if count >= len(POINTS):
                    continue
                args = (number, draw(st.sampled_from(POINTS)))
                live[number] = (mine, count + 1, pair)
            else:
                del live[number]
                watched.discard(number)
                free.add(number)
                if mine:  # one stored game per pair: adjourning replaces it, an end drops it
                    adjourned = [a for a in adjourned if a[0] != pair]
                    if action == "adjourn":
                        adjourned.append((pair, count))
                args = (number,)
        out.append((action, args))
    return out


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(steps())
def test_games_on_reused_numbers_never_share_a_record(
    run: list[tuple[str, tuple[object, ...]]],
) -> None:
    world = World()
    for action, args in run:
        if action == "move":
            number, point = args
            assert isinstance(number, int) and isinstance(point, Point)
            game = world.live[number]
            if point in game.moves:  # a point taken: the next free one
                point = next(p for p in POINTS if p not in game.moves)
            world.move(number, point)
        else:
            getattr(world, action)(*args)
        world.check()
    world.check_records()
