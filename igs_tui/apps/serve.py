"""``igs-tui serve``: the same app in a browser, through textual-serve.

textual-serve runs one app process per browser session and relays the terminal over a
websocket, so nothing of the app changes. It binds to the loopback interface unless told
otherwise. Every session is a client run as this user, so each start has its own token (in
the address printed), websockets from other sites are refused, and at most ``--max-sessions``
run at once (:mod:`igs_tui.apps.serve_guard`); a public address is warned about as well.
"""

from __future__ import annotations

import shlex
import sys
from typing import Any

SHUTDOWN_WAIT = 5.0
"""Seconds the server waits, when it stops, for its app processes to quit."""

LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
DEFAULT_PORT = 8000


def serve_command(
    *,
    local: bool,
    server: str | None,
    dialect: str | None,
    encoding: str | None = None,
    engine: str | None = None,
    record: bool = True,
) -> str:
    """The command each browser session runs: this Python, this program, the same options
    (``igs-tui --no-record serve`` must not record the sessions it serves)."""
    argv = [sys.executable, "-m", "igs_tui.cli"]
    if local:
        argv.append("--local")
        if dialect:
            argv += ["--dialect", dialect]
    elif server:
        argv += ["--server", server]
    if encoding:
        argv += ["--encoding", encoding]
    if engine:
        argv += ["--engine", engine]
    if not record:
        argv.append("--no-record")
    return shlex.join(argv)


def public_warning(host: str) -> str:
    """What to tell the user before serving on ``host`` ("" for loopback)."""
    if host in LOOPBACK:
        return ""
    return (
        f"igs-tui serve: WARNING: listening on {host}: anyone who can reach this port and "
        "learns the address with its token gets an igs-tui session run by you on this "
        "machine, over plain http (use --host 127.0.0.1 to keep it local)."
    )


def run_serve(
    *,
    host: str = "127.0.0.1",
    port: int = DEFAULT_PORT,
    local: bool = False,
    server: str | None = None,
    dialect: str | None = None,
    encoding: str | None = None,
    engine: str | None = None,
    record: bool = True,
    max_sessions: int = 1,
) -> int:
    """Serve the app until Ctrl+C; 2 if textual-serve is missing or the options are wrong."""
    try:
        from textual_serve.server import Server
    except ImportError:
        print("igs-tui serve needs textual-serve: pip install 'igs-tui[serve]'", file=sys.stderr)
        return 2
    if not 0 < port < 65536:
        print(f"igs-tui serve: port {port} is not 1-65535", file=sys.stderr)
        return 2
    if max_sessions < 1:
        print("igs-tui serve: --max-sessions must be at least 1", file=sys.stderr)
        return 2
    from igs_tui.apps.client import check_encoding_option, check_server_option

    try:  # a bad option is said once here, not by every browser session that fails on it
        check_encoding_option(encoding)
        if server:
            check_server_option(server)
    except ValueError as exc:
        print(f"igs-tui serve: error: {exc}", file=sys.stderr)
        return 2
    if warning := public_warning(host):
        print(warning, file=sys.stderr)
    command = serve_command(
        local=local,
        server=server,
        dialect=dialect,
        encoding=encoding,
        engine=engine,
        record=record,
    )
    from igs_tui.apps.serve_guard import ServeGuard, new_token

    guard = ServeGuard(new_token(), host, port, max_sessions)
    print(f"igs-tui serve: open {guard.url()} in a browser", file=sys.stderr, flush=True)
    closing_server(Server, guard)(command, host=host, port=port, title="igs-tui").serve()
    return 0


def closing_server(server_class: Any, guard: Any = None) -> Any:
    """textual-serve's ``Server``, made to stop its sessions' app processes while it stops.

    On Ctrl+C (or SIGTERM) textual-serve cancels each websocket's handler, and a cancelled
    handler never waits for its app process: the process was left to quit alone and its pipes
    were collected after the event loop had closed ("Exception ignored ... Event loop is
    closed" on every stop with a browser attached). Here each session's ``AppService`` is
    tracked from start to stop, and the server's shutdown hook stops them all (asks each app
    to quit and waits for it, :data:`SHUTDOWN_WAIT` seconds at most) while the loop runs.
    ``guard`` (a :class:`~igs_tui.apps.serve_guard.ServeGuard`) checks every request first.
    """
    import asyncio

    from textual_serve import server as serve_module

    running: set[Any] = set()
    base_service: Any = getattr(serve_module, "AppService")  # noqa: B009 (not exported)

    class TrackedAppService(base_service):  # type: ignore[misc]
        async def start(self, width: int, height: int) -> None:
            running.add(self)
            await super().start(width, height)

        async def stop(self) -> None:
            try:
                await super().stop()
                await self._let_go()
            finally:
                running.discard(self)

        async def _let_go(self) -> None:
            """Close the app process's stdin and wait for it to end: a pipe left open keeps
            its transport alive past the loop (textual-serve never closes it)."""
            process = getattr(self, "_process", None)
            if process is None:
                return
            if process.stdin is not None:
                process.stdin.close()
            if process.returncode is None:
                try:
                    await asyncio.wait_for(process.wait(), SHUTDOWN_WAIT)
                except TimeoutError:
                    process.kill()
                    await process.wait()

    class ClosingServer(server_class):  # type: ignore[misc]
        async def _make_app(self) -> Any:
            app = await super()._make_app()
            if guard is not None:  # the token, Origin and session checks come first
                app.middlewares.append(guard.middleware)
            return app

        async def on_shutdown(self, app: Any) -> None:
            await super().on_shutdown(app)
            stops = [service.stop() for service in list(running)]
            if stops:
                try:
                    await asyncio.wait_for(
                        asyncio.gather(*stops, return_exceptions=True), SHUTDOWN_WAIT
                    )
                except TimeoutError:
                    print("igs-tui serve: a session did not quit in time", file=sys.stderr)

    # handle_websocket makes its sessions from the name in its module
    setattr(serve_module, "AppService", TrackedAppService)  # noqa: B010
    return ClosingServer
