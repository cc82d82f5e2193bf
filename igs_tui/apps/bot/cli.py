"""``igs-tui bot``: run a GTP engine as a bot on IGS (or any IGS-compatible server).

Exit status: 0 after ``--games N`` finished games, 1 when the login is refused, the server
cannot be reached or the engine cannot run, 2 for bad options, 130 after Ctrl-C (the bridge
quits the server and closes the engine first).

The password comes from ``--password-file`` (first line), else ``$IGS_TUI_BOT_PASSWORD``, else
a prompt when standard input is a terminal; without one the server logs us in as a guest. It
is never written to the log.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import logging
import os
import shutil
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

from igs_tui.apps.bot.bridge import BotBridge, BotExit, engine_from_command
from igs_tui.apps.bot.policy import BotPolicy, UndoPolicy
from igs_tui.backends.igs.net.client import ClientConfig
from igs_tui.backends.igs.net.servers import IGS_SERVERS, ServerAddress, parse_server
from igs_tui.backends.igs.profiles import ProfileStore, default_profiles_path

PASSWORD_ENV = "IGS_TUI_BOT_PASSWORD"


def default_engine() -> str:
    """GNU Go in GTP mode (Debian installs it outside PATH, in /usr/games)."""
    return f"{shutil.which('gnugo') or '/usr/games/gnugo'} --mode gtp"


def _sizes(text: str) -> frozenset[int]:
    try:
        sizes = frozenset(int(part) for part in text.split(",") if part.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"sizes must be numbers like 9,13,19: {text!r}") from None
    if not sizes or any(not 2 <= s <= 19 for s in sizes):
        raise argparse.ArgumentTypeError(f"sizes must be between 2 and 19: {text!r}")
    return sizes


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative: {value}")
    return value


def _positive(text: str) -> int:
    value = _non_negative(text)
    if value == 0:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _server(text: str) -> ServerAddress:
    try:
        return parse_server(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="igs-tui bot",
        description="Let a GTP engine play on IGS: accept matching requests, relay moves, "
        "score with the engine's dead stones, and keep playing game after game.",
    )
    parser.add_argument(
        "--engine",
        metavar="CMD",
        default=None,
        help="engine command line (default: GNU Go, 'gnugo --mode gtp')",
    )
    parser.add_argument(
        "--server",
        metavar="HOST:PORT",
        type=_server,
        default=None,
        help="server to play on (default: IGS, trying each of its published addresses)",
    )
    parser.add_argument("--user", required=True, help="account name of the bot")
    parser.add_argument(
        "--password-file",
        metavar="FILE",
        type=Path,
        help=f"read the password from the first line of FILE (else ${PASSWORD_ENV}, "
        "else a prompt on a terminal, else a guest login)",
    )
    parser.add_argument(
        "--sizes", type=_sizes, default=frozenset({9, 13, 19}), help="board sizes (9,13,19)"
    )
    parser.add_argument(
        "--max-handicap", type=_non_negative, default=9, metavar="N", help="default 9"
    )
    parser.add_argument(
        "--min-time",
        type=_non_negative,
        default=0,
        metavar="MINUTES",
        help="shortest main time accepted (default 0)",
    )
    parser.add_argument(
        "--max-time",
        type=_non_negative,
        default=90,
        metavar="MINUTES",
        help="longest main time accepted (default 90)",
    )
    rated = parser.add_mutually_exclusive_group()
    rated.add_argument("--rated-only", action="store_true", help="decline free games")
    rated.add_argument("--free-only", action="store_true", help="decline rated games")
    parser.add_argument(
        "--undo",
        choices=[p.value for p in UndoPolicy],
        default=UndoPolicy.DECLINE.value,
        help="how to answer the opponent's undo requests (default: decline)",
    )
    parser.add_argument(
        "--games", type=_positive, default=None, metavar="N", help="stop after N games"
    )
    parser.add_argument(
        "--sgf-dir",
        type=Path,
        default=None,
        metavar="DIR",
        help="where each game is saved as SGF (default: the user data dir's bot-games/)",
    )
    parser.add_argument(
        "--genmove-timeout",
        type=_positive,
        default=300,
        metavar="SECONDS",
        help="longest the engine may think about one move (default 300)",
    )
    parser.add_argument(
        "--send-rate",
        type=_positive_rate,
        default=3.0,
        metavar="PER_SECOND",
        help="commands sent per second at most (default 3: IGS disconnects faster clients; "
        "raise it only for a server of your own)",
    )
    return parser


def _positive_rate(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not (0 < value <= 1000):
        raise argparse.ArgumentTypeError("must be more than 0 and at most 1000")
    return value


def read_password(args: argparse.Namespace, parser: argparse.ArgumentParser) -> str:
    if args.password_file is not None:
        try:
            path: Path = args.password_file
            with path.open(encoding="utf-8") as handle:
                line: str = handle.readline()
            return line.rstrip("\r\n")
        except (OSError, UnicodeDecodeError) as exc:
            parser.error(f"cannot read the password file: {exc}")
    from_env = os.environ.get(PASSWORD_ENV)
    if from_env:
        return from_env
    if sys.stdin.isatty():
        try:
            return getpass.getpass(f"IGS password for {args.user} (empty for a guest): ")
        except (EOFError, KeyboardInterrupt):
            return ""
    return ""


def _setup_logging() -> None:
    logger = logging.getLogger("igs_tui.bot")
    if not any(getattr(h, "_igs_tui_bot", False) for h in logger.handlers):
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%Y-%m-%d %H:%M:%S"))
        handler._igs_tui_bot = True  # type: ignore[attr-defined]
        logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False


def run_bot_cli(argv: list[str]) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.min_time > args.max_time:
            parser.error("--min-time must not be above --max-time")
        password = read_password(args, parser)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 2
    policy = BotPolicy(
        sizes=args.sizes,
        max_handicap=args.max_handicap,
        min_time=args.min_time,
        max_time=args.max_time,
        rated=True if args.rated_only else False if args.free_only else None,
        undo=UndoPolicy(args.undo),
    )
    servers: Sequence[ServerAddress] = [args.server] if args.server is not None else IGS_SERVERS
    bridge = BotBridge(
        args.user,
        password,
        engine=engine_from_command(
            args.engine or default_engine(), genmove_timeout=args.genmove_timeout
        ),
        policy=policy,
        client_config=ClientConfig(servers=servers),
        games=args.games,
        sgf_dir=args.sgf_dir,
        profiles=ProfileStore(default_profiles_path()),
        send_rate=args.send_rate,
    )
    _setup_logging()
    return int(asyncio.run(_run(bridge)))


async def _run(bridge: BotBridge) -> BotExit:
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, bridge.stop)
    try:
        return await bridge.run()
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)
