"""``igs-tui --server kgs`` / ``kgs:HOST:PORT``: option parsing, the endpoint URL, and the
launcher's Connector logging in to a KGS JSON server (an httpx.MockTransport here)."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from typing import Any

import httpx
import pytest

from igs_tui.apps.client import build_app, server_is_kgs
from igs_tui.apps.connector import Connector
from igs_tui.apps.kgs_connect import guest_name, kgs_url, parse_kgs_option
from igs_tui.model import ClientModel, LinkState
from igs_tui.ui.session.login import parse_server_preset
from igs_tui.ui.session.login_request import LoginRequest


def test_kgs_options() -> None:
    assert parse_kgs_option("kgs") == ("www.gokgs.com", 443)
    assert parse_kgs_option("KGS:127.0.0.1:8080") == ("127.0.0.1", 8080)
    assert parse_kgs_option("[::1]:6969") is None
    assert parse_kgs_option("localhost:6969") is None
    for bad in ("kgs:", "kgs:host", "kgs:host:0", "kgs::80"):
        with pytest.raises(ValueError):
            parse_kgs_option(bad)
    assert server_is_kgs("kgs:h:1") and not server_is_kgs("igs.joyjoy.net:7777")


def test_the_public_endpoint_is_https_and_others_http() -> None:
    assert kgs_url("www.gokgs.com", 443) == "https://www.gokgs.com/json/access"
    assert kgs_url("127.0.0.1", 8080) == "http://127.0.0.1:8080/json/access"
    assert kgs_url("::1", 8080) == "http://[::1]:8080/json/access"


def test_guests_get_a_name() -> None:
    assert guest_name("visitor") == "visitor"
    generated = guest_name("")
    assert generated.startswith("guest") and len(generated) == 9


def test_build_app_with_server_kgs_presets_the_kgs_choice() -> None:
    app, connector = build_app(server="kgs:127.0.0.1:8080")
    assert connector.kgs
    assert app._login_server == "kgs:127.0.0.1:8080"
    assert parse_server_preset("kgs:127.0.0.1:8080") == ("kgs", "127.0.0.1", 8080)
    assert parse_server_preset("KGS") == ("kgs", "", 0)
    assert parse_server_preset("127.0.0.1:8080") == ("custom", "127.0.0.1", 8080)
    _app, igs = build_app(server="localhost:6969")
    assert not igs.kgs
    with pytest.raises(ValueError):
        build_app(server="kgs:nowhere")


def test_the_igs_launcher_imports_no_kgs_code() -> None:
    code = (
        "import sys, igs_tui.cli, igs_tui.apps.client; "
        "print(sorted(m for m in sys.modules if 'kgs' in m or m == 'httpx'))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


class Servlet:
    def __init__(self, first: list[dict[str, Any]]) -> None:
        self.posts: list[dict[str, Any]] = []
        self.first = first
        self.queue: asyncio.Queue[list[dict[str, Any]]] = asyncio.Queue()

    async def handle(self, request: httpx.Request) -> httpx.Response:
        if request.method == "POST":
            message = json.loads(request.content)
            self.posts.append(message)
            if message["type"] == "LOGIN":
                await self.queue.put(self.first)
            if message["type"] == "LOGOUT":
                await self.queue.put([{"type": "LOGOUT"}])
            return httpx.Response(200)
        return httpx.Response(200, json={"messages": await self.queue.get()})


async def test_the_connector_logs_in_to_kgs_and_out_again() -> None:
    servlet = Servlet(
        [
            {"type": "HELLO"},
            {
                "type": "LOGIN_SUCCESS",
                "you": {"name": "visitor", "flags": "gc"},
                "rooms": [{"channelId": 3}],
            },
        ]
    )
    model = ClientModel()
    connector = Connector(
        model, autosave=False, kgs=True, kgs_transport=httpx.MockTransport(servlet.handle)
    )
    request = LoginRequest("custom", "127.0.0.1", 8080, "visitor", guest=True)
    backend = await connector(request)
    assert backend.capabilities.rooms is not None and backend.capabilities.adjourning is None
    assert servlet.posts[0] == {
        "type": "LOGIN",
        "name": "visitor",
        "password": "",
        "locale": "en_US",
    }
    assert model.connection.state is LinkState.CONNECTED
    assert model.connection.server == "http://127.0.0.1:8080/json/access"
    for _ in range(100):
        if any(p["type"] == "ROOM_NAMES_REQUEST" for p in servlet.posts):
            break
        await asyncio.sleep(0.001)
    assert {"type": "ROOM_NAMES_REQUEST", "rooms": [3]} in servlet.posts
    await connector.end_session()
    assert servlet.posts[-1] == {"type": "LOGOUT"}
    await connector.close()


async def test_a_refused_kgs_login_reaches_the_login_screen() -> None:
    servlet = Servlet([{"type": "LOGIN_FAILED_BAD_PASSWORD"}])
    connector = Connector(
        ClientModel(), autosave=False, kgs=True, kgs_transport=httpx.MockTransport(servlet.handle)
    )
    with pytest.raises(ConnectionError, match="Wrong password"):
        await connector(LoginRequest("custom", "h", 80, "alice", "nope"))
    await connector.close()


def test_kgs_binary_addresses() -> None:
    """``--server kgs-binary:HOST:PORT``: the binary protocol over TCP, same login form."""
    assert parse_kgs_option("kgs-binary:127.0.0.1:7000") == ("127.0.0.1", 7000)
    with pytest.raises(ValueError, match="kgs-binary needs an address"):
        parse_kgs_option("kgs-binary")
    with pytest.raises(ValueError):
        parse_kgs_option("kgs-binary:host")
    assert server_is_kgs("kgs-binary:h:1")
    assert parse_server_preset("kgs-binary:127.0.0.1:7000") == ("kgs", "127.0.0.1", 7000)
    app, connector = build_app(server="kgs-binary:127.0.0.1:7000")
    assert connector.kgs and connector.kgs_binary
    assert app._login_server == "kgs-binary:127.0.0.1:7000"
    _app, json_connector = build_app(server="kgs:127.0.0.1:8080")
    assert json_connector.kgs and not json_connector.kgs_binary
