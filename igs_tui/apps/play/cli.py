"""``igs-tui play``: a game against a local GTP engine on the same board UI as IGS games.

The engine is started and the game set up *before* the terminal UI takes over, so an engine
that cannot start (not installed, refuses the board size, dies at once) is a plain message on
stderr and exit status 1, never a traceback in a half-drawn screen. Bad options are argparse
errors (exit status 2).

Default engine: GNU Go at level 1 when installed (on Debian it lives in /usr/games, which is
often not on PATH), otherwise the tiny built-in engine, so the command always works.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shlex
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path

from igs_tui.backends.engine.backend import EngineBackend, LocalGameSettings
from igs_tui.backends.engine.local_game import LocalGameError
from igs_tui.go import MAX_SIZE, MIN_SIZE, Color
from igs_tui.go.timecontrol import TimeSettings
from igs_tui.gtp.errors import GtpError

GAMES_DIR = "/usr/games"
GNUGO_FALLBACK = "/usr/games/gnugo"
GNUGO_ARGS = ("--mode", "gtp", "--level", "1")


def default_engine() -> list[str]:
    """GNU Go at level 1 if installed, else the built-in engine in this Python."""
    gnugo = shutil.which("gnugo") or GNUGO_FALLBACK
    if os.access(gnugo, os.X_OK):
        return [gnugo, *GNUGO_ARGS]
    return [sys.executable, "-m", "igs_tui.cli", "gtp-engine"]


def resolve_engine(argv: Sequence[str]) -> list[str]:
    """``argv`` with a bare program name that is not on PATH looked up in /usr/games.

    Debian installs GNU Go there and many PATHs lack it, so the issue's own example
    ``--engine "gnugo --mode gtp --level 1"`` would otherwise fail on such systems.
    """
    program, *rest = argv
    if os.sep in program or shutil.which(program) is not None:
        return list(argv)
    candidate = os.path.join(GAMES_DIR, program)
    return [candidate, *rest] if os.access(candidate, os.X_OK) else list(argv)


def _size(text: str) -> int:
    value = _int(text)
    if not MIN_SIZE <= value <= MAX_SIZE:
        raise argparse.ArgumentTypeError(f"board size must be {MIN_SIZE}..{MAX_SIZE}, not {value}")
    return value


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None


def _minutes(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of minutes: {text!r}") from None
    if not 0 <= value <= 24 * 60:
        raise argparse.ArgumentTypeError(f"minutes must be 0..1440, not {text}")
    return value


def _engine(text: str) -> list[str]:
    try:
        argv = shlex.split(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"bad engine command line: {exc}") from None
    if not argv:
        raise argparse.ArgumentTypeError("the engine command line is empty")
    return argv


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="igs-tui play",
        description="Play a game against a local GTP engine on the board UI. Play ends after "
        "two passes in a row; the engine's dead stones are pre-marked (select a stone to "
        "toggle its chain), ctrl+d counts and compares our score with the engine's. The game "
        "is saved as SGF after every move.",
    )
    parser.add_argument(
        "--engine",
        metavar="CMD",
        type=_engine,
        help="GTP engine command line (default: 'gnugo --mode gtp --level 1' if installed, "
        "else the built-in engine)",
    )
    parser.add_argument(
        "--size", type=_size, default=19, help=f"board size {MIN_SIZE}-{MAX_SIZE} (default 19)"
    )
    parser.add_argument(
        "--handicap", type=_int, default=0, metavar="N", help="handicap stones (0, or 2 and more)"
    )
    parser.add_argument(
        "--komi", type=float, default=None, help="komi (default 6.5; 0.5 with a handicap)"
    )
    parser.add_argument(
        "--color", choices=("black", "white"), default="black", help="your colour (default black)"
    )
    parser.add_argument(
        "--time",
        type=_minutes,
        default=0.0,
        metavar="MAIN_MINUTES",
        help="main time in minutes for each side (0 with no byo-yomi: no clock; default 0)",
    )
    parser.add_argument(
        "--byo-yomi",
        type=_minutes,
        default=0.0,
        metavar="MINUTES",
        help="Canadian byo-yomi period in minutes (0: none, main time is absolute)",
    )
    parser.add_argument(
        "--byo-stones",
        type=_int,
        default=25,
        metavar="N",
        help="stones to play in each byo-yomi period (default 25)",
    )
    parser.add_argument("--save", metavar="PATH", help="write the SGF record here")
    parser.add_argument(
        "--free-handicap",
        action="store_true",
        help="place handicap stones freely (set_free_handicap) instead of the fixed points",
    )
    return parser


def settings_from_args(args: argparse.Namespace) -> LocalGameSettings:
    """Check option combinations argparse cannot; raises :class:`ValueError` with the reason."""
    size: int = args.size
    handicap: int = args.handicap
    if handicap < 0 or handicap == 1:
        raise ValueError(f"--handicap must be 0 or at least 2, not {handicap}")
    if handicap and handicap >= size * size:
        raise ValueError(f"--handicap {handicap} does not fit on a {size}x{size} board")
    if args.byo_stones < 1:
        raise ValueError("--byo-stones must be at least 1")
    komi = args.komi if args.komi is not None else (0.5 if handicap else 6.5)
    if not -1000 < komi < 1000:
        raise ValueError(f"--komi {komi:g} is out of range")
    main = round(args.time * 60)
    byo = round(args.byo_yomi * 60)
    if args.byo_yomi and byo == 0:
        raise ValueError("--byo-yomi is shorter than a second")
    time: TimeSettings | None = None
    if main or byo:
        time = TimeSettings.from_gtp(main, byo, args.byo_stones if byo else 0)
    return LocalGameSettings(
        size=size,
        komi=komi,
        handicap=handicap,
        color=Color.BLACK if args.color == "black" else Color.WHITE,
        time=time,
        free_handicap=args.free_handicap,
    )


def run_play_cli(argv: list[str]) -> int:
    """Entry point of ``igs-tui play``: 0 after a game, 1 if the engine cannot start."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        settings = settings_from_args(args)
    except ValueError as exc:
        parser.error(str(exc))
    engine = resolve_engine(args.engine) if args.engine else default_engine()
    from igs_tui.archive.autosave import default_games_dir

    save = Path(args.save) if args.save else None
    return asyncio.run(play(engine, settings, save_path=save, games_dir=default_games_dir()))


async def play(
    engine: Sequence[str],
    settings: LocalGameSettings,
    *,
    save_path: Path | None = None,
    games_dir: Path | None = None,
) -> int:
    """Start the engine and the game, run the UI until the user quits, stop the engine."""
    from igs_tui.apps.play.app import PlayApp
    from igs_tui.model import ClientModel

    model = ClientModel()
    backend = EngineBackend(model, list(engine), settings, save_path=save_path, games_dir=games_dir)
    try:
        await backend.start()
    except (GtpError, LocalGameError, OSError) as exc:
        print(f"igs-tui play: cannot play against {shlex.join(engine)}:\n{exc}", file=sys.stderr)
        return 1
    app = PlayApp(model, backend)
    try:
        await app.run_async()
    finally:
        await backend.close()
    if backend.record_path is not None and backend.save_error is None:
        print(f"Game record: {backend.record_path}")
    return 0
