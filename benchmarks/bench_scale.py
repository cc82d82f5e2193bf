"""Long sessions and huge listings (issue #12): memory stays bounded, the app stays responsive.

Every figure is taken from the real client: ``IgsApp`` with the launcher's ``Connector``
(``IgsClient`` over TCP, the IGS session and model adapter, the shared model, autosave, chat
logs and session transcripts on), headless at 160×48, logged in to the embedded local server.
The server runs in a child process (its work is not counted) and is scripted from here: it
plays and ends games, writes chat, answers ``user``/``who`` with huge listings and floods the
link, with lines built by :mod:`igs_tui.localserver.lines`. Each situation runs in a client
process of its own, so one's memory does not blur another's.

Figures (the last line of output is JSON with these keys):

* ``finished_games_rss_growth_mb`` (goal ≤ 30): RSS growth of the client while it observes
  **300 games** one after another, each ending (resigned) after its moves arrived. Printed
  with it: the seconds per game of the first and last 10 games, and the game views alive.
* ``chat_30k_rss_growth_mb`` (goal ≤ 15): RSS growth after **30 000 chat lines** (shouts,
  tells, channel lines; each also a console line), the chat and console panes never shown.
* ``chat_120k_rss_growth_mb`` (goal ≤ 15): the same with **120 000 lines** (issue 26
  measured 39 MB): every list the model and the panes keep is bounded.
* ``quit_cpu_ms`` (goal ≤ 300): after tells from **5,000 distinct names** (a spam run), the
  CPU time from ctrl+q until the app has stopped (issue 26 measured 18.8 s of wall time).
  Printed with it: ``quit_wall_ms``, the buffers kept, the RSS growth.
* ``soak_rss_growth_last_half_mb`` (goal ≤ 3): **10 minutes** of a busy session (chat in
  every kind of buffer, a new observed game every 5 s that plays and ends, the player and
  game lists every 10 s); RSS growth over the second half (``--soak-seconds`` shortens it;
  ``--quick`` makes it 60 s).
* ``users_100k_rss_growth_mb`` (goal ≤ 100) and ``users_100k_max_key_latency_ms`` (goal ≤ 100):
  a ``user`` reply of **100 000 rows** and a ``who`` reply of **50 000** players with the user
  list on screen; a key (down/up on the list) is sent every 50 ms while they load, and its
  latency is the time from the key event leaving the terminal driver to the list's action
  running. Printed with it: ``users_100k_quit_s``, the time ctrl+q takes to end the app in
  the middle of another such load (goal: under 3 s).
* ``flood_mb_per_s`` (goal ≥ 2): a server writing tells, shouts and the moves of 3 observed
  games (beside a list of 300 games) as fast as the client takes them, up to **10 MB/s for
  10 s**; bytes written divided
  by the time until the client has applied the last line. Printed with it: the RSS before,
  at the end and after the flood (goal: back within 20 MB of the start), and the same flood
  read by a bare ``IgsClient`` (socket and protocol only, no model or UI) as a baseline.
* ``userlist_10000_ms`` (goal ≤ 150): from asking for ``user`` (10 000 players) with the user
  list on screen until the first frame written that shows the filled list (median of 5).
* ``startup_ratio_vs_bare`` (goal ≤ 1.5): wall time from starting ``igs-tui --local`` in a
  fresh interpreter until its first screen is ready (headless), divided by the same for a
  bare Textual app (median of 5 each, alternating; both with their byte code written by a
  first start, as an installed program has it).

Run: ``PYTHONPATH=. python benchmarks/bench_scale.py [--quick] [--only NAME ...]``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

ROOT = Path(__file__).resolve().parent.parent
SIZE = (160, 48)
SCENARIOS = ("finished", "chat", "chat120k", "tellers", "soak", "users", "flood", "userlist")
FLOOD_GAMES = 3
LIST_GAMES = 300
"""Games in the list beside the board during the flood, as on a busy evening on IGS."""
FLOOD_MOVES = 250
MARKER = "zzmarker"


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def settled_rss() -> float:
    gc.collect()
    return rss_mb()


# -- the scripted server (child process) ----------------------------------------------------


def legal_moves(count: int, seed: int) -> list[tuple[Any, Any]]:
    """``count`` legal (colour, point) moves of a 19×19 game (pass when stuck)."""
    from igs_tui.go import Color, Game
    from igs_tui.localserver.bots import GreedyMoveSource

    game = Game(19)
    source = GreedyMoveSource(seed)
    color = Color.BLACK
    moves = []
    for _ in range(count):
        point = source.choose(game, color)
        if point is None:
            game.pass_move(color)
        else:
            game.play(point, color)
        moves.append((color, point))
        color = color.opponent
    return moves


class Script:
    """The local server plus the scripted parts; commands arrive on stdin, one a line."""

    def __init__(self) -> None:
        from igs_tui.localserver.config import ServerConfig

        self.config = ServerConfig(bots=(), bot_games=0, broadcast=False, greeting_seconds=None)
        self.server: Any = None
        self.number = 100
        self.pairs: list[Any] = []
        self.moves = legal_moves(60, 11)
        self.flood_moves = legal_moves(FLOOD_MOVES, 12)
        self.big_user: list[str] = []
        self.big_who: list[str] = []

    @property
    def hub(self) -> Any:
        return self.server.hub

    def client_user(self) -> Any:
        return next(u for u in self.hub.online if not u.bot)

    def writer(self) -> Any:
        return next(iter(self.server._writers))

    def new_game(self, moves: int) -> int:
        from igs_tui.localserver import gameflow
        from igs_tui.localserver.bots import make_bot_user
        from igs_tui.localserver.games import ServerGame
        from igs_tui.localserver.session import Session

        hub = self.hub
        self.number += 1
        pair = []
        for side in ("w", "b"):
            user = make_bot_user(f"p{self.number}{side}", "5k")
            hub.add_bot(user, Session(hub, lambda _t: None, lambda: None, peer="bench"), None)
            pair.append(user)
        # Numbers are never reused here: each game gets a tab of its own in the client.
        game = ServerGame(self.number, pair[0], pair[1], size=19)
        hub.games[game.number] = game
        for color, point in self.moves[:moves]:
            gameflow.play(hub, game, game.player(color), color, point)
        return game.number

    def resign(self, number: int) -> None:
        from igs_tui.go import Color
        from igs_tui.localserver import gameflow

        game = self.hub.games[number]
        gameflow.resign(self.hub, game, game.white, Color.WHITE)
        for user in (game.white, game.black):  # the players leave (as bots, silently)
            if user in self.hub.online:
                self.hub.online.remove(user)

    def chat(self, count: int) -> None:
        from igs_tui.localserver import lines

        session = self.client_user().session
        for i in range(count):
            kind = i % 4
            if kind == 0:
                line = lines.tell(f"friend{i % 5}", f"message {i}: how is the game going?")
            elif kind == 1:
                line = (32, f"{1 + i % 3}:yeller{i % 7}: channel chat {i} about joseki")
            else:
                line = lines.shout(f"shouter{i % 50}", f"shout number {i} anyone for a game?")
            session.send([line])
        session.send([lines.tell(MARKER, "done")])

    def tellers(self, count: int) -> None:
        """A tell from each of ``count`` names (a spam run: 5,000 names, one tell each)."""
        from igs_tui.localserver import lines

        session = self.client_user().session
        for i in range(count):
            session.send([lines.tell(f"t{i:05d}", f"buy cheap gold number {i}")])
        session.send([lines.tell(MARKER, "done")])

    def install_listings(self, users: int, who: int) -> None:
        from igs_tui.localserver import lines
        from igs_tui.localserver.registry import COMMANDS

        self.big_user = [f"42 {lines.USER_HEADER}\r\n"]
        for i in range(users):
            text = lines.format_user_entry(
                f"u{i:06d}",
                "<None>",
                "Japan",
                f"{1 + i % 30}k",
                i % 500,
                i % 300,
                None,
                None,
                i % 3000,
                "QX" if i % 3 else "--",
            )
            self.big_user.append(f"42 {text}\r\n")
        self.big_user.append(f"9 {lines.format_players_footer(users, 0)}\r\n1 5\r\n")
        halves = [
            lines.format_who_half(" X", None, None, f"u{i:06d}", i % 3000, f"{1 + i % 30}k")
            for i in range(who)
        ]
        self.big_who = [f"27 {lines.WHO_HEADER}\r\n"]
        for i in range(0, len(halves), 2):
            self.big_who.append(f"27 {' | '.join(halves[i : i + 2])}\r\n")
        self.big_who.append(f"9 {lines.format_players_footer(who, 0)}\r\n1 5\r\n")
        self.big_who.append(f"24 *{MARKER}*: listed\r\n1 5\r\n")

        def user(hub: Any, session: Any, _user: Any, args: str) -> None:
            session.write_raw("".join(self.big_user))

        def who_(hub: Any, session: Any, _user: Any, args: str) -> None:
            session.write_raw("".join(self.big_who))

        COMMANDS["user"] = user
        COMMANDS["who"] = who_

    async def flood(self, seconds: float, rate: float, numbers: list[int]) -> int:
        """Write tells, shouts and moves at up to ``rate`` MB/s for ``seconds``, as fast as
        the client reads them; return the bytes written."""
        from igs_tui.go import format_point
        from igs_tui.localserver import lines

        games = [self.hub.games[n] for n in numbers]
        blocks: list[str] = []
        for i in range(600):
            blocks.append(f"24 *friend{i % 5}*: flood tell {i} with some words in it\r\n1 8\r\n")
            blocks.append(f"21 !shouter{i % 40}!: flood shout {i} looking for a game\r\n1 8\r\n")
            game = games[i % len(games)]
            n = (i // len(games)) % FLOOD_MOVES
            color, point = self.flood_moves[n]
            heading = lines.format_heading(
                game.number, game.white.name, (0, 600, -1), game.black.name, (0, 600, -1)
            )
            move = lines.format_move_line(n, color, format_point(point, 19) if point else "Pass")
            blocks.append(f"15 {heading}\r\n15 {move}\r\n1 8\r\n")
        chunk = "".join(blocks).encode()
        writer = self.writer()
        sent = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            ahead = sent - elapsed * rate * 1e6
            if ahead > 0:
                await asyncio.sleep(ahead / (rate * 1e6))
            writer.write(chunk)
            sent += len(chunk)
            await writer.drain()
        writer.write(f"24 *{MARKER}*: flood over\r\n1 8\r\n".encode())
        await writer.drain()
        return sent

    async def run(self) -> None:
        from igs_tui.localserver.server import start_embedded

        self.server = await start_embedded(self.config)
        print(f"port {self.server.port}", flush=True)
        loop = asyncio.get_running_loop()
        while True:
            line = await loop.run_in_executor(None, sys.stdin.readline)
            words = line.split()
            if not words or words[0] == "quit":
                break
            verb, args = words[0], [int(w) for w in words[1:]]
            if verb == "game":
                print(self.new_game(args[0]), flush=True)
            elif verb == "games":  # games N MOVES: N games at once (the list beside the board)
                print(" ".join(str(self.new_game(args[1])) for _ in range(args[0])), flush=True)
            elif verb == "resign":
                self.resign(args[0])
                print("ok", flush=True)
            elif verb == "chat":
                self.chat(args[0])
                print("ok", flush=True)
            elif verb == "tellers":
                self.tellers(args[0])
                print("ok", flush=True)
            elif verb == "listings":
                self.install_listings(args[0], args[1])
                print("ok", flush=True)
            elif verb == "flood":
                sent = await self.flood(args[0], args[1], args[2:])
                print(f"sent {sent}", flush=True)
        await self.server.stop()


class ServerProcess:
    """The scripted server, driven line by line from the client's event loop."""

    def __init__(self) -> None:
        self.child = subprocess.Popen(
            [sys.executable, __file__, "--serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        assert self.child.stdout is not None
        self.port = int(self.child.stdout.readline().split()[1])

    async def ask(self, line: str) -> str:
        """Send a command; return the child's answer line."""
        assert self.child.stdin is not None and self.child.stdout is not None
        self.child.stdin.write(line + "\n")
        self.child.stdin.flush()
        loop = asyncio.get_running_loop()
        return (await loop.run_in_executor(None, self.child.stdout.readline)).strip()

    def stop(self) -> None:
        if self.child.poll() is None and self.child.stdin is not None:
            try:
                self.child.stdin.write("quit\n")
                self.child.stdin.flush()
                self.child.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                self.child.kill()
        self.child.wait(timeout=10)


# -- the client (one process per situation) -------------------------------------------------


async def wait_for(condition: Callable[[], object], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("condition not met")
        await asyncio.sleep(0.005)


class Session:
    """The real app logged in to the scripted server, headless."""

    def __init__(self, tmp: Path) -> None:
        from igs_tui.apps.client import tune_gc
        from igs_tui.apps.connector import Connector
        from igs_tui.model import ClientModel
        from igs_tui.ui.app import IgsApp

        self.server = ServerProcess()
        self.model = ClientModel()
        self.connector = Connector(
            self.model, record=True, record_dir=tmp / "sessions", games_dir=tmp / "games"
        )
        self.app = IgsApp(
            self.model,
            connect=self.connector,
            config_dir=tmp / "config",
            chat_log_dir=tmp / "logs",
        )
        tune_gc()  # as the launcher does before running the app
        self.quit_started: tuple[float, float] | None = None
        """Wall and CPU clocks when ctrl+q was pressed (the ``tellers`` situation)."""

    async def login(self, pilot: Any) -> None:
        from igs_tui.ui.session.login_request import LoginRequest

        app = self.app
        await pilot.pause()
        app._logged_in(LoginRequest("local", "127.0.0.1", self.server.port, "guest", guest=True))
        await wait_for(lambda: app.main_screen is not None and app.screen is app.main_screen)
        await wait_for(lambda: self.model.me and self.model.connection.state == "connected")
        main = app.main_screen
        assert main is not None
        await wait_for(lambda: len(main._built) == 5)
        await pilot.pause()

    def marker_seen(self) -> bool:
        from igs_tui.model import BufferKey, ChatKind

        buf = self.model.buffers.get(BufferKey(ChatKind.TELL, MARKER))
        return buf is not None and bool(buf.messages)

    def forget_marker(self) -> None:
        from igs_tui.model import BufferKey, ChatKind

        buf = self.model.buffers.get(BufferKey(ChatKind.TELL, MARKER))
        if buf is not None:
            buf.messages.clear()

    async def close(self) -> None:
        await self.connector.close()
        self.server.stop()


def live_game_views(app: Any) -> int:
    from igs_tui.ui.game.game_view import GameView

    main = app.main_screen
    return 0 if main is None else len(main.query(GameView))


async def scenario_finished(session: Session, pilot: Any, games: int) -> dict[str, Any]:
    from igs_tui.model import GamePhase

    model, app = session.model, session.app
    # Warm up: one game observed and finished before the baseline is read.
    times: list[float] = []
    before = 0.0
    for i in range(games + 1):
        start = time.perf_counter()
        number = int(await session.server.ask("game 40"))
        app.backend.observe(number)
        await wait_for(lambda n=number: n in model.followed and model.followed[n].last_number >= 40)
        await session.server.ask(f"resign {number}")
        await wait_for(
            lambda n=number: (
                n not in model.followed or model.followed[n].phase is GamePhase.FINISHED
            )
        )
        await pilot.pause()
        if i == 0:
            before = settled_rss()
        else:
            times.append(time.perf_counter() - start)
        if i % 50 == 0:
            print(f"  game {i}: RSS {rss_mb():.0f} MB, views {live_game_views(app)}", flush=True)
    await pilot.pause()
    after = settled_rss()
    return {
        "finished_games_rss_growth_mb": round(after - before, 1),
        "finished_first10_s": round(statistics.mean(times[:10]), 3),
        "finished_last10_s": round(statistics.mean(times[-10:]), 3),
        "finished_views": live_game_views(app),
        "finished_followed": len(model.followed),
        "finished_rss_mb": round(after, 1),
    }


async def scenario_chat(
    session: Session, pilot: Any, lines: int, name: str = "chat_30k"
) -> dict[str, Any]:
    await session.server.ask("chat 200")  # warm up every kind of line once
    await wait_for(session.marker_seen)
    session.forget_marker()
    await pilot.pause()
    before = settled_rss()
    start = time.perf_counter()
    await session.server.ask(f"chat {lines}")
    await wait_for(session.marker_seen, timeout=600)
    seconds = time.perf_counter() - start
    await pilot.pause()
    after = settled_rss()
    return {
        f"{name}_rss_growth_mb": round(after - before, 1),
        f"{name}_s": round(seconds, 2),
        f"{name}_rss_mb": round(after, 1),
    }


def press_quit(session: Session) -> None:
    """ctrl+q through the terminal driver; the clocks start (read by :func:`run_client` once
    the app has stopped and the session closed: all the work of quitting)."""
    from textual import events

    session.quit_started = (time.perf_counter(), time.process_time())
    event = events.Key("ctrl+q", None)
    event.set_sender(session.app)
    session.app._driver.send_message(event)


async def scenario_tellers(session: Session, pilot: Any, tellers: int) -> dict[str, Any]:
    """Tells from ``tellers`` distinct names with the chat pane on screen (issue 26: 5,000 of
    them made ctrl+q take 18.8 s), then ctrl+q: the time the app takes to quit."""
    model, app = session.model, session.app
    app.show_pane("chat")
    await pilot.pause()
    before = settled_rss()
    start = time.perf_counter()
    await session.server.ask(f"tellers {tellers}")
    await wait_for(session.marker_seen, timeout=600)
    seconds = time.perf_counter() - start
    await pilot.pause()
    await asyncio.sleep(1)  # the screen catches up
    await pilot.pause()
    after = settled_rss()
    figures = {
        "tellers_s": round(seconds, 2),
        "tellers_rss_growth_mb": round(after - before, 1),
        "tellers_buffers": len(model.buffers),
    }
    press_quit(session)
    await wait_for(lambda: not app.is_running, timeout=120)
    return figures


async def scenario_soak(session: Session, pilot: Any, seconds: float) -> dict[str, Any]:
    """``seconds`` of an ordinary busy session: chat in every kind of buffer (a few hundred
    lines a second), a new observed game every 5 s whose moves arrive and which then ends,
    and the player and game lists asked for every 10 s. RSS is read (after a collection)
    at the half and at the end: the growth over the second half is what a session left
    open all day would keep adding."""
    from igs_tui.model import GamePhase

    model, app = session.model, session.app
    start = time.monotonic()
    half_rss: float | None = None
    samples: list[tuple[int, float]] = []
    previous: int | None = None
    tick = 0
    while (elapsed := time.monotonic() - start) < seconds:
        tick += 1
        await session.server.ask("chat 300")
        await wait_for(session.marker_seen, timeout=120)
        session.forget_marker()
        if tick % 5 == 0:
            number = int(await session.server.ask("game 40"))
            app.backend.observe(number)
            await wait_for(lambda n=number: n in model.followed, timeout=120)
            if previous is not None:
                await session.server.ask(f"resign {previous}")
                await wait_for(
                    lambda n=previous: (
                        n not in model.followed or model.followed[n].phase is GamePhase.FINISHED
                    ),
                    timeout=120,
                )
            previous = number
        if tick % 10 == 0:
            app.backend.refresh_players()
            app.backend.capabilities.listing.refresh_games()
        await pilot.pause()
        if half_rss is None and elapsed >= seconds / 2:
            half_rss = settled_rss()
        if tick % 30 == 0:
            samples.append((round(elapsed), round(rss_mb(), 1)))
            print(f"  soak {elapsed:.0f}s: RSS {samples[-1][1]} MB", flush=True)
        await asyncio.sleep(max(0.0, tick - (time.monotonic() - start)))  # ~1 step a second
    await pilot.pause()
    end_rss = settled_rss()
    return {
        "soak_rss_growth_last_half_mb": round(end_rss - (half_rss or end_rss), 1),
        "soak_s": round(time.monotonic() - start),
        "soak_rss_end_mb": round(end_rss, 1),
        "soak_buffers": len(model.buffers),
        "soak_followed": len(model.followed),
    }


class KeyProbe:
    """Sends a key every ``interval`` seconds through the terminal driver and times how long
    each takes to reach the user list's action."""

    def __init__(self, app: Any, table: Any, interval: float = 0.05) -> None:
        self.app = app
        self.table = table
        self.interval = interval
        self.sent: list[float] = []
        self.latencies: list[float] = []
        original = table.action_move

        def action_move(step: int) -> None:
            if self.sent:
                self.latencies.append(time.perf_counter() - self.sent.pop(0))
            original(step)

        table.action_move = action_move
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        from textual import events

        step = 0
        while True:
            key = "down" if step % 2 == 0 else "up"
            step += 1
            self.sent.append(time.perf_counter())
            event = events.Key(key, None)
            event.set_sender(self.app)
            self.app._driver.send_message(event)
            await asyncio.sleep(self.interval)

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> float:
        """Stop sending; wait for the keys on their way; the worst latency in ms."""
        if self._task is not None:
            self._task.cancel()
        await wait_for(lambda: not self.sent, timeout=30)
        return max(self.latencies) * 1000 if self.latencies else 0.0


async def scenario_users(session: Session, pilot: Any, users: int, who: int) -> dict[str, Any]:
    from igs_tui.ui.lists.players_list import PlayersList

    model, app = session.model, session.app
    await session.server.ask(f"listings {users} {who}")
    app.show_pane("players")
    await pilot.pause()
    players = app.screen.query_one(PlayersList)
    table = players.table
    table.focus()
    await pilot.pause()
    before = settled_rss()
    probe = KeyProbe(app, table)
    probe.start()
    start = time.perf_counter()
    app.backend.refresh_players()
    console = app.backend.capabilities.console
    assert console is not None
    console.send_raw("who")
    await wait_for(session.marker_seen, timeout=600)
    await wait_for(lambda: table.row_count >= users, timeout=600)
    await pilot.pause()
    seconds = time.perf_counter() - start
    worst = await probe.stop()
    after = settled_rss()
    figures: dict[str, Any] = {
        "users_100k_rss_growth_mb": round(after - before, 1),
        "users_100k_max_key_latency_ms": round(worst, 1),
        "users_100k_keys": len(probe.latencies),
        "users_100k_s": round(seconds, 2),
        "users_players": len(model.players),
    }
    # ctrl+q in the middle of another load.
    session.forget_marker()
    app.backend.refresh_players()
    console.send_raw("who")
    await asyncio.sleep(0.5)
    from textual import events

    start = time.perf_counter()
    event = events.Key("ctrl+q", None)
    event.set_sender(app)
    app._driver.send_message(event)
    try:
        await wait_for(lambda: not app.is_running, timeout=30)
        figures["users_100k_quit_s"] = round(time.perf_counter() - start, 2)
    except TimeoutError:
        figures["users_100k_quit_s"] = None
    return figures


async def scenario_flood(session: Session, pilot: Any, seconds: int, rate: int) -> dict[str, Any]:
    model, app = session.model, session.app
    numbers = [int(await session.server.ask("game 0")) for _ in range(FLOOD_GAMES)]
    await session.server.ask(f"games {LIST_GAMES - FLOOD_GAMES} 10")
    app.backend.capabilities.listing.refresh_games()
    await wait_for(lambda: len(model.games) >= LIST_GAMES)
    for number in numbers:
        app.backend.observe(number)
    await wait_for(lambda: all(n in model.followed for n in numbers))
    await pilot.pause()
    await asyncio.sleep(0.5)
    before = settled_rss()
    start = time.perf_counter()
    answer = asyncio.ensure_future(
        session.server.ask(f"flood {seconds} {rate} {' '.join(map(str, numbers))}")
    )
    peak = 0.0
    while not session.marker_seen():
        peak = max(peak, rss_mb())
        await asyncio.sleep(0.05)
    elapsed = time.perf_counter() - start
    sent = int((await answer).split()[1])
    end = rss_mb()
    await asyncio.sleep(6)  # toasts time out; frames settle
    await pilot.pause()
    after = settled_rss()
    return {
        "flood_mb_per_s": round(sent / 1e6 / elapsed, 2),
        "flood_list_games": len(model.games),
        "flood_mb": round(sent / 1e6, 1),
        "flood_s": round(elapsed, 2),
        "flood_rss_before_mb": round(before, 1),
        "flood_rss_peak_mb": round(max(peak, end), 1),
        "flood_rss_after_mb": round(after, 1),
        "flood_rss_back_mb": round(after - before, 1),
    }


async def scenario_userlist(session: Session, pilot: Any, players: int) -> dict[str, Any]:
    from textual._compositor import CompositorUpdate

    from igs_tui.ui.lists.players_list import PlayersList

    app = session.app
    await session.server.ask(f"listings {players} 0")
    app.show_pane("players")
    await pilot.pause()
    table = app.screen.query_one(PlayersList).table
    screen = app.screen
    timer = screen._update_timer
    original_resume, original_display = timer.resume, app._display
    shown: list[float] = []
    state = {"armed": False}

    def resume() -> None:  # frames as soon as the screen asks (the app's work, not the clock)
        original_resume()
        app.call_later(screen._on_timer_update)

    def display(target: Any, renderable: Any) -> None:
        original_display(target, renderable)
        if isinstance(renderable, CompositorUpdate):
            renderable.render_segments(app.console)
        if state["armed"] and table.row_count >= players:
            shown.append(time.perf_counter())
            state["armed"] = False

    timer.resume = resume
    app._display = display
    times = []
    for _ in range(5):
        session.model.replace_players(())
        await wait_for(lambda: table.row_count == 0)
        await pilot.pause()
        start = time.perf_counter()
        state["armed"] = True
        app.backend.refresh_players()
        try:
            await wait_for(lambda: not state["armed"], timeout=20)
        except TimeoutError:
            print("rows", table.row_count, len(session.model.players), file=sys.stderr)
            raise
        times.append(shown[-1] - start)
        await pilot.pause()
    return {"userlist_10000_ms": round(statistics.median(times) * 1000, 1)}


async def run_client(name: str, args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        session = Session(Path(tmp))
        if name == "tellers":
            figures: dict[str, Any] = {}
            try:
                async with session.app.run_test(size=SIZE) as pilot:
                    await session.login(pilot)
                    figures = await scenario_tellers(session, pilot, args.tellers)
            finally:
                await session.connector.close()
            assert session.quit_started is not None
            wall, cpu = session.quit_started
            figures["quit_cpu_ms"] = round((time.process_time() - cpu) * 1000, 1)
            figures["quit_wall_ms"] = round((time.perf_counter() - wall) * 1000, 1)
            session.server.stop()
            return figures
        try:
            async with session.app.run_test(size=SIZE) as pilot:
                await session.login(pilot)
                if name == "finished":
                    return await scenario_finished(session, pilot, args.games)
                if name == "chat":
                    return await scenario_chat(session, pilot, args.chat)
                if name == "chat120k":
                    return await scenario_chat(session, pilot, args.chat120k, "chat_120k")
                if name == "soak":
                    return await scenario_soak(session, pilot, args.soak_seconds)
                if name == "users":
                    return await scenario_users(session, pilot, args.users, args.who)
                if name == "flood":
                    return await scenario_flood(session, pilot, args.flood_seconds, args.rate)
                if name == "userlist":
                    return await scenario_userlist(session, pilot, args.players)
                raise ValueError(name)
        finally:
            await session.close()


# -- baselines --------------------------------------------------------------------------------


async def bare_flood(args: argparse.Namespace) -> dict[str, Any]:
    """The same flood read by ``IgsClient`` and its session alone: socket, telnet, lines,
    protocol events, the changes they mean (applied nowhere: no model, no screen)."""
    from igs_tui.backends.igs.net.client import ClientConfig, IgsClient
    from igs_tui.backends.igs.net.servers import ServerAddress
    from igs_tui.backends.igs.protocol.events import LoginComplete, Tell
    from igs_tui.backends.igs.session import IgsSession
    from igs_tui.model import ClientModel

    server = ServerProcess()
    seen = asyncio.Event()
    logged_in = asyncio.Event()

    def on_event(event: Any) -> None:
        if isinstance(event, LoginComplete):
            logged_in.set()
        elif isinstance(event, Tell) and event.name == MARKER:
            seen.set()

    config = ClientConfig(servers=(ServerAddress("127.0.0.1", server.port),), reconnect=False)
    model = ClientModel()
    session = IgsSession("guest", "", fast=True, clock=model.clock)
    client = IgsClient(session, lambda _change: None, config=config, on_event=on_event)
    task = asyncio.create_task(client.run())
    try:
        await asyncio.wait_for(logged_in.wait(), 30)
        await asyncio.sleep(0.5)
        numbers = [int(await server.ask("game 0")) for _ in range(FLOOD_GAMES)]
        start = time.perf_counter()
        answer = asyncio.ensure_future(
            server.ask(f"flood {args.flood_seconds} {args.rate} {' '.join(map(str, numbers))}")
        )
        await asyncio.wait_for(seen.wait(), 600)
        elapsed = time.perf_counter() - start
        sent = int((await answer).split()[1])
    finally:
        await client.close()
        await task
        server.stop()
    return {"flood_bare_mb_per_s": round(sent / 1e6 / elapsed, 2)}


STARTUP = """
import sys, time
from textual.app import App
run = App.run
def headless_run(self, *args, **kwargs):
    async def ready(pilot):
        print("ready", flush=True)
        self.exit()
    kwargs.update(headless=True, size=(160, 48), auto_pilot=ready)
    return run(self, *args, **kwargs)
App.run = headless_run
if sys.argv[1] == "igs":
    from igs_tui.cli import main
    main(["--local"])
else:
    App().run()
"""


def startup_once(kind: str, tmp: str) -> float:
    # Byte code is written and read as in an installed program (a cache of its own here, so
    # the source tree stays clean): with PYTHONDONTWRITEBYTECODE in the environment, every
    # start compiled our modules from source again (~15 ms) while Textual's came compiled.
    env = dict(
        os.environ,
        XDG_CONFIG_HOME=tmp,
        XDG_DATA_HOME=tmp,
        PYTHONPATH=str(ROOT),
        PYTHONPYCACHEPREFIX=str(Path(tmp) / "pycache"),
    )
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-c", STARTUP, kind],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    )
    assert child.stdout is not None
    line = child.stdout.readline()
    elapsed = time.perf_counter() - start
    child.wait(timeout=30)
    assert line.strip() == "ready", line
    return elapsed


def measure_startup(rounds: int) -> dict[str, Any]:
    ours, bare = [], []
    with tempfile.TemporaryDirectory() as tmp:
        startup_once("igs", tmp)  # warm the file cache and write the byte code
        startup_once("bare", tmp)
        for _ in range(rounds):
            ours.append(startup_once("igs", tmp))
            bare.append(startup_once("bare", tmp))
    igs, base = statistics.median(ours), statistics.median(bare)
    return {
        "startup_ratio_vs_bare": round(igs / base, 2),
        "startup_s": round(igs, 3),
        "startup_bare_s": round(base, 3),
    }


# -- main -------------------------------------------------------------------------------------


GOALS = (
    ("finished_games_rss_growth_mb", "<=", 30),
    ("chat_30k_rss_growth_mb", "<=", 15),
    ("chat_120k_rss_growth_mb", "<=", 15),
    ("quit_cpu_ms", "<=", 300),
    ("soak_rss_growth_last_half_mb", "<=", 3),
    ("users_100k_rss_growth_mb", "<=", 100),
    ("users_100k_max_key_latency_ms", "<=", 100),
    ("flood_mb_per_s", ">=", 2),
    ("userlist_10000_ms", "<=", 150),
    ("startup_ratio_vs_bare", "<=", 1.5),
)


def run_in_child(name: str, argv: list[str]) -> dict[str, Any]:
    child = subprocess.run(
        [sys.executable, __file__, "--client", name, *argv],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        check=False,
    )
    lines = child.stdout.strip().splitlines()
    for line in lines[:-1]:
        print(f"  {line.strip()}")
    if child.returncode != 0 or not lines:
        print(f"{name}: failed (exit {child.returncode})")
        return {}
    result: dict[str, Any] = json.loads(lines[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller sizes, for a quick look")
    parser.add_argument("--only", nargs="*", choices=[*SCENARIOS, "bare", "startup"])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--chat", type=int, default=30_000)
    parser.add_argument("--chat120k", type=int, default=120_000, help=argparse.SUPPRESS)
    parser.add_argument("--tellers", type=int, default=5000)
    parser.add_argument(
        "--soak-seconds", type=float, default=600, help="length of the soak (600: 10 minutes)"
    )
    parser.add_argument("--users", type=int, default=100_000)
    parser.add_argument("--who", type=int, default=50_000)
    parser.add_argument("--flood-seconds", type=int, default=10)
    parser.add_argument("--rate", type=int, default=10, help="flood MB/s")
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--profile", type=Path, help="(with --client) write cProfile stats")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--client", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(Script().run())
        return
    if args.quick:
        args.games, args.chat, args.users, args.who = 40, 5000, 20_000, 10_000
        args.flood_seconds, args.starts = 3, 3
        args.chat120k, args.tellers, args.soak_seconds = 30_000, 1000, 60
    if args.client:
        if args.client == "bare":
            result = asyncio.run(bare_flood(args))
        elif args.profile is not None:
            import cProfile

            profiler = cProfile.Profile()
            result = profiler.runcall(asyncio.run, run_client(args.client, args))
            profiler.dump_stats(args.profile)
        else:
            result = asyncio.run(run_client(args.client, args))
        print(json.dumps(result))
        return
    argv = [
        f"--games={args.games}",
        f"--chat={args.chat}",
        f"--chat120k={args.chat120k}",
        f"--tellers={args.tellers}",
        f"--soak-seconds={args.soak_seconds}",
        f"--users={args.users}",
        f"--who={args.who}",
        f"--flood-seconds={args.flood_seconds}",
        f"--rate={args.rate}",
        f"--players={args.players}",
    ]
    wanted = args.only or [*SCENARIOS, "bare", "startup"]
    figures: dict[str, Any] = {}
    for name in wanted:
        print(f"{name} ...", flush=True)
        step = measure_startup(args.starts) if name == "startup" else run_in_child(name, argv)
        figures.update(step)
        print(f"  {json.dumps(step)}", flush=True)
    if "flood_mb_per_s" in figures and "flood_bare_mb_per_s" in figures:
        figures["flood_ratio_vs_bare"] = round(
            figures["flood_mb_per_s"] / figures["flood_bare_mb_per_s"], 2
        )
    print()
    for key, op, goal in GOALS:
        value = figures.get(key)
        met = value is not None and (value <= goal if op == "<=" else value >= goal)
        print(f"{key:32} {value!s:>8}  goal {op} {goal:<6} {'met' if met else 'MISSED'}")
    summary = {key: figures.get(key) for key, _, _ in GOALS}
    summary |= {k: v for k, v in figures.items() if k not in summary}
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
