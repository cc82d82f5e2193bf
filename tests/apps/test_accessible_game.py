"""A whole game in the accessible mode, by typed commands alone, against igsbot on the
embedded IGS server (``--accessible --local``) over real TCP, every printed sentence checked.

igs-protocol.md, "Match procedure": "When a ``pass`` is sent three times consecutively (i.e.
one player must send it twice), the game moves to the Life/Death Determination Phase", where
"a coordinate no longer means 'make move at this position' but 'consider the chain that
contains this position to be dead'", and both players type ``done``. igsbot plays a scripted
game here (the server's ``bot_move_source``) and, as every igsbot, passes once we pass.
"""

from __future__ import annotations

import asyncio
import re

from igs_tui.apps.accessible.main import login_request, run_session
from igs_tui.apps.connector import Connector
from igs_tui.go import Color, Game, Point, parse_point
from igs_tui.localserver.bots import GreedyMoveSource, MoveSource
from igs_tui.localserver.config import ServerConfig
from igs_tui.model import ClientModel
from tests.polling import wait_until

# Black (we) walls column E; White (igsbot) walls column F, then drops a stone at B5 that is
# dead inside Black's area. Japanese counting, as the embedded server counts: Black has A-D
# (36 points) less A1, its own stone, = 35, plus 1 prisoner (B5) = 36; White has G-J (27)
# + komi 6.5 = 33.5. Black wins by 2.5.
OURS = [f"e{row}" for row in range(1, 10)] + ["a1"]
THEIRS = [f"F{row}" for row in range(1, 10)] + ["B5"]


class Scripted:
    """igsbot's moves, in order; then it passes."""

    def __init__(self, moves: list[str]) -> None:
        self.moves = [parse_point(m, 9) for m in moves]

    async def __call__(self, game: Game, color: Color) -> Point | None:
        return self.moves.pop(0) if self.moves else None


def move_source(name: str, seed: int) -> MoveSource:
    return Scripted(THEIRS) if name == "igsbot" else GreedyMoveSource(seed)


class Session:
    """The accessible mode in this process: lines typed in, sentences collected."""

    def __init__(self) -> None:
        config = ServerConfig(
            broadcast=False,
            bot_games=1,
            bot_game_interval=0.3,
            bot_delay=0.02,
            bot_messages=False,
            bot_move_source=move_source,
            opening_moves=6,
        )
        self.connector = Connector(
            ClientModel(), embedded=True, record=False, autosave=False, server_config=config
        )
        self.lines = asyncio.StreamReader()
        self.said: list[str] = []
        request = login_request(local=True, server=None, user=None, password="")
        self.task = asyncio.create_task(
            run_session(self.connector, request, self.lines, self.said.append)
        )

    async def until(self, pattern: str, start: int = 0, what: str = "") -> str:
        """The first sentence from ``start`` on that matches ``pattern`` (a whole sentence)."""

        def found() -> str | None:
            return next((s for s in self.said[start:] if re.fullmatch(pattern, s)), None)

        await wait_until(lambda: found() is not None, what=what or repr(pattern))
        sentence = found()
        assert sentence is not None
        return sentence

    async def type(self, line: str, answer: str) -> str:
        """Type ``line``; wait for the sentence that answers it."""
        start = len(self.said)
        self.lines.feed_data(f"{line}\n".encode())
        return await self.until(answer, start, what=f"the answer to {line!r}")


async def test_a_whole_game_against_igsbot_by_typed_commands() -> None:
    s = Session()
    try:
        await s.until(r"Type help for the commands, quit to leave\.")
        # the list is asked for and read as it comes: the bot game is under way
        row = await s.type("games", r"Game 1: .*")
        assert int(re.findall(r", move (\d+), ", row)[0]) >= 6, row
        await s.type("observe 1", r"Observing game 1: .*")
        await s.type("match igsbot 9 10", r"Your game \d+ against igsbot.*")
        number = int(re.findall(r"Your game (\d+)", "\n".join(s.said))[0])
        game = f"Game {number}"
        await s.until(rf"{game}, igsbot says: Hello .*")
        for ours, theirs in zip(OURS, THEIRS, strict=True):
            await s.type(ours, rf"{game}: White plays {theirs}\.")
        await s.type("e1", r"E1 is not allowed: occupied\.")
        await s.type("pass", rf"{game}: White passes; 1 more pass ends play\.")
        await s.type("dead b5", rf"{game} is still in play: .*")
        await s.type("done", rf"{game} is still in play: .*")
        await s.type("pass", rf"{game}: play is over; counting\. .*")
        await s.until(rf"{game}: igsbot is done removing dead stones.*")
        await s.type("score", rf"{game}, the count so far: .*")
        await s.type("dead b5", rf"{game}: B5 marked dead \(1 stone\)\.")
        await s.type("score", rf"{game}, the count so far: .*")
        await s.type("dead c3", r"C3 is empty: .*")
        await s.type("quit", r"You are playing game .*")
        await s.type("done", rf"{game}, the count: .*")
        await s.type("quit", r"Goodbye\.")
        assert await asyncio.wait_for(s.task, 20) == 0
    finally:
        if not s.task.done():
            s.lines.feed_eof()
            await asyncio.wait_for(s.task, 20)

    said = s.said
    ours = f"Your game {number} against igsbot"
    start = next(i for i, line in enumerate(said) if line.startswith(ours))
    # The observed game: announced once; its moves read only until our game began, then one
    # sentence says why they stop (and how to hear one).
    listed = [line for line in said if line.endswith(" watching.")]
    assert listed == [said[3]]  # the games list: game 1 only
    observed = [line for line in said if line.startswith(("Game 1:", "Game 1 ", "Observing"))]
    observed = [line for line in observed if line not in listed]
    assert re.fullmatch(
        r"Observing game 1: bot(alpha|beta) 20k \(White\) against bot(alpha|beta) 20k "
        r"\(Black\), 9 by 9, komi 6\.5\.",
        observed[0],
    )
    end = said.index(f"{game} is over: Black wins by 2.5 points.")
    late = [line for line in said[start:end] if line.startswith("Game 1:")]
    assert late == [], late  # (once our game is over, the observed game is read again)
    muted = "Moves of observed games are not read while you play; type last 1 to hear game 1."
    assert said.count(muted) == 1
    mine = [
        line
        for line in said
        if line not in observed + listed and line != muted and not line.startswith("Game 1")
    ]
    moves = []
    for ours_, theirs in zip(OURS, THEIRS, strict=True):
        moves += [f"{game}: Black plays {ours_.upper()}.", f"{game}: White plays {theirs}."]
    assert mine[0] == "Connecting…"
    assert re.fullmatch(r"Connected to 127\.0\.0\.1:\d+ as guest\d+\.", mine[1])
    assert mine[2:] == [
        "Type help for the commands, quit to leave.",
        "Challenge sent to igsbot.",
        # one announcement, once the board is known (IGS names the game before its size)
        f"Your game {number} against igsbot: you play Black, 9 by 9, komi 6.5.",
        f"{game}, igsbot says: Hello {s.connector.model.me}, I am igsbot, a simple local "
        "robot. Have a good game!",
        *moves,
        "E1 is not allowed: occupied.",
        f"{game}: Black passes; 2 more passes end play.",
        f"{game}: White passes; 1 more pass ends play.",
        # this server ends play after three passes: marks and done wait for the third
        f"{game} is still in play: dead stones are marked once play ends, after 3 passes "
        "in a row (2 so far). Type pass to pass.",
        f"{game} is still in play: dead stones are marked once play ends, after 3 passes "
        "in a row (2 so far). Type pass to pass.",
        # counting is said after the pass that ends play (IGS announces it before)
        f"{game}: Black passes.",
        f"{game}: play is over; counting. Mark each dead stone with 'dead Q16', hear the "
        "count with 'score', then type 'done'.",
        # the server's "done" named as typed here, never a screen key
        f"{game}: igsbot is done removing dead stones; the game ends once you are done too.",
        # B5 still counts as alive: the area around it is nobody's
        f"{game}, the count so far: Black 0 (0 territory, 0 prisoners), White 33.5 "
        "(27 territory, 0 prisoners, komi 6.5); White leads by 33.5.",
        f"{game}: B5 marked dead (1 stone).",
        f"{game}, the count so far: Black 36 (35 territory, 1 prisoner), White 33.5 "
        "(27 territory, 0 prisoners, komi 6.5); Black leads by 2.5.",
        "C3 is empty: name a stone of the dead group.",
        f"You are playing game {number}: if you leave, its clock runs on. Type quit again "
        "to leave.",
        f"{game} is over: Black wins by 2.5 points.",
        f"{game}, the count: Black 36, White 33.5 (komi included).",
        "Goodbye.",
    ]
