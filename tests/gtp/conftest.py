"""Fixtures for the GTP tests: engine command lines and the GNU Go requirement policy.

GNU Go tests skip when ``gnugo`` is missing, *unless* ``IGS_TUI_REQUIRE_GNUGO=1`` (set by
``.ci/run``), in which case a missing GNU Go is a failure: CI must never go green by quietly
not running the engine tests.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import AsyncIterator, Mapping
from pathlib import Path

import pytest

from igs_tui.gtp.controller import GtpController

REPO_ROOT = Path(__file__).resolve().parents[2]
FAKE_ENGINE = Path(__file__).with_name("fake_engine.py")


def subprocess_env() -> dict[str, str]:
    """Environment for child engines: our package importable without installation."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    return env


def builtin_engine_argv(*extra: str) -> list[str]:
    return [sys.executable, "-m", "igs_tui.gtp.engine", *extra]


def fake_engine_argv(*extra: str) -> list[str]:
    return [sys.executable, str(FAKE_ENGINE), *extra]


def find_gnugo() -> str | None:
    found = shutil.which("gnugo") or "/usr/games/gnugo"
    return found if os.access(found, os.X_OK) else None


def require_gnugo(path: str | None, environ: Mapping[str, str]) -> str:
    """Return ``path``, or skip the test when it is ``None`` -- unless the environment says
    IGS_TUI_REQUIRE_GNUGO=1, in which case the missing engine fails the test."""
    if path is None:
        if environ.get("IGS_TUI_REQUIRE_GNUGO") == "1":
            pytest.fail("GNU Go is required (IGS_TUI_REQUIRE_GNUGO=1) but was not found")
        pytest.skip("GNU Go not installed (set IGS_TUI_REQUIRE_GNUGO=1 to make this a failure)")
    return path


@pytest.fixture
def gnugo_path() -> str:
    """Path of GNU Go; skips without it, or fails if IGS_TUI_REQUIRE_GNUGO=1."""
    return require_gnugo(find_gnugo(), os.environ)


def gnugo_argv(path: str, seed: int) -> list[str]:
    return [path, "--mode", "gtp", "--level", "1", "--seed", str(seed)]


@pytest.fixture
async def fake() -> AsyncIterator[GtpController]:
    """A controller on the misbehaving fake engine, with short timeouts."""
    controller = await GtpController.start(
        fake_engine_argv(), env=subprocess_env(), timeout=5.0, slow_timeout=5.0
    )
    try:
        yield controller
    finally:
        await controller.close(grace=1.0)
