"""Write SVG screenshots of igs-tui's main screens into ``screenshots/``.

By default the app runs headless on a populated demo model (no network). ``capture`` takes
any app factory, so the same script can drive an app connected to the local server:

    python scripts/screenshots.py                 # demo model, 80x24 and 160x48
    python scripts/screenshots.py --size 120x40   # one extra size
    python scripts/screenshots.py --only scoring  # only the scenes whose name starts so

Besides the panes it shows the playing screens a user meets: the match dialog, an incoming
match request, a game of our own in byo-yomi, the scoring phase, the result screen,
``igs-tui play`` against the built-in engine (in process, seeded, so every run is the same),
and a record file under review.

Each file is named ``<screen>-<width>x<height>.svg``; render one to PNG with
``chromium --headless --screenshot=out.png file.svg`` to look at it.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input

from igs_tui.apps.play.app import PlayApp
from igs_tui.backends.engine.backend import EngineBackend, LocalGameSettings
from igs_tui.backends.igs.backend import IgsBackend
from igs_tui.backends.igs.session import IgsSession
from igs_tui.backends.offline import OfflineBackend
from igs_tui.go import Color, ScoringSession, parse_point
from igs_tui.gtp.channel import InProcessChannel
from igs_tui.gtp.controller import GtpController
from igs_tui.gtp.engine import GtpEngine
from igs_tui.model import (
    BufferKey,
    Challenge,
    ChatKind,
    ChatMessage,
    ClientModel,
    FollowedGame,
    GamePhase,
    ScoreCheck,
    ServerScore,
)
from igs_tui.model.terms import MatchTerms
from igs_tui.ui.app import IgsApp
from igs_tui.ui.demo_model import (
    FIXED_TIME,
    OWN_GAME,
    add_own_game,
    add_scoring_game,
    demo_model,
)
from igs_tui.ui.game.game_panel import GamesPanel
from igs_tui.ui.main.main_screen import MainScreen
from igs_tui.ui.session.login_request import LoginRequest

SCREENS: list[tuple[str, tuple[str, ...]]] = [
    ("board", ("f2",)),
    ("games", ("f3",)),
    ("users", ("f4",)),
    ("chat", ("f5",)),
    ("console", ("f6",)),
    ("help", ("f1",)),
]
DEFAULT_SIZES = [(80, 24), (160, 48)]
TIMEOUT = 30.0
"""Seconds a scene may wait for the app (an engine reply, a dialog) before it gives up."""


async def _steady(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False
    await pilot.pause()


async def _wait_until(pilot: Pilot[Any], condition: Callable[[], bool]) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + TIMEOUT
    while not condition():
        if loop.time() > deadline:
            raise TimeoutError("the app did not reach the state to photograph")
        await pilot.pause(0.02)


def _save(app: App[Any], out_dir: Path, name: str, width: int, height: int) -> Path:
    path = out_dir / f"{name}-{width}x{height}.svg"
    app.save_screenshot(path.name, str(out_dir))
    return path


async def capture(
    make_app: Callable[[], IgsApp],
    out_dir: Path,
    sizes: list[tuple[int, int]],
    only: tuple[str, ...] = (),
) -> list[Path]:
    """Run the app once per size and save one SVG per screen; return the files written.

    ``only`` keeps the screens and scenes whose names start with one of its entries."""

    def wanted(name: str) -> bool:
        return not only or name.startswith(only)

    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for width, height in sizes:
        screens = [(name, keys) for name, keys in SCREENS if wanted(name)]
        if screens:
            app = make_app()
            async with app.run_test(size=(width, height)) as pilot:
                await _steady(pilot)
                for name, keys in screens:
                    await pilot.press(*keys)
                    await _steady(pilot)
                    written.append(_save(app, out_dir, name, width, height))
                    if name == "help":
                        await pilot.press("escape")
                        await pilot.pause()
        if wanted("login"):
            with tempfile.TemporaryDirectory() as config:  # never the user's real settings
                login = IgsApp(ClientModel(), connect=_never_connect, config_dir=Path(config))
                async with login.run_test(size=(width, height)) as pilot:
                    await _steady(pilot)
                    written.append(_save(login, out_dir, "login", width, height))
        for name, scene in SCENES:
            if wanted(name):
                await scene(out_dir, width, height)
                written.append(out_dir / f"{name}-{width}x{height}.svg")
    return written


def demo_backend(model: ClientModel) -> IgsBackend:
    """The IGS backend with nowhere to send (a session never connected drops what it is
    given): every key the screens offer on IGS is shown."""
    return IgsBackend(model, IgsSession("demo", "", clock=model.clock))


def demo_app() -> IgsApp:
    model = demo_model()
    return IgsApp(model, demo_backend(model))


def _never_connect(request: LoginRequest) -> OfflineBackend:
    return OfflineBackend()


# playing scenes ------------------------------------------------------------------------------
# Each builds its own app on the demo model (plus the game it needs) and saves one screenshot.

Scene = Callable[[Path, int, int], Awaitable[None]]


def _opponent(model: ClientModel) -> str:
    """The demo's friend: the player who asked for a game in the demo tells."""
    tells = [key for key in model.buffers if key.kind is ChatKind.TELL]
    return tells[0].target if tells else "opponent"


def _show_own_game(app: IgsApp) -> None:
    main = app.screen
    assert isinstance(main, MainScreen)
    main.action_show_pane("board")


async def _open_own_game(pilot: Pilot[Any], app: IgsApp) -> None:
    """The board pane on our game with the board focused, as after the game started."""
    _show_own_game(app)
    await _steady(pilot)
    panel = app.screen.query_one(GamesPanel)
    await _wait_until(pilot, lambda: OWN_GAME in panel.game_numbers)
    panel.show_game(OWN_GAME)
    await _steady(pilot)
    await _steady(pilot)


async def match_dialog(out_dir: Path, width: int, height: int) -> None:
    """``m`` on a player in the user list opens the match dialog."""
    model = demo_model()
    app = IgsApp(model, demo_backend(model))
    async with app.run_test(size=(width, height)) as pilot:
        await _steady(pilot)
        await pilot.press("f4")
        await _steady(pilot)
        await pilot.press("down", "down", "m")
        await _wait_until(pilot, lambda: type(app.screen).__name__ == "MatchDialog")
        await _steady(pilot)
        _save(app, out_dir, "match-dialog", width, height)


async def challenge(out_dir: Path, width: int, height: int) -> None:
    """A match request arrives while the user looks at the games list."""
    model = demo_model()
    app = IgsApp(model, demo_backend(model))
    async with app.run_test(size=(width, height)) as pilot:
        await _steady(pilot)
        terms = MatchTerms(
            _opponent(model),
            Color.WHITE,
            size=19,
            komi=6.5,
            main_seconds=1200,
            byo_seconds=30,
            byo_stones=0,
            byo_periods=5,
        )
        model.add_challenge(Challenge(terms, incoming=True))
        await _wait_until(pilot, lambda: type(app.screen).__name__ == "ChallengeDialog")
        await _steady(pilot)
        _save(app, out_dir, "challenge", width, height)


async def own_game(out_dir: Path, width: int, height: int) -> None:
    """Our own 19x19 game, both sides in byo-yomi, our move."""
    model = demo_model()
    opponent = _opponent(model)
    add_own_game(model, opponent)
    key = BufferKey(ChatKind.GAME, str(OWN_GAME))
    model.buffer(key).add(ChatMessage(opponent, "good luck, have fun", FIXED_TIME, "say"))
    model.buffer(key).add(ChatMessage(model.me, "you too!", FIXED_TIME, "own"))
    app = IgsApp(model, demo_backend(model))
    async with app.run_test(size=(width, height)) as pilot:
        await _steady(pilot)
        await _open_own_game(pilot, app)
        _save(app, out_dir, "own-game", width, height)


async def scoring(out_dir: Path, width: int, height: int) -> None:
    """Both passed: dead stones marked, territory shaded, the score preview beside the board."""
    model = demo_model()
    add_scoring_game(model, _opponent(model))
    app = IgsApp(model, demo_backend(model))
    async with app.run_test(size=(width, height)) as pilot:
        await _steady(pilot)
        await _open_own_game(pilot, app)
        _save(app, out_dir, "scoring", width, height)


async def result(out_dir: Path, width: int, height: int) -> None:
    """Both pressed done: the result screen with the server's count and ours."""
    model = demo_model()
    game = add_scoring_game(model, _opponent(model))
    app = IgsApp(model, demo_backend(model))
    async with app.run_test(size=(width, height)) as pilot:
        await _steady(pilot)
        await _open_own_game(pilot, app)
        session = ScoringSession(game.board)
        for point in game.dead:
            if not session.is_dead(point):
                session.mark_dead(point)
        ours = session.score(komi=game.komi)
        server = ServerScore(
            ours.black,
            ours.white,
            black_territory=len(ours.territory.get(Color.BLACK, ())),
            white_territory=len(ours.territory.get(Color.WHITE, ())),
            black_captures=ours.prisoners.get(Color.BLACK, 0),
            white_captures=ours.prisoners.get(Color.WHITE, 0),
        )
        game.score_check = ScoreCheck(server, ours.black, ours.white, ours.result)
        model.game_ended(OWN_GAME, ours.result)
        await _wait_until(pilot, lambda: type(app.screen).__name__ == "ResultScreen")
        await _steady(pilot)
        _save(app, out_dir, "result", width, height)


def _has_moves(game: FollowedGame, count: int) -> bool:
    return len(game.moves) >= count


PLAY_MOVES = ("E5", "C4", "G4", "C6", "G6")
"""Our moves against the built-in engine on 9x9 (an occupied one is skipped)."""


async def play_engine(out_dir: Path, width: int, height: int) -> None:
    """``igs-tui play`` on 9x9 against the built-in engine, after a few moves each."""
    model = ClientModel()
    # a fixed path (the game's first message shows it), so every run writes the same SVG
    records = Path(tempfile.gettempdir()) / "igs-tui-screenshots"
    records.mkdir(exist_ok=True)
    save = records / "play.sgf"
    backend = EngineBackend(
        model,
        GtpController(InProcessChannel(GtpEngine(seed=9))),
        LocalGameSettings(size=9),
        save_path=save,
    )
    await backend.start()
    app = PlayApp(model, backend)
    try:
        async with app.run_test(size=(width, height)) as pilot:
            await _wait_until(pilot, lambda: 1 in model.followed)
            game = model.followed[1]
            await _steady(pilot)
            for text in PLAY_MOVES:
                point = parse_point(text, 9)
                legal = game.board.check(point, Color.BLACK, enforce_turn=True).legal
                if game.phase is not GamePhase.PLAYING or not legal:
                    continue
                before = len(game.moves)
                await pilot.press(*text.lower(), "enter")
                await _wait_until(pilot, partial(_has_moves, game, before + 2))
            await backend.idle()
            await _steady(pilot)
            await _steady(pilot)
            _save(app, out_dir, "play-engine", width, height)
    finally:
        await backend.close()
        save.unlink(missing_ok=True)


async def player_card(out_dir: Path, width: int, height: int) -> None:
    """``s`` on a player in the user list: the card, filled in as the server answers."""
    from igs_tui.model import PlayerCard, PlayerResults
    from igs_tui.model import changes as ch
    from igs_tui.model.cards import PlayedGame

    model = demo_model()
    app = IgsApp(model, demo_backend(model))
    async with app.run_test(size=(width, height)) as pilot:
        await _steady(pilot)
        await pilot.press("f4")
        await _steady(pilot)
        await pilot.press("down", "down", "s")
        await _wait_until(pilot, lambda: type(app.screen).__name__ == "PlayerCardScreen")
        name = getattr(app.screen, "player", "")
        details = (
            ("Player", name),
            ("Rating", "3k*  1840"),
            ("Rated Games", "214"),
            ("Wins", "118"),
            ("Losses", "96"),
            ("Idle Time", "(On server) 2m"),
            ("Country", "Japan"),
            ("Info", "Fuseki fan; happy to review games"),
            ("Playing in game", "1"),
            ("Toggles", "open on, looking off, quiet off, shout on"),
        )
        model.apply(ch.PlayerCardReceived(PlayerCard(name, details)))
        played = (
            PlayedGame("hikaru", True, "B", "4k*", "3k*", "B+5.5", 0, "6.5", 19, "21-19-02"),
            PlayedGame("sai", False, "W", "4k*", "2d*", "B+Resign", 4, "0.5", 19, "22-20-15"),
            PlayedGame("akari", True, "W", "4k*", "5k*", "W+12.5", 0, "6.5", 19, "24-18-40"),
            PlayedGame("waya", True, "B", "3k*", "3k*", "B+Time", 0, "6.5", 19, "26-21-07"),
        )
        model.apply(ch.PlayerResultsReceived(PlayerResults(name, played)))
        await _steady(pilot)
        await _steady(pilot)
        _save(app, out_dir, "player-card", width, height)


async def messages(out_dir: Path, width: int, height: int) -> None:
    """The messages the server kept for us (palette: Messages)."""
    from igs_tui.model import changes as ch
    from igs_tui.model.mailbox import ServerMessage

    model = demo_model()
    app = IgsApp(model, demo_backend(model))
    async with app.run_test(size=(width, height)) as pilot:
        await _steady(pilot)
        app.show_messages()
        await _wait_until(pilot, lambda: type(app.screen).__name__ == "MessagesScreen")
        found = (
            ServerMessage("igsbot", "11/25/26 08:02", "Welcome! Type 'match igsbot' to play me."),
            ServerMessage(_opponent(model), "11/25/26 21:40", "Thanks for the game, rematch?"),
        )
        model.apply(ch.MessagesListed(found))
        await _steady(pilot)
        await _steady(pilot)
        _save(app, out_dir, "messages", width, height)


async def observers(out_dir: Path, width: int, height: int) -> None:
    """``v`` on a board: who watches the game."""
    from igs_tui.model import changes as ch

    model = demo_model()
    app = IgsApp(model, demo_backend(model))
    async with app.run_test(size=(width, height)) as pilot:
        await _steady(pilot)
        await pilot.press("f2")
        await _steady(pilot)
        number = min(model.followed)
        app.show_observers(number)
        await _wait_until(pilot, lambda: type(app.screen).__name__ == "ObserversScreen")
        names = [p.name for p in list(model.players)[:9]]
        model.apply(ch.ObserversListed(number, tuple((n, "5k") for n in names)))
        await _steady(pilot)
        await _steady(pilot)
        _save(app, out_dir, "observers", width, height)


async def automatch(out_dir: Path, width: int, height: int) -> None:
    """Automatch (palette: Automatch…): the server's setups, while seeking."""
    from igs_tui.model import changes as ch
    from igs_tui.model.lobby import Seek, SeekSetup

    model = demo_model()
    app = IgsApp(model, demo_backend(model))
    async with app.run_test(size=(width, height)) as pilot:
        await _steady(pilot)
        app.show_seek()
        await _wait_until(pilot, lambda: type(app.screen).__name__ == "SeekScreen")
        setups = tuple(SeekSetup(i, 60, byo, 25) for i, byo in enumerate((600, 420, 300, 900)))
        model.apply(ch.SeekSetupsListed(setups))
        model.apply(ch.SeekChanged(Seek(setups[0], 19)))
        await _steady(pilot)
        await _steady(pilot)
        _save(app, out_dir, "automatch", width, height)


async def stored_games(out_dir: Path, width: int, height: int) -> None:
    """Our adjourned games on the server (palette: Stored games, or ctrl+l on a board)."""
    from igs_tui.model import changes as ch

    model = demo_model()
    app = IgsApp(model, demo_backend(model))
    async with app.run_test(size=(width, height)) as pilot:
        await _steady(pilot)
        app.show_stored()
        await _wait_until(pilot, lambda: type(app.screen).__name__ == "StoredGamesScreen")
        me, other = model.me or "me", _opponent(model)
        model.apply(ch.StoredGamesListed((f"{other}-{me}", f"{me}-igsbot")))
        await _steady(pilot)
        await _steady(pilot)
        _save(app, out_dir, "stored-games", width, height)


async def rooms(out_dir: Path, width: int, height: int) -> None:
    """The server's rooms (palette: Rooms)."""
    from igs_tui.model import changes as ch
    from igs_tui.model.lobby import Room

    model = demo_model()
    app = IgsApp(model, demo_backend(model))
    async with app.run_test(size=(width, height)) as pilot:
        await _steady(pilot)
        app.show_rooms()
        await _wait_until(pilot, lambda: type(app.screen).__name__ == "RoomsScreen")
        listed = (Room(0, "Lobby", 412), Room(1, "Free chat", 37), Room(2, "Tournament", 64))
        model.apply(ch.RoomsListed((*listed, Room(3, "Teaching", 9))))
        model.apply(ch.RoomJoined(0))
        await _steady(pilot)
        await _steady(pilot)
        _save(app, out_dir, "rooms", width, height)


async def analysis(out_dir: Path, width: int, height: int) -> None:
    """Live analysis (alt+a) of the observed game by GNU Go: candidate letters on the board,
    winrate and score lead, and the graph in the panel."""
    import shutil

    from igs_tui.backends.engine.analysis import GtpAnalysis

    gnugo = shutil.which("gnugo") or "/usr/games/gnugo"
    model = demo_model()
    engine = GtpAnalysis([gnugo, "--mode", "gtp", "--level", "1", "--seed", "1"], name="gnugo")
    app = IgsApp(model, demo_backend(model), analysis=engine)
    async with app.run_test(size=(width, height)) as pilot:
        await _steady(pilot)
        await pilot.press("f2")
        await _steady(pilot)
        await pilot.press("alt+a")
        view = app.screen.query("GameView").first()
        await _wait_until(pilot, lambda: bool(view.board.picture.labels))  # type: ignore[attr-defined]
        for _ in range(40):
            await pilot.pause(0.1)
        await _steady(pilot)
        _save(app, out_dir, "analysis", width, height)
        await engine.close()


async def sounds(out_dir: Path, width: int, height: int) -> None:
    """Which events ring the bell (palette: Sounds…; alt+m mutes them all)."""
    model = demo_model()
    app = IgsApp(model, demo_backend(model))
    async with app.run_test(size=(width, height)) as pilot:
        await _steady(pilot)
        app.show_sounds()
        await _wait_until(pilot, lambda: type(app.screen).__name__ == "SoundsScreen")
        await _steady(pilot)
        _save(app, out_dir, "sounds", width, height)


async def review(out_dir: Path, width: int, height: int) -> None:
    """A record file under review (palette: Open record…, or ``igs-tui review FILE``): the
    Ishi specification's sample yose problem, at a move with a comment and marks."""
    from igs_tui.ui.review.review_open import load_record
    from igs_tui.ui.review.review_screen import ReviewScreen

    sample = Path(__file__).resolve().parent.parent / "tests/records/data/ishi_spec_sample.go"
    loaded = load_record(str(sample))
    if isinstance(loaded, str):
        raise RuntimeError(loaded)
    app = demo_app()
    async with app.run_test(size=(width, height)) as pilot:
        await _steady(pilot)
        screen = ReviewScreen(loaded[1], loaded[0])
        await app.push_screen(screen)
        await _steady(pilot)
        await pilot.press("greater_than_sign", "right", "right", "right")
        await _steady(pilot)
        if "kiri" not in str(screen.query_one("#review-comment").render()):
            raise RuntimeError("the review did not reach the commented move")
        _save(app, out_dir, "review", width, height)


SCENES: list[tuple[str, Scene]] = [
    ("match-dialog", match_dialog),
    ("challenge", challenge),
    ("own-game", own_game),
    ("scoring", scoring),
    ("result", result),
    ("play-engine", play_engine),
    ("player-card", player_card),
    ("messages", messages),
    ("observers", observers),
    ("automatch", automatch),
    ("stored-games", stored_games),
    ("rooms", rooms),
    ("sounds", sounds),
    ("analysis", analysis),
    ("review", review),
]


def parse_size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    if not (width.isdigit() and height.isdigit()):
        raise argparse.ArgumentTypeError(f"size must look like 80x24, not {text!r}")
    return int(width), int(height)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write SVG screenshots of igs-tui's screens.")
    parser.add_argument(
        "--out", type=Path, default=Path(__file__).resolve().parent.parent / "screenshots"
    )
    parser.add_argument("--size", type=parse_size, action="append", help="WxH (repeatable)")
    parser.add_argument(
        "--only", action="append", default=[], help="screen or scene name prefix (repeatable)"
    )
    args = parser.parse_args(argv)
    sizes = args.size or DEFAULT_SIZES
    files = asyncio.run(capture(demo_app, args.out, sizes, tuple(args.only)))
    for path in files:
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
