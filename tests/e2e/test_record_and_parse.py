"""Issue 3 "done when": the client connects to its own server, the session recorder writes a
transcript (password redacted), and ``igs-tui parse`` turns that file into JSON events."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from igs_tui.apps.connector import Connector
from igs_tui.backends.igs.backend import IgsBackend
from igs_tui.backends.igs.net.servers import ServerAddress
from igs_tui.cli import main
from igs_tui.localserver.config import Account, ServerConfig
from igs_tui.model import ClientModel, LinkState
from tests.polling import wait_until

PASSWORD = "s3cret-Pw!"


async def test_recorded_session_parses_and_never_holds_the_password(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = ServerConfig(
        accounts=(Account("zed", PASSWORD, "2k*"),), broadcast_interval=0.2, bot_game_interval=0.3
    )
    model = ClientModel()
    connector = Connector(
        model, embedded=True, record_dir=tmp_path, server_config=config, autosave=False
    )
    try:
        port = await connector.embedded_server.start(config)
        backend = await connector.connect(
            (ServerAddress("127.0.0.1", port),), "zed", PASSWORD, fast=True
        )
        assert model.connection.state is LinkState.CONNECTED and model.me == "zed"
        assert isinstance(backend, IgsBackend)
        await wait_until(
            lambda: any(g.is_broadcast for g in model.games.values()) and len(model.players) >= 2
        )
        broadcast = next(n for n, g in model.games.items() if g.is_broadcast)
        backend.observe(broadcast)
        backend.tell("igsbot", "hi")
        await wait_until(lambda: len(model.followed[broadcast].moves) >= 3)
    finally:
        await connector.close()

    (transcript,) = tmp_path.glob("*.log")
    text = transcript.read_text(encoding="utf-8")
    assert PASSWORD not in text
    assert transcript.stat().st_mode & 0o777 == 0o600

    assert main(["parse", str(transcript)]) == 0
    events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    types = {e["type"] for e in events}
    assert {"prompt", "games_entry", "user_entry", "game_heading", "move"} <= types
    moves = [e for e in events if e["type"] == "move" and e["game"] == broadcast]
    assert moves and all(isinstance(m["number"], int) for m in moves)
    assert any(e["type"] == "user_entry" and e["name"] == "zed" for e in events)
