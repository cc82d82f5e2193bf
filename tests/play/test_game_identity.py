"""Issue 25, item 1: a game is more than its number, end to end over TCP in both dialects.

IGS-family servers give a game's number to the next game as soon as the game ends or is
adjourned (docs/pitfalls.md, "Real servers": "Game numbers are reused as soon as a game ends or
is adjourned; ``load`` restores an adjourned game under a new number"); the embedded server
does the same (``Hub.next_game_number``: the lowest number not in play). Found on NNGS 1.1.22:
after an adjourn the new game under the number went into the stale tab and the earlier, scored
record on disk was overwritten.

Real clients (the app's model, adapter, backend, autosave and chat log) log in to the embedded
server over TCP on 127.0.0.1, as IGS (``nmatch``) and as NNGS (``--dialect nngs``: classic
``match``, ``load white-black``, a reloaded game's last move only). Each test keeps the bytes
of every record written before the number is reused and checks them again afterwards.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from sgfmill import sgf

from igs_tui.archive.autosave import AutoSaver
from igs_tui.go import Color, Point
from igs_tui.localserver.server import LocalServer, start_embedded
from igs_tui.model import BufferKey, ChatKind, FollowedGame, GamePhase, LinkState, Role
from igs_tui.model.terms import MatchTerms
from igs_tui.ui.chat.chat_log import ChatLogger
from igs_tui.ui.game.game_chat import ChatLog
from igs_tui.ui.game.game_panel import GamesPanel
from igs_tui.ui.game.game_view import GameView
from tests.net.proxy import CuttingProxy
from tests.play.harness import Player, fast_server_config, join
from tests.polling import wait_until
from tests.ui.test_game_support import PanelApp

DIALECTS = ["igs", "nngs"]


@dataclass
class Client:
    """A logged-in client with what the app keeps on disk: autosaved records and chat logs."""

    player: Player
    games: Path
    logs: Path
    saver: AutoSaver
    chat: ChatLogger

    @property
    def name(self) -> str:
        return self.player.name

    def game(self, number: int) -> FollowedGame:
        return self.player.model.followed[number]

    def records(self) -> dict[Path, bytes]:
        return {path: path.read_bytes() for path in sorted(self.games.glob("*.sgf"))}

    def chat_lines(self, number: int) -> list[str]:
        buf = self.player.model.buffers.get(BufferKey(ChatKind.GAME, str(number)))
        return [m.text for m in buf.messages] if buf is not None else []

    def game_logs(self) -> dict[str, str]:
        self.chat.flush()
        return {p.name: p.read_text() for p in sorted(self.logs.glob("game-*.log"))}


@asynccontextmanager
async def embedded(dialect: str) -> AsyncIterator[LocalServer]:
    server = await start_embedded(fast_server_config(dialect=dialect))
    try:
        yield server
    finally:
        await server.stop()


async def client(stack: AsyncExitStack, port: int, name: str, tmp: Path, **opts: object) -> Client:
    """``name`` logged in over TCP to ``port`` (a server's, or a proxy's)."""
    player = await join(port, name, **opts)
    games, logs = tmp / name / "games", tmp / name / "logs"
    saver = AutoSaver(player.model, games)
    chat = ChatLogger(player.model, logs)

    async def leave() -> None:
        chat.close()
        saver.close()
        await player.client.close()
        player.task.cancel()
        await asyncio.gather(player.task, return_exceptions=True)

    stack.push_async_callback(leave)
    return Client(player, games, logs, saver, chat)


async def start(black: Client, white: Client) -> int:
    """``black`` offers ``white`` a 9x9 game (nmatch on IGS, match on NNGS), ``white``
    accepts; both follow the new game. Its number."""
    before = (black.player.game(), white.player.game())
    terms = MatchTerms(white.name, Color.BLACK, size=9, main_seconds=600)
    black.player.backend.challenge(terms)
    await wait_until(lambda: white.player.model.challenge_from(black.name) is not None)
    offer = white.player.model.challenge_from(black.name)
    assert offer is not None
    white.player.backend.accept_challenge(offer.terms)

    def started(c: Client, earlier: FollowedGame | None) -> bool:
        game = c.player.game()
        return game is not None and game is not earlier and game.phase is GamePhase.PLAYING

    await wait_until(lambda: started(black, before[0]) and started(white, before[1]))
    b, w = black.player.game(), white.player.game()
    assert b is not None and w is not None and b.number == w.number
    assert b.role is Role.PLAYING_BLACK and w.role is Role.PLAYING_WHITE
    return b.number


async def play(
    number: int, moves: Sequence[tuple[Client, Point | None]], *watchers: Client
) -> None:
    """Play ``moves`` in turn in game ``number``; each reaches every player and watcher."""
    everyone = list({c.name: c for c, _ in moves}.values()) + list(watchers)
    for mover, point in moves:
        count = mover.game(number).last_number + 1
        mover.player.backend.play(number, point)
        await wait_until(
            lambda: all(c.game(number).last_number >= count for c in everyone)  # noqa: B023
        )


async def adjourn(number: int, asker: Client, other: Client) -> None:
    asker.player.backend.adjourn(number)
    await wait_until(lambda: other.game(number).adjourn_requested_by == asker.name)
    other.player.backend.adjourn(number)
    await wait_until(lambda: asker.game(number).is_adjourned and other.game(number).is_adjourned)


def sgf_moves(data: bytes) -> list[tuple[str | None, tuple[int, int] | None]]:
    """The moves of an SGF record (sgfmill: colour, (row, col) from the bottom)."""
    return [node.get_move() for node in sgf.Sgf_game.from_bytes(data).get_main_sequence()[1:]]


def sgf_root(data: bytes, prop: str) -> str | None:
    root = sgf.Sgf_game.from_bytes(data).get_root()
    return root.get(prop) if root.has_property(prop) else None


def as_sgf(points: list[Point], size: int = 9) -> list[tuple[str | None, tuple[int, int] | None]]:
    colours = ["b", "w"]
    return [(colours[i % 2], (p.row, p.col)) for i, p in enumerate(points)]


FIRST = [Point(2, 2), Point(6, 6), Point(2, 6), Point(6, 2)]
"""The first game's moves (never adjacent: nothing is captured)."""
SECOND = [Point(2, 2), Point(4, 4), Point(6, 4)]
"""A later game between the same players that opens as the first did, then goes its own way."""


async def first_moves_watched(
    stack: AsyncExitStack, port: int, tmp: Path
) -> tuple[Client, Client, Client, int]:
    """alice (black) and bob start a game that carol watches, and play the FIRST moves:
    the three clients and the game's number."""
    alice = await client(stack, port, "alice", tmp)
    bob = await client(stack, port, "bob", tmp)
    carol = await client(stack, port, "carol", tmp)
    number = await start(alice, bob)
    carol.player.backend.observe(number)
    await wait_until(lambda: number in carol.player.model.followed)
    await play(number, [(alice if i % 2 == 0 else bob, p) for i, p in enumerate(FIRST)], carol)
    return alice, bob, carol, number


@pytest.mark.parametrize("dialect", DIALECTS)
async def test_adjourned_then_a_new_game_under_the_number(tmp_path: Path, dialect: str) -> None:
    """alice and bob adjourn game N, which carol watched; they start a new game, which the
    server numbers N again, and carol chooses N from the list again. The adjourned records of
    all three stay byte for byte; the new game is a new entry, chat and file for each."""
    async with embedded(dialect) as server, AsyncExitStack() as stack:
        alice, bob, carol, number = await first_moves_watched(stack, server.port, tmp_path)
        alice.player.backend.say(number, "good luck in the first game")
        await wait_until(lambda: "good luck in the first game" in bob.chat_lines(number))
        await adjourn(number, alice, bob)
        await wait_until(lambda: carol.game(number).is_adjourned)
        old = {c.name: c.game(number) for c in (alice, bob, carol)}
        before = {c.name: c.records() for c in (alice, bob, carol)}
        for c in (alice, bob, carol):
            (data,) = before[c.name].values()
            assert sgf_moves(data) == as_sgf(FIRST), c.name

        again = await start(alice, bob)
        assert again == number  # the server gave the number to the new game
        carol.player.backend.refresh_games()
        await wait_until(lambda: number in carol.player.model.games)
        carol.player.backend.observe(number)  # Enter on the row: an old tab has the number
        await wait_until(lambda: carol.game(number) is not old["carol"])
        moves = [(alice if i % 2 == 0 else bob, p) for i, p in enumerate(SECOND)]
        await play(number, moves, carol)  # carol gets them: she observes the new game

        for c in (alice, bob, carol):
            new = c.game(number)
            assert new is not old[c.name] and new.serial > old[c.name].serial
            assert [m.point for m in new.moves] == SECOND and not new.sync_errors
            assert [m.point for m in old[c.name].moves] == FIRST  # the old game took none
            now = c.records()
            for path, data in before[c.name].items():
                assert now.pop(path) == data, f"{c.name}'s adjourned record was rewritten"
            (fresh,) = now.values()
            assert sgf_moves(fresh) == as_sgf(SECOND)
            assert new.record and Path(new.record) not in before[c.name]
        # the new game's chat starts empty: the first game's lines are in its own log
        assert "good luck in the first game" not in bob.chat_lines(number)
        alice.player.backend.say(number, "and in the second")
        await wait_until(lambda: bob.chat_lines(number) == ["and in the second"])
        logs = bob.game_logs()
        assert len(logs) == 2, logs
        first_log, second_log = sorted(logs.values(), key=lambda t: "second" in t)
        assert "good luck in the first game" in first_log and "second" not in first_log
        assert "and in the second" in second_log and "first game" not in second_log


@pytest.mark.parametrize("dialect", DIALECTS)
async def test_finished_then_a_new_game_under_the_number(tmp_path: Path, dialect: str) -> None:
    """alice resigns game N, which carol watched; bob offers the next game, the server
    numbers it N again. The finished records (result included) stay byte for byte."""
    async with embedded(dialect) as server, AsyncExitStack() as stack:
        alice, bob, carol, number = await first_moves_watched(stack, server.port, tmp_path)
        carol.player.backend.kibitz(number, "black is thick")
        await wait_until(lambda: "black is thick" in carol.chat_lines(number))
        alice.player.backend.resign(number)
        for c in (alice, bob, carol):
            await wait_until(lambda: c.game(number).phase is GamePhase.FINISHED)  # noqa: B023
            await wait_until(lambda: c.game(number).result == "W+R")  # noqa: B023
        old = {c.name: c.game(number) for c in (alice, bob, carol)}
        before = {c.name: c.records() for c in (alice, bob, carol)}
        for c in (alice, bob, carol):
            (data,) = before[c.name].values()
            assert sgf_moves(data) == as_sgf(FIRST) and sgf_root(data, "RE") == "W+R"

        again = await start(bob, alice)  # colours swapped this time
        assert again == number
        carol.player.backend.refresh_games()
        await wait_until(lambda: number in carol.player.model.games)
        carol.player.backend.observe(number)
        await wait_until(lambda: carol.game(number) is not old["carol"])
        await play(number, [(bob if i % 2 == 0 else alice, p) for i, p in enumerate(SECOND)], carol)
        for c in (alice, bob, carol):
            new = c.game(number)
            assert new is not old[c.name] and (new.black, new.white) == ("bob", "alice")
            assert [m.point for m in new.moves] == SECOND and new.result == ""
            assert old[c.name].result == "W+R" and [m.point for m in old[c.name].moves] == FIRST
            now = c.records()
            for path, data in before[c.name].items():
                assert now.pop(path) == data, f"{c.name}'s finished record was rewritten"
            (fresh,) = now.values()
            assert sgf_moves(fresh) == as_sgf(SECOND) and sgf_root(fresh, "RE") is None
        # carol's chat of the new game has none of the old game's kibitzes; each game has
        # its own log
        assert "black is thick" not in carol.chat_lines(number)
        carol.player.backend.kibitz(number, "a new fight")
        await wait_until(lambda: carol.chat_lines(number) == ["a new fight"])
        logs = list(carol.game_logs().values())
        assert len(logs) == 2 and sum("black is thick" in log for log in logs) == 1
        assert not any("black is thick" in log and "a new fight" in log for log in logs)
        # the finished game went to the finished list, its record with it
        (finished,) = [f for f in alice.player.model.finished if f.number == number]
        assert (finished.result, finished.moves) == ("W+R", len(FIRST))
        assert finished.record == str(next(iter(before["alice"])))


@pytest.mark.parametrize("dialect", DIALECTS)
async def test_reconnect_loads_the_game_under_another_number(tmp_path: Path, dialect: str) -> None:
    """alice's link drops in game N: the server adjourns it. Before she is back, carol and
    dave start a game, which takes N. alice's client logs in again and loads her game, which
    comes back under another number: it goes on in alice's and bob's first files, and the
    game that took N goes into neither."""
    async with (
        embedded(dialect) as server,
        CuttingProxy(server.port) as proxy,
        AsyncExitStack() as stack,
    ):
        alice = await client(stack, proxy.port, "alice", tmp_path, reconnect=True)
        bob = await client(stack, server.port, "bob", tmp_path)
        carol = await client(stack, server.port, "carol", tmp_path)
        dave = await client(stack, server.port, "dave", tmp_path)
        number = await start(alice, bob)
        await play(number, [(alice if i % 2 == 0 else bob, p) for i, p in enumerate(FIRST)])
        before = {c.name: c.records() for c in (alice, bob)}
        paths = {name: next(iter(records)) for name, records in before.items()}
        old = {c.name: c.game(number) for c in (alice, bob)}

        proxy.hold()  # alice cannot log in again until the number is taken
        assert proxy.cut() == 1
        await wait_until(lambda: bob.game(number).is_adjourned)
        await wait_until(lambda: alice.player.model.connection.state is not LinkState.CONNECTED)
        taken = await start(carol, dave)
        assert taken == number
        proxy.release()
        await wait_until(lambda: (g := alice.player.game()) is not None and g.number != number)
        again = alice.player.game()
        assert again is not None
        reloaded = again.number
        await wait_until(
            lambda: bob.player.game() is not None and bob.player.game() is not old["bob"]
        )
        for c in (alice, bob):
            await wait_until(lambda: c.game(reloaded).last_number == len(FIRST))  # noqa: B023
        assert old["alice"].is_adjourned  # its entry knows the game went (and where)
        await play(reloaded, [(alice, Point(4, 2)), (bob, Point(4, 6))])
        for c in (alice, bob):
            game = c.game(reloaded)
            assert game is not old[c.name] and [m.point for m in game.moves] == [
                *FIRST,
                Point(4, 2),
                Point(4, 6),
            ]
            assert not game.sync_errors
            records = c.records()
            assert list(records) == [paths[c.name]], "the loaded game went on in its first file"
            assert game.record == str(paths[c.name])
            assert sgf_moves(records[paths[c.name]]) == as_sgf([*FIRST, Point(4, 2), Point(4, 6)])
        # the game that took the number is carol's and dave's only
        assert [m.point for m in carol.game(taken).moves] == []
        assert number not in alice.player.model.followed or alice.game(number) is old["alice"]


@pytest.mark.parametrize("dialect", DIALECTS)
async def test_an_old_tab_restarts_for_the_new_game(tmp_path: Path, dialect: str) -> None:
    """What carol sees: her tab of game N (adjourned) gives way, when she chooses N again
    from the list, to a new view of the new game: its stones only, and a game chat without
    the old game's kibitz (the games panel as on the main screen, over her real client)."""
    async with embedded(dialect) as server, AsyncExitStack() as stack:
        alice = await client(stack, server.port, "alice", tmp_path)
        bob = await client(stack, server.port, "bob", tmp_path)
        carol = await client(stack, server.port, "carol", tmp_path)
        app = PanelApp(carol.player.model, carol.player.backend)
        async with app.run_test(size=(120, 40)):
            panel = app.query_one(GamesPanel)
            number = await start(alice, bob)
            carol.player.backend.observe(number)
            await wait_until(lambda: number in carol.player.model.followed)
            await play(number, [(alice, FIRST[0]), (bob, FIRST[1])], carol)
            carol.player.backend.kibitz(number, "an old kibitz")
            await wait_until(lambda: "an old kibitz" in carol.chat_lines(number))
            await adjourn(number, alice, bob)
            await wait_until(lambda: carol.game(number).is_adjourned)
            await wait_until(lambda: panel.has_view(number))
            old_view = panel.view(number)
            assert old_view.game is carol.game(number)
            await wait_until(lambda: "an old kibitz" in chat_shown(old_view))

            assert await start(alice, bob) == number
            carol.player.backend.refresh_games()
            await wait_until(lambda: number in carol.player.model.games)
            carol.player.backend.observe(number)
            await play(number, [(alice, SECOND[1])], carol)
            new = carol.game(number)
            await wait_until(lambda: panel.has_view(number) and panel.view(number) is not old_view)
            view = panel.view(number)
            carol.player.backend.kibitz(number, "a new kibitz")
            await wait_until(lambda: "a new kibitz" in chat_shown(view))  # the view is drawn
            assert panel.game_numbers == [number] and view.game is new
            assert set(view.game.board.stones()) == {SECOND[1]}
            assert "an old kibitz" not in chat_shown(view)


def chat_shown(view: GameView) -> str:
    """The lines the view's game chat shows ("" while it is not built yet)."""
    logs = view.query(ChatLog)
    if not logs:
        return ""
    return "\n".join("".join(segment.text for segment in strip) for strip in logs.first().lines)


@pytest.mark.parametrize("dialect", DIALECTS)
async def test_a_game_loaded_under_its_old_number_goes_on_in_its_record(
    tmp_path: Path, dialect: str
) -> None:
    """alice and bob adjourn game N and load it again at once: nothing took N meanwhile, so
    the server gives it N again (IGS resends every move; NNGS says ``@ Move 4`` and sends the
    last one). The adjourned entry stays closed; the loaded game is a new entry whose record
    goes on in the first file, and play goes on."""
    async with embedded(dialect) as server, AsyncExitStack() as stack:
        alice = await client(stack, server.port, "alice", tmp_path)
        bob = await client(stack, server.port, "bob", tmp_path)
        number = await start(alice, bob)
        await play(number, [(alice if i % 2 == 0 else bob, p) for i, p in enumerate(FIRST)])
        await adjourn(number, alice, bob)
        old = {c.name: c.game(number) for c in (alice, bob)}
        paths = {c.name: list(c.records()) for c in (alice, bob)}
        alice.player.backend.load("bob")
        for c in (alice, bob):
            await wait_until(
                lambda: (
                    (g := c.player.game()) is not None  # noqa: B023
                    and g is not old[c.name]  # noqa: B023
                    and g.last_number == len(FIRST)
                )
            )
        again = alice.player.game()
        assert again is not None and again.number == number
        await play(number, [(alice, Point(4, 2))], bob)  # (wait for bob to see it too)
        for c in (alice, bob):
            game = c.game(number)
            assert old[c.name].is_adjourned and game is not old[c.name]
            assert [m.point for m in game.moves] == [*FIRST, Point(4, 2)]
            records = c.records()
            assert list(records) == paths[c.name], "the loaded game went on in its first file"
            assert sgf_moves(next(iter(records.values()))) == as_sgf([*FIRST, Point(4, 2)])
