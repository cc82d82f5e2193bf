"""The fake KGS server over real HTTP on 127.0.0.1, with httpx as the client."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import httpx
import pytest

from igs_tui.localkgs import KgsServerConfig, LocalKgsServer


def fast_config(**overrides: Any) -> KgsServerConfig:
    """No idle or lost-session logouts, quick robots and watched game (game seconds)."""
    base = KgsServerConfig(
        gone_seconds=1e9,
        idle_warning_seconds=1e9,
        watched_move_seconds=1.0,
        robot_think_seconds=1.0,
    )
    return replace(base, **overrides)


@pytest.fixture
async def server() -> AsyncIterator[LocalKgsServer]:
    srv = LocalKgsServer(config=fast_config(), time_scale=1000.0, poll_timeout=5.0)
    await srv.start()
    yield srv
    await srv.stop()


class Client:
    """A KGS JSON client in a few lines: POST one message, GET the queued ones."""

    def __init__(self, server: LocalKgsServer) -> None:
        self.url = server.url
        self.http = httpx.AsyncClient(timeout=30.0)
        self.backlog: list[dict[str, Any]] = []

    async def post(self, message: dict[str, Any]) -> httpx.Response:
        return await self.http.post(self.url, json=message)

    async def get(self) -> list[dict[str, Any]]:
        response = await self.http.get(self.url)
        assert response.status_code == 200, response.text
        messages: list[dict[str, Any]] = response.json().get("messages", [])
        return messages

    async def wait_for(
        self, kind: str, limit: int = 2000
    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """GET until a message of ``kind`` arrives; it and everything seen on the way."""
        seen: list[dict[str, Any]] = []
        for _ in range(limit):
            if not self.backlog:
                self.backlog = await self.get()
            while self.backlog:
                message = self.backlog.pop(0)
                seen.append(message)
                if message["type"] == kind:
                    return message, seen
        raise AssertionError(f"no {kind} in {limit} polls")

    async def login(self, name: str, password: str) -> dict[str, Any]:
        response = await self.post(
            {"type": "LOGIN", "name": name, "password": password, "locale": "en_US"}
        )
        assert response.status_code == 200
        assert "JSESSIONID" in response.cookies
        success, _ = await self.wait_for("LOGIN_SUCCESS")
        return success

    async def close(self) -> None:
        await self.http.aclose()


async def test_login_then_a_waiting_get_is_woken_by_news() -> None:
    srv = LocalKgsServer(config=fast_config(), poll_timeout=30.0)
    await srv.start()
    client = Client(srv)
    success = await client.login("tester", "secret")
    assert success["you"]["name"] == "tester"
    waiting = asyncio.create_task(client.get())
    (session,) = srv.world.by_name.values()
    for _ in range(100_000):  # yield until the GET is parked in the server
        if session.polls:
            break
        await asyncio.sleep(0)
    assert session.polls == 1 and not waiting.done()
    assert (await client.post({"type": "SYNC_REQUEST", "callbackKey": 321})).status_code == 200
    assert await waiting == [{"type": "SYNC", "callbackKey": 321}]
    await client.close()
    await srv.stop()


async def test_failed_login_then_logout_then_403(server: LocalKgsServer) -> None:
    client = Client(server)
    await client.post({"type": "LOGIN", "name": "tester", "password": "nope", "locale": "en_US"})
    assert [m["type"] for m in await client.get()] == [
        "HELLO",
        "LOGIN_FAILED_BAD_PASSWORD",
        "LOGOUT",
    ]
    assert (await client.http.get(client.url)).status_code == 403
    await client.close()


async def test_no_session_is_403(server: LocalKgsServer) -> None:
    async with httpx.AsyncClient() as http:
        assert (await http.get(server.url)).status_code == 403
        assert (await http.post(server.url, json={"type": "WAKE_UP"})).status_code == 403


async def test_a_get_with_nothing_to_say_times_out_with_an_empty_object() -> None:
    srv = LocalKgsServer(config=fast_config(), poll_timeout=0.05)
    await srv.start()
    client = Client(srv)
    await client.login("tester", "secret")
    response = await client.http.get(client.url)
    assert response.status_code == 200 and response.json() == {}
    await client.close()
    await srv.stop()


async def test_room_chat_between_two_clients(server: LocalKgsServer) -> None:
    alice, bob = Client(server), Client(server)
    await alice.login("alice", "wonderland")
    await bob.login("visitor", "")
    for client in (alice, bob):
        await client.post({"type": "JOIN_REQUEST", "channelId": 12})
        await client.wait_for("JOIN_COMPLETE")
    await bob.post({"type": "CHAT", "channelId": 12, "text": "hello from a guest"})
    chat, _ = await alice.wait_for("CHAT")
    assert chat["user"] == {"name": "visitor", "flags": "gc"}
    assert chat["text"] == "hello from a guest"
    await alice.close()
    await bob.close()


async def test_observe_a_game_to_its_result() -> None:
    config = fast_config(
        watched_game=True, watched_move_seconds=20.0, watched_size=5, watched_restart_seconds=1.0
    )
    srv = LocalKgsServer(config=config, time_scale=1000.0, poll_timeout=5.0)
    await srv.start()
    client = Client(srv)
    await client.login("tester", "secret")
    await client.post({"type": "JOIN_REQUEST", "channelId": 11})
    room, _ = await client.wait_for("ROOM_JOIN")
    games = [g for g in room["games"] if g["gameType"] == "free" and not g.get("over")]
    while not games:
        listed, _ = await client.wait_for("GAME_LIST")
        games = [g for g in listed["games"] if g["gameType"] == "free" and not g.get("over")]
    channel = games[0]["channelId"]
    await client.post({"type": "JOIN_REQUEST", "channelId": channel})
    join, _ = await client.wait_for("GAME_JOIN")
    assert join["gameSummary"]["players"]["black"]["name"] == "hikaru"
    while True:
        over, seen = await client.wait_for("GAME_OVER")
        if over["channelId"] == channel:
            break
    moves = [
        p
        for m in [join, *seen]
        if m["type"] in ("GAME_JOIN", "GAME_UPDATE")
        for e in m["sgfEvents"]
        if e["type"] == "PROP_GROUP_ADDED"
        for p in e["props"]
        if p["name"] == "MOVE"
    ]
    assert len(moves) >= 2
    assert isinstance(over["score"], float | str)
    await client.close()
    await srv.stop()


async def test_challenge_a_robot_and_play(server: LocalKgsServer) -> None:
    client = Client(server)
    await client.login("tester", "secret")
    await client.post({"type": "JOIN_REQUEST", "channelId": 11})
    room, _ = await client.wait_for("ROOM_JOIN")
    challenge = next(g for g in room["games"] if g["gameType"] == "challenge")["channelId"]
    await client.post({"type": "JOIN_REQUEST", "channelId": challenge})
    await client.wait_for("CHALLENGE_JOIN")
    offer = {
        "gameType": "free",
        "rules": {"size": 9, "rules": "japanese", "komi": 6.5, "timeSystem": "none"},
        "players": [{"role": "white", "name": "kumobot"}, {"role": "black", "name": "tester"}],
    }
    await client.post({"type": "CHALLENGE_SUBMIT", "channelId": challenge, "proposal": offer})
    await client.wait_for("CHALLENGE_PROPOSAL")
    await client.post({"type": "CHALLENGE_ACCEPT", "channelId": challenge, "proposal": offer})
    final, _ = await client.wait_for("CHALLENGE_FINAL")
    game = final["gameChannelId"]
    await client.wait_for("GAME_JOIN")
    taken: set[tuple[int, int]] = set()
    for _ in range(2):
        x, y = next(p for p in [(2, 2), (6, 2), (2, 6), (6, 6), (4, 4)] if p not in taken)
        response = await client.post(
            {"type": "GAME_MOVE", "channelId": game, "loc": {"x": x, "y": y}}
        )
        assert response.status_code == 200, response.text
        taken.add((x, y))
        while True:
            update, _ = await client.wait_for("GAME_UPDATE")
            props = [
                p
                for e in update["sgfEvents"]
                if e["type"] == "PROP_GROUP_ADDED"
                for p in e["props"]
            ]
            if props and props[0]["color"] == "white":
                loc = props[0]["loc"]
                if loc != "PASS":
                    taken.add((loc["x"], loc["y"]))
                break
    response = await client.post({"type": "GAME_RESIGN", "channelId": game})
    over, _ = await client.wait_for("GAME_OVER")
    assert over["score"] == "W+RESIGN"
    await client.close()


async def test_bad_input_gets_an_error_and_the_server_keeps_going(server: LocalKgsServer) -> None:
    client = Client(server)
    await client.login("tester", "secret")
    bad = await client.http.post(client.url, content=b'{"type": "JOIN_REQUEST", "channelId": ')
    assert bad.status_code == 400 and bad.text == "the body is not JSON"
    unknown = await client.post({"type": "FLY_TO_THE_MOON"})
    assert unknown.status_code == 400 and "unknown" in unknown.text
    huge = await client.http.post(client.url, content=b"[" * 70000)
    assert huge.status_code == 413
    await client.post({"type": "SYNC_REQUEST", "callbackKey": 1})
    sync, _ = await client.wait_for("SYNC")
    assert sync["callbackKey"] == 1
    await client.close()
