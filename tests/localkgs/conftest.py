"""Sans-IO helpers: a world with no watched game unless asked, and a scripted user of it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from igs_tui.localkgs.world import KgsServerConfig, KgsWorld, PostResult

QUIET = dict(watched_game=False, gone_seconds=1e9, idle_warning_seconds=1e9)


def make_world(**overrides: Any) -> KgsWorld:
    return KgsWorld(KgsServerConfig(**{**QUIET, **overrides}), epoch=1_700_000_000.0)


class User:
    """One logged-in (or refused) user of a world; ``now`` is shared through the world."""

    def __init__(self, world: KgsWorld, name: str, password: str | None = "", now: float = 0.0):
        self.world = world
        login: dict[str, Any] = {"type": "LOGIN", "name": name, "locale": "en_US"}
        if password is not None:
            login["password"] = password
        result = world.post(None, json.dumps(login), now)
        assert result.status == 200, result
        assert result.sid is not None
        self.sid: str = result.sid
        world.poll_started(self.sid, now)

    def post(self, message: dict[str, Any], now: float = 0.0) -> PostResult:
        return self.world.post(self.sid, json.dumps(message), now)

    def ok(self, message: dict[str, Any], now: float = 0.0) -> None:
        result = self.post(message, now)
        assert result.status == 200, result

    def take(self) -> list[dict[str, Any]]:
        messages = self.world.take(self.sid)
        assert messages is not None, "the session has ended"
        return messages

    def types(self) -> list[str]:
        return [m["type"] for m in self.take()]

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in self.take() if m["type"] == kind]


@pytest.fixture
def world() -> KgsWorld:
    return make_world()
