"""The launcher: command-line options reach the app, and the Connector wires a login to the
model (client tunables kept, lag shown, every game autosaved) over real TCP on 127.0.0.1."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from sgfmill import sgf

from igs_tui.apps.client import build_app, check_server_option, run_app
from igs_tui.apps.connector import Connector
from igs_tui.backends.engine.assist import GtpAssist
from igs_tui.backends.igs.backend import IgsBackend
from igs_tui.backends.igs.net.client import ClientConfig
from igs_tui.cli import main
from igs_tui.go import Color
from igs_tui.localserver.config import ServerConfig
from igs_tui.model import ClientModel, LinkState, Role
from igs_tui.model import changes as ch
from igs_tui.model.terms import MatchTerms
from igs_tui.ui.session.login_request import LoginRequest
from tests.polling import wait_until


@pytest.mark.parametrize(
    "value", ["nohost", "host:0", "host:70000", "host:port", ":6969", "[::1]", "  "]
)
def test_bad_server_option_is_a_clear_error_with_exit_code_2(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--server", value]) == 2
    err = capsys.readouterr().err
    assert err.startswith("igs-tui: error: --server") and "\n" in err


def test_good_server_options_are_normalised() -> None:
    assert check_server_option("example.org:7777") == "example.org:7777"
    assert check_server_option(" [::1]:6970 ") == "[::1]:6970"


def test_local_and_server_together_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_app(local=True, server="localhost:6969") == 2
    assert "--local" in capsys.readouterr().err


class _AppWithLoginServer:
    """Stands in for IgsApp once it takes ``login_server``; records what it was given."""

    def __init__(
        self,
        model: ClientModel,
        backend: object = None,
        *,
        connect: object = None,
        login_server: str | None = None,
        login_hint: str = "",
        assist: object = None,
        echo_own: bool = False,
        chat_log_dir: Path | None = None,
        shutdown: object = None,
        session: object = None,
        no_record: bool = False,
    ) -> None:
        self.kwargs: dict[str, Any] = dict(
            connect=connect,
            login_server=login_server,
            login_hint=login_hint,
            assist=assist,
            echo_own=echo_own,
            session=session,
        )

    @classmethod
    def for_user(cls, model: ClientModel, connect: object, **options: Any) -> Any:
        return cls(model, connect=connect, **options)


class _AppWithoutLoginServer(_AppWithLoginServer):
    def __init__(
        self, model: ClientModel, backend: object = None, *, connect: object = None, **kw: Any
    ) -> None:
        assert "login_server" not in kw, "passed a keyword the app does not take"
        self.kwargs = dict(connect=connect, **kw)


@pytest.mark.parametrize(
    ("local", "server", "expected"),
    [(True, None, "local"), (False, "example.org:7777", "example.org:7777"), (False, None, None)],
)
def test_login_server_is_passed_when_the_app_takes_it(
    monkeypatch: pytest.MonkeyPatch, local: bool, server: str | None, expected: str | None
) -> None:
    import igs_tui.ui.app as app_module

    monkeypatch.setattr(app_module, "IgsApp", _AppWithLoginServer)
    app, connector = build_app(local=local, server=server)
    assert app.kwargs["login_server"] == expected  # type: ignore[attr-defined]
    # --local lists the embedded server's demo accounts on the form
    assert ("Demo accounts: alice" in app.kwargs["login_hint"]) is local  # type: ignore[attr-defined]
    assert app.kwargs["connect"] is connector and connector.embedded is local  # type: ignore[attr-defined]
    assert app.kwargs["session"] is connector  # type: ignore[attr-defined]
    monkeypatch.setattr(app_module, "IgsApp", _AppWithoutLoginServer)
    app, _ = build_app(local=local, server=server)
    assert "login_server" not in app.kwargs  # type: ignore[attr-defined]


def test_engine_option_gives_the_app_a_gtp_assist() -> None:
    app, _ = build_app(local=True, engine="/usr/games/gnugo --mode gtp --level 1")
    assert isinstance(app.assist, GtpAssist)
    plain, _ = build_app(local=True)
    assert plain.assist is None


def fast_server() -> ServerConfig:
    return ServerConfig(
        tick_interval=0.01,
        bot_games=1,
        bot_game_interval=0.3,
        broadcast=False,
        greeting_seconds=None,
        bot_delay=0.01,
    )


async def test_connector_keeps_client_tunables_and_shows_lag(tmp_path: Path) -> None:
    base = ClientConfig(keepalive_idle=0.2, stable_after=7.0, forfeit_seconds=42.0)
    model = ClientModel()
    connector = Connector(
        model,
        embedded=True,
        record=False,
        games_dir=tmp_path,
        server_config=fast_server(),
        client_config=base,
    )
    try:
        await connector(LoginRequest("local", "", 0, "alice", "alice"))
        client = connector.client
        assert client is not None
        assert client.config.stable_after == 7.0 and client.config.forfeit_seconds == 42.0
        assert client.config.keepalive_idle == 0.2
        assert [str(a) for a in client.config.servers] == [
            f"127.0.0.1:{connector.embedded_server.port}"
        ]
        assert model.connection.state is LinkState.CONNECTED
        await wait_until(lambda: model.connection.lag_ms is not None)
        assert model.connection.lag_ms == pytest.approx(client.lag * 1000.0)  # type: ignore[operator]
    finally:
        await connector.close()


async def test_the_sessions_view_keeps_the_finished_games_the_user_lets_the_model_keep(
    tmp_path: Path,
) -> None:
    from igs_tui.model.limits import Limits

    model = ClientModel()
    connector = Connector(
        model, embedded=True, record=False, games_dir=tmp_path, server_config=fast_server()
    )
    try:
        await connector(LoginRequest("local", "", 0, "alice", "alice"))
        client = connector.client
        assert client is not None
        view = client.session.view
        assert view.finished_kept() == model.limits.finished_tabs
        model.apply(ch.LimitsSet(Limits(finished_tabs=model.limits.finished_tabs + 15)))
        assert view.finished_kept() == model.limits.finished_tabs
    finally:
        await connector.close()


async def test_connector_autosaves_played_and_observed_games(tmp_path: Path) -> None:
    model = ClientModel()
    connector = Connector(
        model, embedded=True, record=False, games_dir=tmp_path, server_config=fast_server()
    )
    try:
        backend = await connector(LoginRequest("local", "", 0, "alice", "alice"))
        assert isinstance(backend, IgsBackend)
        await wait_until(lambda: any(g.white.startswith("bot") for g in model.games.values()))
        watched = next(g for g in model.games.values() if g.white.startswith("bot"))
        backend.observe(watched.number)
        backend.challenge(MatchTerms("igsbot", Color.BLACK, size=9, main_seconds=600))
        await wait_until(lambda: any(g.role is Role.PLAYING_BLACK for g in model.followed.values()))
        mine = next(g for g in model.followed.values() if g.role is Role.PLAYING_BLACK)
        observed = model.followed[watched.number]
        await wait_until(lambda: observed.last_number >= 2)
        from igs_tui.go import Point

        backend.play(mine.number, Point(4, 4))
        await wait_until(lambda: mine.last_number >= 2)  # our move and the bot's answer
        saver = connector.saver
        assert saver is not None
        for game in (mine, observed):
            # saved shortly after the change (AUTOSAVE_DELAY), not while it is announced
            await wait_until(lambda g=game: saver.path_for(g.number) is not None)  # type: ignore[misc]
            path = saver.path_for(game.number)
            assert path is not None and path.parent == tmp_path

            def saved_moves(p: Path = path) -> int:
                if not p.exists():  # autosave writes from its own thread, a moment later
                    return -1
                root = sgf.Sgf_game.from_bytes(p.read_bytes())
                return len(root.get_main_sequence()) - 1

            await wait_until(lambda g=game, s=saved_moves: s() >= g.last_number)  # type: ignore[misc]
        record = sgf.Sgf_game.from_bytes(saver.path_for(mine.number).read_bytes())  # type: ignore[union-attr]
        assert record.get_root().get("PB") == "alice" and record.get_root().get("PW") == "igsbot"
    finally:
        await connector.close()
    assert connector.saver is None  # closed with the connector


async def test_cancelled_login_stops_the_client(tmp_path: Path) -> None:
    """Escape on the connecting screen cancels the connect call: no client may keep logging in."""
    accepted: list[asyncio.StreamWriter] = []

    async def silent(_reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        accepted.append(writer)  # accept, then never say "Login:"

    server = await asyncio.start_server(silent, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    connector = Connector(ClientModel(), record=False, autosave=False, games_dir=tmp_path)
    try:
        attempt = asyncio.create_task(connector(LoginRequest("custom", "127.0.0.1", port, "x")))
        await wait_until(lambda: bool(accepted))
        connection = connector.igs
        assert connection is not None and connector.client is connection.client
        attempt.cancel()
        with pytest.raises(asyncio.CancelledError):
            await attempt
        assert connector.client is None
        assert connection.task is not None and connection.task.done()
    finally:
        for writer in accepted:
            writer.close()
        server.close()
        await server.wait_closed()
        await connector.close()


def test_the_launched_app_closes_its_session_when_it_ends() -> None:
    """ctrl+q must close the link, finish the autosaves under way (their writer thread would
    die with the process) and stop the embedded server: the launcher hands the connector's
    close to the app as its shutdown."""
    app, connector = build_app(local=True)
    assert app._shutdown_hook == connector.close


async def test_shutdown_runs_as_the_app_ends_and_never_holds_it_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from igs_tui.ui import app as app_module
    from igs_tui.ui.app import IgsApp

    calls: list[str] = []

    async def close() -> None:
        calls.append("closed")

    app = IgsApp(ClientModel(), shutdown=close)
    async with app.run_test():
        assert calls == []
    assert calls == ["closed"]

    monkeypatch.setattr(app_module, "SHUTDOWN_SECONDS", 0.05)
    never = asyncio.Event()

    async def hang() -> None:
        calls.append("hanging")
        await never.wait()  # a dead link

    app = IgsApp(ClientModel(), shutdown=hang)
    async with app.run_test():
        pass
    assert calls[-1] == "hanging"  # and the app ended all the same
