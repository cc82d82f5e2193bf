"""``python -m igs_tui.localserver --port N [--host H] [--accounts FILE] [--dialect nngs]``: run
the server alone."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

from igs_tui.localserver.config import AccountFileError, ServerConfig, load_accounts
from igs_tui.localserver.dialect import DIALECTS
from igs_tui.localserver.server import LocalServer


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m igs_tui.localserver",
        description="Run the IGS-compatible local server (prints the port it listens on).",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=0, help="port (default: any free port)")
    parser.add_argument("--accounts", metavar="FILE", help="JSON list of accounts to use")
    parser.add_argument(
        "--gnugo",
        action="store_true",
        help="let the bots play with GNU Go (GTP) instead of the built-in greedy player",
    )
    parser.add_argument(
        "--no-world", action="store_true", help="no bot games and no broadcast game"
    )
    parser.add_argument(
        "--dialect",
        choices=sorted(DIALECTS),
        default="igs",
        help="which server to imitate: igs (default) or nngs (the No Name Go Server)",
    )
    return parser


async def _run(server: LocalServer) -> None:
    port = await server.start()
    print(f"igs-tui local server listening on {server.host} port {port}", flush=True)
    try:
        await server.serve_forever()
    finally:
        await server.stop()


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    config = ServerConfig(dialect=args.dialect)
    if args.accounts:
        try:
            config.accounts = load_accounts(args.accounts)
        except AccountFileError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
    if args.gnugo:
        from igs_tui.localserver.gtp_source import gtp_move_source_factory

        config.bot_move_source = gtp_move_source_factory()
    if args.no_world:
        config.bot_games = 0
        config.broadcast = False
    server = LocalServer(args.host, args.port, config=config)
    try:
        asyncio.run(_run(server))
    except KeyboardInterrupt:
        return 0
    except OSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
