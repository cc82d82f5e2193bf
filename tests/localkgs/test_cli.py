"""``python -m igs_tui.localkgs`` and ``igs-tui --local-kgs``."""

from __future__ import annotations

import httpx
import pytest

from igs_tui.apps.local_kgs import EmbeddedKgs
from igs_tui.cli import build_parser, main
from igs_tui.localkgs.__main__ import build_parser as server_parser
from igs_tui.localkgs.__main__ import main as server_main


def test_local_kgs_flag_is_parsed() -> None:
    assert build_parser().parse_args(["--local-kgs"]).local_kgs is True
    assert build_parser().parse_args([]).local_kgs is False


@pytest.mark.parametrize("extra", [["--local"], ["--server", "x:1"], ["--accessible"]])
def test_local_kgs_refuses_other_server_options(
    extra: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--local-kgs", *extra])
    assert exc.value.code == 2
    assert "--local-kgs" in capsys.readouterr().err


def test_server_module_options(capsys: pytest.CaptureFixture[str]) -> None:
    args = server_parser().parse_args(["--port", "7000", "--time-scale", "10", "--no-watched"])
    assert (args.port, args.time_scale, args.no_watched) == (7000, 10.0, True)
    assert server_main(["--time-scale", "0"]) == 2
    assert "positive" in capsys.readouterr().err


def test_embedded_server_runs_on_its_own_thread() -> None:
    embedded = EmbeddedKgs()
    port = embedded.start()
    try:
        assert embedded.server_spec == f"kgs:127.0.0.1:{port}"
        assert embedded.server is not None
        with httpx.Client() as http:
            assert http.get(embedded.server.url).status_code == 403
            login = http.post(embedded.server.url, json={"type": "LOGIN", "name": "visitor"})
            assert login.status_code == 200
            types = [m["type"] for m in http.get(embedded.server.url).json()["messages"]]
            assert types[:2] == ["HELLO", "LOGIN_SUCCESS"]
    finally:
        embedded.stop()
    assert not embedded._thread.is_alive()


def test_local_kgs_runs_the_client_against_the_fake_server(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import igs_tui.apps.client as client_module
    from igs_tui.apps.local_kgs import run_local_kgs

    calls: list[dict[str, object]] = []

    def fake_run_app(**kwargs: object) -> int:
        calls.append(kwargs)
        host, port = str(kwargs["server"]).removeprefix("kgs:").rsplit(":", 1)
        with httpx.Client() as http:  # the server answers while the app runs
            login = http.post(
                f"http://{host}:{port}/json/access", json={"type": "LOGIN", "name": "visitor"}
            )
            assert login.status_code == 200
        return 0

    monkeypatch.setattr(client_module, "run_app", fake_run_app)
    assert run_local_kgs(engine="gnugo", record=False) == 0
    (call,) = calls
    assert str(call["server"]).startswith("kgs:127.0.0.1:")
    assert (call["engine"], call["record"]) == ("gnugo", False)
    host, port = str(call["server"]).removeprefix("kgs:").rsplit(":", 1)
    with pytest.raises(httpx.ConnectError), httpx.Client() as http:
        http.get(f"http://{host}:{port}/json/access")  # stopped with the app


def test_local_kgs_is_not_for_serve(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--local-kgs", "serve"])
    assert "--local-kgs" in capsys.readouterr().err


def test_the_binary_port_option(capsys: pytest.CaptureFixture[str]) -> None:
    args = server_parser().parse_args(["--port", "7000", "--binary-port", "7001"])
    assert (args.port, args.binary_port) == (7000, 7001)
    assert server_parser().parse_args([]).binary_port is None
    assert server_main(["--binary-port", "70000"]) == 2
    assert "--binary-port" in capsys.readouterr().err


def test_kgs_protocol_goes_with_local_kgs(capsys: pytest.CaptureFixture[str]) -> None:
    assert build_parser().parse_args(["--local-kgs", "--kgs-protocol", "binary"]).kgs_protocol == (
        "binary"
    )
    with pytest.raises(SystemExit):
        main(["--kgs-protocol", "binary"])
    assert "--kgs-protocol goes with --local-kgs" in capsys.readouterr().err


def test_local_kgs_over_binary_points_the_client_at_the_binary_port(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import socket

    import igs_tui.apps.client as client_module
    from igs_tui.apps.local_kgs import run_local_kgs

    servers: list[str] = []

    def fake_run_app(**kwargs: object) -> int:
        servers.append(str(kwargs["server"]))
        host, port = servers[-1].removeprefix("kgs-binary:").rsplit(":", 1)
        with socket.create_connection((host, int(port)), timeout=10) as sock:
            sock.sendall(bytes([4]))  # the handshake: "the major version ... the client expects"
            assert sock.recv(1) == bytes([3])  # "always 3"
        return 0

    monkeypatch.setattr(client_module, "run_app", fake_run_app)
    assert run_local_kgs(record=False, protocol="binary") == 0
    assert servers[0].startswith("kgs-binary:127.0.0.1:")


@pytest.mark.parametrize("server", ["kgs", "kgs:127.0.0.1:1", "kgs-binary:127.0.0.1:1"])
def test_accessible_mode_refuses_kgs_addresses(
    server: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--accessible", "--server", server])
    assert exc.value.code == 2
    assert "--accessible speaks IGS only" in capsys.readouterr().err
