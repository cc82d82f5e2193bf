"""Issue 5's done-when, end to end: two igs-tui apps play each other on the embedded server.

Both apps are real :class:`IgsApp` instances logged in over TCP on 127.0.0.1 through the
launcher's :class:`Connector` (login form, connecting screen, main screen). Everything the
players do is typed: alice offers bob a 9x9 game from the user list, bob accepts in the
challenge dialog that pops up, both type coordinates on their boards, pass three times, mark a
dead stone, press ctrl+d, and read the result screens. The autosaved SGF must parse back with
the game's moves.

Issue 13 runs the full game under both server dialects the embedded server imitates (IGS, and
NNGS: classic match instead of nmatch, a komi offer, two passes to score, ``done`` without its
number, the code-9 user list) with a guest observing it from a third app.

Textual keeps "the active app" in a context variable, so each app runs under ``run_test`` in
its own asyncio task (:class:`AppDriver`); the test sends each one its key presses and reads
both models from the outside.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from sgfmill import sgf
from textual.pilot import Pilot

from igs_tui.apps.connector import Connector
from igs_tui.go import Color, Point, format_point
from igs_tui.localserver.server import start_embedded
from igs_tui.model import BufferKey, ChatKind, ClientModel, FollowedGame, GamePhase, Role
from igs_tui.ui.app import IgsApp
from igs_tui.ui.board.board_widget import BoardWidget
from igs_tui.ui.main.main_screen import MainScreen
from igs_tui.ui.play.play_challenge_dialog import ChallengeDialog
from igs_tui.ui.play.play_match_dialog import MatchDialog
from igs_tui.ui.play.play_result import ResultScreen
from igs_tui.ui.settings import LoginSettings, PasswordStore, save_settings
from tests.play.harness import fast_server_config

Job = Callable[[Pilot[None]], Awaitable[Any]]
TIMEOUT = 30.0


class NoKeyring:
    """Keeps the test away from the machine's keyring (nothing is remembered)."""

    def get_password(self, service_name: str, username: str) -> str | None:
        return None

    def set_password(self, service_name: str, username: str, password: str) -> None:
        raise RuntimeError("not in tests")

    def delete_password(self, service_name: str, username: str) -> None:
        return None


class AppDriver:
    """Runs one app under ``run_test`` in its own task and performs pilot jobs inside it."""

    def __init__(self, name: str, app: IgsApp, connector: Connector) -> None:
        self.name = name
        self.app = app
        self.connector = connector
        self._jobs: asyncio.Queue[tuple[Job | None, asyncio.Future[Any]]] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self.server_port = 0

    async def start(self) -> None:
        ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._task = asyncio.create_task(self._run(ready))
        await asyncio.wait_for(ready, TIMEOUT)

    async def _run(self, ready: asyncio.Future[None]) -> None:
        try:
            async with self.app.run_test(size=(120, 40)) as pilot:
                ready.set_result(None)
                while True:
                    job, done = await self._jobs.get()
                    if job is None:
                        done.set_result(None)
                        return
                    try:
                        done.set_result(await job(pilot))
                    except Exception as exc:
                        done.set_exception(exc)
        except BaseException as exc:
            if not ready.done():
                ready.set_exception(exc)
            raise

    async def do(self, job: Job) -> Any:
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        await self._jobs.put((job, done))
        return await asyncio.wait_for(done, TIMEOUT)

    async def press(self, *keys: str) -> None:
        async def job(pilot: Pilot[None]) -> None:
            await pilot.press(*keys)
            await pilot.pause()

        await self.do(job)

    async def stop(self) -> None:
        if self._task is None:
            return
        if not self._task.done():
            done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
            await self._jobs.put((None, done))
            await asyncio.wait_for(asyncio.shield(self._task), TIMEOUT)
        await self.connector.close()

    @property
    def model(self) -> ClientModel:
        return self.app.model

    def game(self) -> FollowedGame | None:
        mine = [g for g in self.model.followed.values() if g.role is not Role.OBSERVING]
        return mine[-1] if mine else None


async def wait_until(condition: Callable[[], bool], what: str, timeout: float = TIMEOUT) -> None:
    """Poll ``condition`` while both apps and the server run; fail naming ``what``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.02)


def make_driver(name: str, port: int, tmp_path: Path, *, guest: bool = False) -> AppDriver:
    model = ClientModel()
    connector = Connector(model, record=False, games_dir=tmp_path / f"{name}-games")
    config_dir = tmp_path / f"{name}-config"
    # The last login is remembered: the form opens on the account, with the user name filled in.
    user = "" if guest else name
    save_settings(LoginSettings(server="local", user=user, guest=guest), config_dir)
    app = IgsApp(
        model,
        connect=connector,
        config_dir=config_dir,
        passwords=PasswordStore(NoKeyring()),
        local_port=port,
        login_server="local",
    )
    return AppDriver(name, app, connector)


async def log_in(player: AppDriver) -> None:
    """Type the password into the login form and press Enter; wait for the main screen."""
    await wait_until(lambda: player.app.focused is not None, f"{player.name}'s login form")
    assert player.app.focused is not None and player.app.focused.id == "user"
    await player.press("tab", *player.name, "enter")  # the demo password is the name
    await wait_until(lambda: isinstance(player.app.screen, MainScreen), f"{player.name} logged in")
    await wait_until(lambda: player.model.me == player.name, f"{player.name}'s login name")


async def log_in_as_guest(player: AppDriver) -> None:
    """The form remembers the guest choice: Enter on the focused Connect button logs in."""
    await wait_until(lambda: player.app.focused is not None, f"{player.name}'s login form")
    assert player.app.focused is not None and player.app.focused.id == "connect"
    await player.press("enter")
    await wait_until(lambda: isinstance(player.app.screen, MainScreen), "the guest logged in")
    await wait_until(lambda: bool(player.model.me), "the guest's login name")


async def observe_by_chat(player: AppDriver, number: int) -> None:
    """Type ``/observe N`` in the chat pane."""
    await player.press("f5")

    async def focus_input(pilot: Pilot[None]) -> None:
        player.app.screen.query_one("#pane-chat Input").focus()
        await pilot.pause()

    await player.do(focus_input)
    await player.press(*f"/observe {number}", "enter")
    await wait_until(lambda: number in player.model.followed, "the observed game")


async def play(player: AppDriver, other: AppDriver, point: Point | None, number: int) -> None:
    """Type one move (or ctrl+g twice to pass) and wait until both sides have it."""
    if point is None:
        await player.press("ctrl+g", "ctrl+g")
    else:
        await player.press(*format_point(point, 9).lower(), "enter")
    await wait_until(
        lambda: all(
            (g := p.game()) is not None and g.last_number >= number for p in (player, other)
        ),
        f"move {number} ({player.name} {point}) on both boards",
    )


def result_lines(player: AppDriver) -> list[str]:
    screen = player.app.screen
    assert isinstance(screen, ResultScreen)
    return str(screen.query_one("#result").render()).splitlines()


@asynccontextmanager
async def two_apps(
    tmp_path: Path, dialect: str = "igs"
) -> AsyncIterator[tuple[AppDriver, AppDriver]]:
    """alice and bob logged in to one embedded server, each in their own app."""
    server = await start_embedded(fast_server_config(dialect=dialect))
    alice = make_driver("alice", server.port, tmp_path)
    bob = make_driver("bob", server.port, tmp_path)
    try:
        await alice.start()
        await bob.start()
        await log_in(alice)
        await log_in(bob)
        alice.server_port = bob.server_port = server.port
        yield alice, bob
    finally:
        await alice.stop()
        await bob.stop()
        await server.stop()


async def set_size(player: AppDriver, size: int, komi: float | None = None) -> None:
    """In the match dialog (colour focused), type the board size (and the komi) and send
    with Enter."""
    dialog = player.app.screen
    assert isinstance(dialog, MatchDialog)
    await player.press("tab", "ctrl+a", "ctrl+k", *str(size))
    if komi is not None:
        await player.press("tab", "tab", "ctrl+a", "ctrl+k", *f"{komi:g}")
    await player.press("enter")
    await wait_until(lambda: not isinstance(player.app.screen, MatchDialog), "offer sent")


async def offer_from_user_list(
    alice: AppDriver, bob: AppDriver, size: int, komi: float | None = None
) -> None:
    """alice finds bob in the user list, presses m and offers a game of ``size``."""
    await alice.press("f4", "ctrl+r")
    await wait_until(lambda: bob.name in alice.model.players, "bob in alice's user list")
    await alice.press("slash", *bob.name, "enter")  # filter, then Enter goes to the table
    await alice.press("m")
    await wait_until(lambda: isinstance(alice.app.screen, MatchDialog), "the match dialog")
    dialog = alice.app.screen
    assert isinstance(dialog, MatchDialog)
    assert dialog.form()["opponent"] == bob.name
    await set_size(alice, size, komi)  # the colour (Black) is focused first; then the size


@pytest.mark.parametrize("dialect", ["igs", "nngs"])
async def test_two_apps_play_a_full_game_to_an_agreed_score(tmp_path: Path, dialect: str) -> None:
    """The full game under both dialects, with a guest observing from a third app: the komi
    alice offered (0.5) is agreed with ctrl+k and reaches the observer too; all three end
    with the same result."""
    async with two_apps(tmp_path, dialect) as (alice, bob):
        guest = make_driver("guest", alice.server_port, tmp_path, guest=True)
        await guest.start()
        try:
            await log_in_as_guest(guest)
            await full_game(alice, bob, guest, dialect, tmp_path)
        finally:
            await guest.stop()


async def full_game(
    alice: AppDriver, bob: AppDriver, guest: AppDriver, dialect: str, tmp_path: Path
) -> None:
    await offer_from_user_list(alice, bob, 9, komi=0.5)

    # bob's challenge dialog comes up by itself; he accepts with "a".
    await wait_until(lambda: isinstance(bob.app.screen, ChallengeDialog), "bob's dialog")
    terms = bob.app.screen.query_one("#terms").render()
    assert "you play white, 9x9" in str(terms)
    await bob.press("a")
    await wait_until(
        lambda: alice.game() is not None and bob.game() is not None, "the game to start"
    )
    game_a, game_b = alice.game(), bob.game()
    assert game_a is not None and game_b is not None
    assert game_a.number == game_b.number and game_a.size == 9
    assert game_a.role is Role.PLAYING_BLACK and game_b.role is Role.PLAYING_WHITE
    for player in (alice, bob):  # the board came to the front with the keyboard focus
        await wait_until(
            lambda: isinstance(player.app.focused, BoardWidget),  # noqa: B023 (awaited at once)
            f"{player.name}'s board",
        )

    # alice's komi (0.5, not the server's 6.5) reaches bob as a proposal: ctrl+k agrees
    await wait_until(lambda: game_b.komi_request == 0.5, "the komi proposal")
    await bob.press("ctrl+k")
    await wait_until(lambda: game_a.komi == game_b.komi == 0.5, "the komi agreed")
    await observe_by_chat(guest, game_a.number)
    watched = guest.model.followed[game_a.number]
    assert watched.role is Role.OBSERVING

    # Black walls column C, White column E; White's lone stone at A5 dies. IGS scores
    # after three passes in a row, NNGS after two.
    script: list[tuple[AppDriver, AppDriver, Point | None]] = []
    for row in range(9):
        script += [(alice, bob, Point(2, row)), (bob, alice, Point(4, row))]
    script += [(alice, bob, None), (bob, alice, Point(0, 4))]
    script += [(alice, bob, None), (bob, alice, None)]
    if dialect == "igs":
        script += [(alice, bob, None)]
    for n, (player, other, point) in enumerate(script, start=1):
        await play(player, other, point, n)
    await wait_until(
        lambda: game_a.phase is GamePhase.SCORING and game_b.phase is GamePhase.SCORING,
        "the scoring phase after the passes",
    )

    # alice marks the dead stone by typing its coordinate; the server echoes it to both.
    await alice.press("a", "5", "enter")
    await wait_until(
        lambda: Point(0, 4) in game_a.dead and Point(0, 4) in game_b.dead, "A5 marked dead"
    )
    await alice.press("ctrl+d")
    await bob.press("ctrl+d")
    await wait_until(
        lambda: game_a.score_check is not None and game_b.score_check is not None,
        "the server's score on both sides",
    )
    for player in (alice, bob):
        await wait_until(
            lambda: isinstance(player.app.screen, ResultScreen),  # noqa: B023 (awaited at once)
            f"{player.name}'s result screen",
        )
    lines_a, lines_b = result_lines(alice), result_lines(bob)
    # the same game and the same count on both screens, each headed from its own side
    assert (lines_a[0], lines_b[0]) == ("You lost.", "You won.")  # White won; alice is Black
    assert lines_a[1:] == lines_b[1:]
    check = game_a.score_check
    assert check is not None and check.agrees
    assert check.ours_result == check.server.result == game_b.result
    ours = next(line for line in lines_a if line.startswith("Our count:"))
    assert ours.endswith(f"-> {check.ours_result}")
    assert "Both counts agree." in lines_a
    # Black owns columns A-B (18 points, A5 included once the dead stone goes),
    # White columns F-J (36): White wins whatever the komi.
    assert check.server.result.startswith("W+")

    # The autosaved record parses back with exactly the moves that were played.
    saver = alice.connector.saver
    assert saver is not None
    path = saver.path_for(game_a.number)
    assert path is not None and path.is_relative_to(tmp_path)
    await wait_until(lambda: "RE[" in path.read_text(encoding="utf-8"), "the saved result")
    record = sgf.Sgf_game.from_bytes(path.read_bytes())
    assert record.get_size() == 9
    nodes = record.get_main_sequence()[1:]
    saved = [node.get_move() for node in nodes if node.get_move()[0] is not None]
    # the count's territory stands on a node of its own after the last move (issue 28)
    assert nodes[-1].get_move() == (None, None) and nodes[-1].has_property("TW")
    expected = [
        ("b" if n % 2 else "w", None if point is None else (point.row, point.col))
        for n, (_p, _o, point) in enumerate(script, start=1)
    ]
    assert saved == expected
    assert record.get_root().get("RE") == check.server.result
    assert record.get_root().get("PB") == "alice" and record.get_root().get("PW") == "bob"
    assert record.get_root().get("KM") == 0.5
    assert game_a.board.stones() == game_b.board.stones()
    assert Color.WHITE in game_a.board.stones().values()

    # The observer saw the same game, the agreed komi and the same result.
    await wait_until(lambda: watched.phase is GamePhase.FINISHED, "the observer's result")
    assert watched.result == game_a.result
    assert watched.komi == 0.5
    assert [m.point for m in watched.moves] == [m.point for m in game_a.moves]
    # Nothing was refused along the way: no error line in any of the three apps.
    for player in (alice, bob, guest):
        system = player.model.buffers.get(BufferKey(ChatKind.SYSTEM))
        errors = [m.text for m in system.messages if m.kind == "error"] if system else []
        assert errors == [], (player.name, errors)


async def test_counter_offer_dispute_and_a_new_offer_start_the_game(tmp_path: Path) -> None:
    """bob counters alice's 9x9 offer with 13x13; the server reports a dispute to both; alice
    sees the two requests side by side and makes a new offer that matches, and the game starts.
    """
    async with two_apps(tmp_path) as (alice, bob):
        await offer_from_user_list(alice, bob, 9)
        await wait_until(lambda: isinstance(bob.app.screen, ChallengeDialog), "bob's dialog")
        await bob.press("c")
        await wait_until(lambda: isinstance(bob.app.screen, MatchDialog), "bob's counter dialog")
        counter = bob.app.screen
        assert isinstance(counter, MatchDialog)
        assert counter.form()["colour"] == "W" and counter.form()["size"] == "9"
        await set_size(bob, 13)

        # The server keeps both requests: alice's dialog shows them side by side.
        def alice_sees_dispute() -> bool:
            screen = alice.app.screen
            return isinstance(screen, ChallengeDialog) and screen.query_one("#dispute").display

        await wait_until(alice_sees_dispute, "the dispute on alice's screen")
        dialog = alice.app.screen
        assert isinstance(dialog, ChallengeDialog)
        title = str(dialog.query_one("#title").render())
        assert title.startswith("Your offer to bob") and title.endswith("is disputed")
        rows = str(dialog.query_one("#dispute").render()).splitlines()
        size_row = next(row for row in rows if row.startswith("size"))
        assert size_row.split() == ["size", "9", "13", "*"]
        await alice.press("c")
        await wait_until(lambda: isinstance(alice.app.screen, MatchDialog), "alice's new offer")
        await set_size(alice, 13)
        await wait_until(
            lambda: alice.game() is not None and bob.game() is not None, "the 13x13 game"
        )
        game_a, game_b = alice.game(), bob.game()
        assert game_a is not None and game_b is not None
        assert game_a.number == game_b.number and game_a.size == game_b.size == 13
        assert game_a.role is Role.PLAYING_BLACK and game_b.role is Role.PLAYING_WHITE
        assert alice.model.challenges == {} and bob.model.challenges == {}
        for player in (alice, bob):  # no stale dialog is left on either screen
            await wait_until(
                lambda: not isinstance(player.app.screen, ChallengeDialog | MatchDialog),  # noqa: B023 (awaited at once)
                f"{player.name}'s dialogs closed",
            )
