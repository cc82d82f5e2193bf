"""Command line entry point: ``igs-tui`` runs the client; subcommands run the tools.

Subcommands import their modules lazily so that ``igs-tui --help`` and ``--version`` stay fast
and work even where an optional part (such as the UI) cannot start.
"""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Sequence
from typing import TypedDict

from igs_tui import __version__

LOCAL_DIALECTS = ("igs", "nngs")
"""The embedded server's dialects (:mod:`igs_tui.localserver.dialect`), named here so the
parser stays light."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="igs-tui",
        description="Keyboard-driven terminal client for IGS, the Pandanet Internet Go Server.",
    )
    parser.add_argument("--version", action="version", version=f"igs-tui {__version__}")
    parser.add_argument(
        "--local",
        action="store_true",
        help="start the embedded IGS-compatible server and connect to it (works offline)",
    )
    parser.add_argument(
        "--local-kgs",
        action="store_true",
        help="start the embedded fake KGS server (the KGS JSON protocol on 127.0.0.1) and "
        "connect to it (works offline; python -m igs_tui.localkgs runs it alone)",
    )
    parser.add_argument(
        "--kgs-protocol",
        choices=("json", "binary"),
        help="with --local-kgs: the protocol the client speaks to the fake KGS server, json "
        "(default: KGS's JSON form over http) or binary (kgs-protocol.txt over TCP)",
    )
    parser.add_argument(
        "--server",
        metavar="HOST:PORT",
        help="connect to this server instead of IGS; 'kgs' for KGS (its JSON protocol at "
        "www.gokgs.com), 'kgs:HOST:PORT' for another KGS JSON server over http (the fake "
        "one: python -m igs_tui.localkgs), 'kgs-binary:HOST:PORT' for a server of KGS's "
        "binary protocol over TCP (the fake one with --binary-port)",
    )
    parser.add_argument(
        "--dialect",
        choices=LOCAL_DIALECTS,
        help="with --local: the server the embedded one imitates, igs (default) or nngs",
    )
    parser.add_argument(
        "--accessible",
        action="store_true",
        help="no screen: events are printed as sentences and commands typed line by line "
        "(for screen readers); with --user NAME to log in to an account",
    )
    parser.add_argument("--user", metavar="NAME", help="with --accessible: the account to use")
    parser.add_argument(
        "--encoding",
        metavar="CODEC",
        help="how to read text that is not UTF-8: gb18030 (the default: Chinese), cp932 "
        '(Japanese), euc_kr (Korean), big5 (Traditional Chinese), or none; also "encoding" '
        "in config.json",
    )
    parser.add_argument(
        "--engine",
        metavar="CMD",
        help="GTP engine command line for score estimates, dead-stone hints and live "
        "analysis (alt+a on a board, also in 'review') "
        "(e.g. '/usr/games/gnugo --mode gtp --level 1')",
    )
    parser.add_argument(
        "--no-record",
        action="store_true",
        help="write no session transcript (sessions/ in the data folder) for this run; "
        'also the login form\'s "Record session" box, kept as "record_sessions" in config.json',
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    convert = sub.add_parser(
        "convert",
        help="convert a game record between SGF (.sgf) and Ishi (.go/.ishi)",
        description="Convert a game record; formats are chosen by file extension "
        "(.sgf for SGF, .go or .ishi for the Ishi Standard Format).",
    )
    convert.add_argument("input", help="record to read")
    convert.add_argument("output", help="record to write (not created if the input is bad)")

    parse = sub.add_parser(
        "parse",
        help="print the protocol events of a recorded IGS session as JSON lines",
        description="Parse a raw IGS transcript (as written by the session recorder) and print "
        "one JSON object per event.",
    )
    parse.add_argument("file", help="transcript file ('-' for standard input)")

    replay = sub.add_parser(
        "replay",
        help="play recorded IGS sessions again offline and write each game's SGF",
        description="Feed session transcripts (as the session recorder writes them, one per "
        "connection, in order) through the client's IGS session and model, without a server; "
        "write each game's record as autosave would and print one JSON object per game.",
    )
    replay.add_argument("files", nargs="+", metavar="TRANSCRIPT", help="transcript files")
    replay.add_argument(
        "--sgf-dir", required=True, metavar="DIR", help="where the game records are written"
    )

    review = sub.add_parser(
        "review",
        help="review a game record (SGF or Ishi) in the board UI, without a server",
        description="Open a game record to browse its moves, variations and comments, and "
        "save it as SGF (.sgf) or Ishi (.go/.ishi). No server is contacted.",
    )
    review.add_argument("file", help="record to open (.sgf, .go or .ishi)")

    estimate = sub.add_parser(
        "estimate",
        help="estimate the score of a game record without an engine (one JSON line)",
        description="Replay a record's main line and print the estimated score as one JSON "
        'line: {"black": ..., "white": ..., "result": "B+3.5", "dead": ["D4", ...]}.',
    )
    estimate.add_argument("file", help="record to estimate (.sgf, .go or .ishi)")
    estimate.add_argument("--move", type=int, help="estimate after this move (default: the end)")
    estimate.add_argument("--komi", type=float, help="komi to count with (default: the record's)")

    serve = sub.add_parser(
        "serve",
        help="serve the app to a web browser (textual-serve), on 127.0.0.1 unless told",
        description="Run igs-tui in a browser: one app per browser session. Use the main "
        "options before 'serve' (igs-tui --local serve) to choose the server.",
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on")
    serve.add_argument("--port", type=int, default=8000, help="port to listen on (8000)")
    serve.add_argument(
        "--max-sessions",
        type=int,
        default=1,
        metavar="N",
        help="browser sessions that may run at once (1); each is a client run as you",
    )

    gtp_engine = sub.add_parser(
        "gtp-engine",
        help="run the tiny built-in GTP v2 engine on standard input/output",
        description="A small GTP v2 engine (legal random/greedy moves) for tests and the "
        "local server's bots. Options after the command are passed to the engine.",
    )
    gtp_engine.add_argument("engine_args", nargs=argparse.REMAINDER, help="engine options")

    sub.add_parser(
        "play",
        help="play a game against a local GTP engine on the board UI",
        description="Play against a GTP engine (see 'igs-tui play --help').",
        add_help=False,
    )
    sub.add_parser(
        "bot",
        help="let a GTP engine play on IGS (or any IGS-compatible server) as a bot",
        description="Bridge a GTP engine to an IGS server (see 'igs-tui bot --help').",
        add_help=False,
    )
    return parser


PASSTHROUGH = {
    # subcommand -> (module, function): these parse their own options from the raw arguments
    # (argparse's REMAINDER mishandles options such as "--seed N" after a subcommand).
    "gtp-engine": ("igs_tui.gtp.engine", "run_gtp_engine_cli"),
    "play": ("igs_tui.apps.play.cli", "run_play_cli"),
    "bot": ("igs_tui.apps.bot.cli", "run_bot_cli"),
}


class AppOptions(TypedDict):
    """What the screen app is started with, in the terminal (``run_app``) or a browser
    (``serve``)."""

    local: bool
    server: str | None
    dialect: str | None
    encoding: str | None
    engine: str | None
    record: bool


def app_options(args: argparse.Namespace) -> AppOptions:
    return AppOptions(
        local=args.local,
        server=args.server,
        dialect=args.dialect,
        encoding=args.encoding,
        engine=args.engine,
        record=not args.no_record,
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list and args_list[0] in PASSTHROUGH:
        import importlib

        module_name, function = PASSTHROUGH[args_list[0]]
        run = getattr(importlib.import_module(module_name), function)
        return int(run(args_list[1:]))
    args = parser.parse_args(args_list)
    if args.command == "convert":
        from igs_tui.records.convert import run_convert_cli

        return run_convert_cli(args.input, args.output)
    if args.command == "parse":
        from igs_tui.apps.parse_cli import run_parse_cli

        return run_parse_cli(args.file)
    if args.command == "replay":
        from igs_tui.apps.replay_cli import run_replay_cli

        return run_replay_cli(args.files, args.sgf_dir)
    if args.command == "review":
        if args.local or args.server or args.dialect:
            parser.error("review opens a file without a server: leave out --local/--server")
        from igs_tui.apps.review_cli import run_review_cli

        return run_review_cli(args.file, args.engine)
    if args.command == "estimate":
        from igs_tui.apps.estimate_cli import run_estimate_cli

        return run_estimate_cli(args.file, args.move, args.komi)
    if args.command == "serve":
        if args.local_kgs:
            parser.error("serve does not start the fake KGS server: leave out --local-kgs")
        if args.accessible or args.user:
            parser.error("serve runs the screen app in a browser: leave out --accessible")
        if args.local and args.server:
            parser.error("--local and --server cannot be used together")
        from igs_tui.apps.serve import run_serve

        return run_serve(
            host=args.host, port=args.port, max_sessions=args.max_sessions, **app_options(args)
        )
    if args.local_kgs:
        if args.local or args.server or args.dialect or args.accessible or args.user:
            parser.error(
                "--local-kgs runs the fake KGS server: leave out --local, --server, --dialect, "
                "--accessible and --user"
            )
        from igs_tui.apps.local_kgs import run_local_kgs

        return run_local_kgs(
            engine=args.engine,
            encoding=args.encoding,
            record=not args.no_record,
            protocol=args.kgs_protocol or "json",
        )
    if args.kgs_protocol is not None:
        parser.error("--kgs-protocol goes with --local-kgs (use --server kgs-binary:HOST:PORT)")
    if args.dialect is not None and not args.local:
        parser.error("--dialect needs --local (it chooses what the embedded server imitates)")
    if args.user is not None and not args.accessible:
        parser.error("--user goes with --accessible (the app asks on its login screen)")
    if args.accessible:
        if args.local and args.server:
            parser.error("--local and --server cannot be used together")
        if args.server and args.server.strip().lower().partition(":")[0] in ("kgs", "kgs-binary"):
            parser.error("--accessible speaks IGS only for now: leave out --server kgs")
        from igs_tui.apps.accessible.main import run_accessible

        return run_accessible(
            local=args.local,
            server=args.server,
            user=args.user,
            dialect=args.dialect,
            record=not args.no_record,
        )
    # Importing Textual and our screens makes hundreds of thousands of objects and next to no
    # garbage: the cyclic collector walked them again and again (a tenth of the time to the
    # first screen). It is off until the app is about to run (see ``tune_gc``).
    gc.disable()
    try:
        from igs_tui.apps.client import run_app

        return run_app(**app_options(args))
    finally:
        gc.enable()


if __name__ == "__main__":
    raise SystemExit(main())
