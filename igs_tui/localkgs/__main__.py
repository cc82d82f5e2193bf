"""``python -m igs_tui.localkgs --port N [--binary-port M] [--host H] [--time-scale X]
[--no-watched]``: run the fake KGS server alone; it prints the URL a KGS JSON client should
use and, with ``--binary-port``, the address of the binary protocol (kgs-protocol.txt) too."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

from igs_tui.localkgs.server import LocalKgsServer
from igs_tui.localkgs.world import KgsServerConfig


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m igs_tui.localkgs",
        description="Run the fake KGS server (the KGS JSON protocol over HTTP at /json/access).",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=0, help="port (default: any free port)")
    parser.add_argument(
        "--binary-port",
        type=int,
        metavar="M",
        help="also serve the binary KGS protocol (kgs-protocol.txt) over TCP on this port "
        "(0: any free port); a client connects with igs-tui --server kgs-binary:HOST:M",
    )
    parser.add_argument(
        "--time-scale",
        type=float,
        default=1.0,
        help="run game time this many times faster than real time (clocks, robots, idle)",
    )
    parser.add_argument(
        "--no-watched", action="store_true", help="no game to observe in the English Room"
    )
    return parser


async def _run(server: LocalKgsServer) -> None:
    await server.start()
    print(f"igs-tui fake KGS server listening on {server.url}", flush=True)
    if server.binary_port is not None:
        print(
            f"binary KGS protocol on {server.host}:{server.binary_port} "
            f"(igs-tui --server kgs-binary:{server.host}:{server.binary_port})",
            flush=True,
        )
    try:
        await server.serve_forever()
    finally:
        await server.stop()


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.time_scale <= 0:
        print("error: --time-scale must be positive", file=sys.stderr)
        return 2
    config = KgsServerConfig(watched_game=not args.no_watched)
    if args.binary_port is not None and not 0 <= args.binary_port < 65536:
        print("error: --binary-port must be 0 to 65535", file=sys.stderr)
        return 2
    server = LocalKgsServer(
        args.host,
        args.port,
        config=config,
        time_scale=args.time_scale,
        binary_port=args.binary_port,
    )
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
