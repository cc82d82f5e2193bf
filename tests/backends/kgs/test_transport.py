"""The KGS JSON transport against httpx.MockTransport (no network): POST upstream, long-poll
GET downstream with the session cookie, reconnect with a new login, and the endings the
reference names ("Once you get a LOGOUT [...] you are disconnected", "A non-200 status code
also indicates that you are logged out", RECONNECT: "you should not reconnect")."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest

from igs_tui.backends.kgs.link_life import LoginFailed
from igs_tui.backends.kgs.session import KgsSession
from igs_tui.backends.kgs.transport import KgsLink, LinkConfig
from igs_tui.model import ClientModel, LinkState

URL = "http://kgs.test/json/access"


class FakeKgs:
    """Answers like the JSON servlet: a cookie on LOGIN, messages queued per login."""

    def __init__(self) -> None:
        self.posts: list[dict[str, Any]] = []
        self.logins = 0
        self.outbox: asyncio.Queue[list[dict[str, Any]] | int | httpx.Response] = asyncio.Queue()
        self.cookies_seen: list[str | None] = []
        self.on_login: list[dict[str, Any]] = [
            {"type": "HELLO", "versionMajor": 3},
            {"type": "LOGIN_SUCCESS", "you": {"name": "alice", "flags": "c"}, "rooms": []},
        ]

    async def handle(self, request: httpx.Request) -> httpx.Response:
        assert str(request.url) == URL
        cookie = request.headers.get("cookie")
        if request.method == "POST":
            message = json.loads(request.content)
            self.posts.append(message)
            if message["type"] == "LOGIN":
                self.logins += 1
                await self.outbox.put(list(self.on_login))
                return httpx.Response(
                    200, headers={"set-cookie": f"JSESSIONID=s{self.logins}; Path=/"}
                )
            self.cookies_seen.append(cookie)
            return httpx.Response(200)
        self.cookies_seen.append(cookie)
        item = await self.outbox.get()
        if isinstance(item, httpx.Response):
            return item
        if isinstance(item, int):
            return httpx.Response(item)
        return httpx.Response(200, json={"messages": item})


def make_link(server: FakeKgs, model: ClientModel, **config: Any) -> KgsLink:
    sleeps: list[float] = []

    async def no_sleep(seconds: float) -> None:
        sleeps.append(seconds)
        await asyncio.sleep(0)

    link = KgsLink(
        KgsSession("alice", "pw"),
        model.apply,
        config=LinkConfig(url=URL, **config),
        transport=httpx.MockTransport(server.handle),
        sleep=no_sleep,
    )
    link.sleeps = sleeps  # type: ignore[attr-defined]
    return link


async def wait_for(condition: Any) -> None:
    """Until ``condition()`` holds (10 s at most: a loaded machine is slow, never wrong)."""
    deadline = asyncio.get_running_loop().time() + 10.0
    while not condition():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("condition never met")
        await asyncio.sleep(0.001)


async def test_login_then_messages_then_posts_with_the_cookie() -> None:
    server, model = FakeKgs(), ClientModel()
    link = make_link(server, model)
    task = asyncio.create_task(link.run())
    await link.login()
    assert server.posts[0]["type"] == "LOGIN"
    assert model.connection.state is LinkState.CONNECTED and model.me == "alice"
    # the password never reaches the console
    assert all("pw" not in line.text for line in model.console)
    for change in link.session.room_chat(5, "hi"):
        model.apply(change)
    link.flush()
    await wait_for(lambda: len(server.posts) == 2)
    assert server.posts[1] == {"type": "CHAT", "channelId": 5, "text": "hi"}
    assert "JSESSIONID=s1" in (server.cookies_seen[-1] or "")
    await server.outbox.put([{"type": "LOGOUT"}])
    await link.logout()
    await asyncio.wait_for(task, 2)


async def test_a_refused_login_ends_with_its_reason() -> None:
    server, model = FakeKgs(), ClientModel()
    server.on_login = [{"type": "LOGIN_FAILED_BAD_PASSWORD"}]
    link = make_link(server, model)
    task = asyncio.create_task(link.run())
    with pytest.raises(LoginFailed, match="Wrong password"):
        await link.login()
    await asyncio.wait_for(task, 2)
    assert server.logins == 1
    assert model.connection.state is LinkState.FAILED


async def test_a_lost_link_logs_in_again_and_rejoins() -> None:
    server, model = FakeKgs(), ClientModel()
    link = make_link(server, model)
    task = asyncio.create_task(link.run())
    await link.login()
    await server.outbox.put([{"type": "ROOM_JOIN", "channelId": 7, "users": [], "games": []}])
    await wait_for(lambda: model.room == 7)
    await server.outbox.put(500)  # "A non-200 status code also indicates that you are logged out"
    await wait_for(lambda: server.logins == 2)
    await wait_for(lambda: {"type": "JOIN_REQUEST", "channelId": 7} in server.posts)
    assert link.sleeps == [2.0]  # type: ignore[attr-defined]
    assert model.connection.state is LinkState.CONNECTED
    # the model says we are in the room again only once the server says so
    assert model.joined_rooms == frozenset() and model.room is None
    await server.outbox.put([{"type": "ROOM_JOIN", "channelId": 7, "users": [], "games": []}])
    await wait_for(lambda: model.joined_rooms == frozenset({7}))
    await link.close()
    await server.outbox.put([])
    await asyncio.wait_for(task, 2)


async def test_reconnect_message_is_not_retried() -> None:
    server, model = FakeKgs(), ClientModel()
    link = make_link(server, model)
    task = asyncio.create_task(link.run())
    await link.login()
    await server.outbox.put([{"type": "RECONNECT"}])
    await asyncio.wait_for(task, 2)
    assert server.logins == 1
    assert "elsewhere" in link.reason
    assert model.connection.state is LinkState.DISCONNECTED


async def test_an_unreachable_server_fails_the_login() -> None:
    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("connection refused", request=request)

    model = ClientModel()
    link = KgsLink(
        KgsSession("alice"),
        model.apply,
        config=LinkConfig(url=URL),
        transport=httpx.MockTransport(refuse),
    )
    task = asyncio.create_task(link.run())
    with pytest.raises(LoginFailed, match="cannot reach"):
        await link.login()
    await asyncio.wait_for(task, 2)


@pytest.mark.parametrize("declared", [True, False])
async def test_an_answer_over_the_cap_is_a_broken_link_reported(declared: bool) -> None:
    """A long-poll answer larger than ``max_body_bytes`` is not read whole: the link is
    reported broken (a new login follows), whether the server declared its length or
    streamed it without one."""
    server, model = FakeKgs(), ClientModel()
    link = make_link(server, model, max_body_bytes=4096)
    task = asyncio.create_task(link.run())
    await link.login()
    big = {
        "messages": [{"type": "CHAT", "channelId": 1, "user": {"name": "x"}, "text": "y" * 9000}]
    }
    body = json.dumps(big).encode()
    served: list[int] = []

    async def chunks() -> Any:
        for start in range(0, len(body), 1000):
            served.append(start)
            yield body[start : start + 1000]

    await server.outbox.put(
        httpx.Response(200, content=body) if declared else httpx.Response(200, content=chunks())
    )
    await wait_for(lambda: server.logins == 2)
    assert "unreadable answer" in link.reason and "4096" in link.reason
    assert not any(line.text.startswith("CHAT") for line in model.console)
    if not declared:
        assert len(served) <= 6  # reading stopped at the cap, not at the end of the body
    await link.close()
    await server.outbox.put([])
    await asyncio.wait_for(task, 2)


def test_split_body_turns_a_memory_error_into_an_unreadable_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from igs_tui.backends.kgs import json_messages

    def no_memory(body: object) -> object:
        raise MemoryError

    monkeypatch.setattr(json, "loads", no_memory)  # the module json_messages reads with
    with pytest.raises(ValueError, match="too large"):
        json_messages.split_body(b'{"messages": []}')
