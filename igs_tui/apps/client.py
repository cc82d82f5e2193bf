"""Starts the terminal client: connects the Textual app to IGS (or the embedded local server).

This is glue, kept out of the UI package so the UI stays server-neutral: it builds the shared
model and the app, and hands the app a :class:`~igs_tui.apps.connector.Connector` that turns
each login request into a backend. Everything runs on the app's event loop: no threads, so
model changes and widget refreshes never race.
"""

from __future__ import annotations

import gc
import inspect
import sys
from typing import TYPE_CHECKING

from igs_tui.apps.connector import Connector as Connector
from igs_tui.backends.igs.encodings import DEFAULT_LEGACY_ENCODING
from igs_tui.model import ClientModel

if TYPE_CHECKING:
    # The IGS backend, the archive and the local server are imported when the first login
    # needs them: the login screen comes up without them (see run_app).
    from igs_tui.ui.app import IgsApp


def check_server_option(text: str) -> str:
    """Validate ``--server HOST:PORT`` and return it normalised (``host:port``).

    Raises:
        ValueError: naming the problem (no port, a port outside 1-65535, no host).
    """
    from igs_tui.backends.igs.net.servers import parse_server

    spec = text.strip()
    if not spec or (spec.rfind(":") <= spec.rfind("]")):
        raise ValueError(f"--server {text!r}: expected HOST:PORT (for example localhost:6969)")
    try:
        return str(parse_server(spec))
    except ValueError as exc:
        raise ValueError(f"--server {text!r}: {exc}") from None


def unknown_account(user: str, password: str, connected: object) -> bool:
    """The server logged us in as a guest although we gave a name and a password."""
    return bool(password) and user.lower() != "guest" and bool(getattr(connected, "guest", False))


def server_is_kgs(server: str | None) -> bool:
    """Does ``--server`` name KGS (``kgs``, ``kgs:HOST:PORT`` or ``kgs-binary:HOST:PORT``)?
    (No import: start-up.)"""
    return server is not None and server.strip().lower().partition(":")[0] in ("kgs", "kgs-binary")


def build_app(
    *,
    local: bool = False,
    server: str | None = None,
    engine: str | None = None,
    dialect: str | None = None,
    encoding: str | None = None,
    record: bool = True,
    login_hint: str | None = None,
) -> tuple[IgsApp, Connector]:
    """The app and its connector as the command line asks (separate from running, for tests).

    ``login_server`` preselects the server on the login screen: ``"local"`` with ``--local``,
    else the ``--server`` address. The keyword is only passed when this version of the app
    takes it. ``record`` False (``--no-record``) writes no session transcript, whatever the
    login form says. ``login_hint`` is a line on the login form (default with ``--local``:
    the embedded server's demo accounts).

    Raises:
        ValueError: a bad ``--server`` or ``--encoding``, or ``--local`` with ``--server``.
    """
    from igs_tui.ui.app import IgsApp
    from igs_tui.ui.settings import read_config

    legacy = check_encoding_option(encoding, read_config().get("encoding"))

    login_server: str | None = None
    if local and server:
        raise ValueError("--local and --server cannot be used together")
    kgs = server_is_kgs(server)
    if server and kgs:
        from igs_tui.apps.kgs_connect import parse_kgs_option

        address = parse_kgs_option(server)
        assert address is not None
        # The login form's KGS choice, with the address when it is not KGS's own.
        login_server = server.strip()
    elif server:
        login_server = check_server_option(server)
    elif local:
        login_server = "local"
    from igs_tui.ui.settings import load_limits

    model = ClientModel(limits=load_limits())
    server_config = None
    if local:
        from igs_tui.localserver.config import DEMO_OPENING_MOVES, ServerConfig

        server_config = ServerConfig(dialect=dialect or "igs", opening_moves=DEMO_OPENING_MOVES)
    connector = Connector(
        model,
        embedded=local,
        record=record,
        server_config=server_config,
        keep_profiles=True,
        kgs=kgs,
        kgs_binary=kgs and server is not None and server.strip().lower().startswith("kgs-binary"),
    )
    if legacy != DEFAULT_ENCODING:
        from igs_tui.backends.igs.net.client import ClientConfig

        connector.client_config = ClientConfig(legacy_encoding=legacy)
    options: dict[str, object] = {
        "echo_own": False,
        "shutdown": connector.close,
        "session": connector,
        "no_record": not record,
    }
    parameters = inspect.signature(IgsApp).parameters
    if login_server is not None and "login_server" in parameters:
        options["login_server"] = login_server
    if login_hint is None and local:
        login_hint = local_accounts_hint()
    if login_hint and "login_hint" in parameters:
        options["login_hint"] = login_hint
    if engine:
        from igs_tui.backends.engine.analysis import GtpAnalysis
        from igs_tui.backends.engine.assist import GtpAssist

        options["assist"] = GtpAssist(engine)
        options["analysis"] = GtpAnalysis(engine, name=engine_name(engine))
    return IgsApp.for_user(model, connector, **options), connector


def local_accounts_hint() -> str:
    """The embedded IGS server's demo accounts, as the login form lists them."""
    from igs_tui.localserver.config import DEMO_ACCOUNTS

    names = ", ".join(account.name for account in DEMO_ACCOUNTS)
    return f"Demo accounts: {names} (the password is the name), or a guest."


def engine_name(command: str) -> str:
    """What to call an engine in the panel: its program's name (``gnugo``, ``katago``)."""
    import shlex
    from pathlib import PurePath

    try:
        words = shlex.split(command)
    except ValueError:
        words = command.split()
    return PurePath(words[0]).name[:24] if words else "engine"


DEFAULT_ENCODING = DEFAULT_LEGACY_ENCODING
"""The legacy codec tried after UTF-8 unless the user chose another (the net layer's default)."""


def check_encoding_option(option: str | None, configured: object = None) -> str | None:
    """The legacy codec to read non-UTF-8 text with: ``--encoding``, else ``"encoding"`` in
    the config file, else :data:`DEFAULT_ENCODING`; ``None`` for "none" (UTF-8, then latin-1).

    Raises:
        ValueError: ``--encoding`` names no codec (a bad config value is ignored instead).
    """
    import codecs

    for value, source in ((option, "--encoding"), (configured, "")):
        if not isinstance(value, str) or not value.strip():
            continue
        name = value.strip()
        if name.lower() == "none":
            return None
        try:
            return codecs.lookup(name).name
        except LookupError:
            if source:
                raise ValueError(
                    f"--encoding {name!r}: no such codec (try gb18030, cp932, euc_kr, big5 or none)"
                ) from None
    return DEFAULT_ENCODING


GC_THRESHOLDS = (700, 10, 100)
"""The cyclic collector's thresholds for a long session (Python's are ``(700, 10, 10)``)."""


def tune_gc() -> None:
    """Keep the cyclic garbage collector's pauses short in a long session.

    The objects there are by now (modules, classes, the app and its stylesheet) live as long
    as the process: :func:`gc.freeze` takes them out of every later collection. A full
    collection walks every object alive; while a listing of 100 000 players arrives, Python's
    default of one full collection per ten middle ones (whenever the heap grew by a quarter)
    paused the app for 50-100 ms several times. With the third threshold at 1000 the full
    collections are 100 times rarer; the young generations still collect garbage cycles as
    often as before. (No collection first: the little garbage of the start-up is kept rather
    than walking every object alive before the first screen.) The launcher turns the collector
    off while it imports and builds the app; it is on again from here.
    """
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    gc.enable()


def run_app(
    *,
    local: bool = False,
    server: str | None = None,
    engine: str | None = None,
    dialect: str | None = None,
    encoding: str | None = None,
    record: bool = True,
    login_hint: str | None = None,
) -> int:
    """Run the terminal client until the user quits; 2 for bad options (message on stderr)."""
    try:
        app, _connector = build_app(
            local=local,
            server=server,
            engine=engine,
            dialect=dialect,
            encoding=encoding,
            record=record,
            login_hint=login_hint,
        )
    except ValueError as exc:
        print(f"igs-tui: error: {exc}", file=sys.stderr)
        return 2
    tune_gc()
    app.run()
    return 0
