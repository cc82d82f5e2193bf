"""Fixtures for the whole suite: the manual clock and the bounded wait.

Tests wait on conditions (:func:`tests.polling.wait_until`) or move time by hand
(:class:`tests.manual_clock.ManualClock`); never on a fixed sleep.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
import textual._wait

from tests.manual_clock import ManualClock
from tests.polling import wait_until

# Pilot waits after every key until the process looks idle: it sleeps in steps of
# SLEEP_GRANULARITY (20 ms) and calls the process idle when it used under 1/20 of a step.
# The same test in 5 ms steps (same 1/20 ratio) types a key in ~45 ms instead of ~110 ms on
# this machine; the app itself is untouched, only how long the test driver sleeps.
textual._wait.SLEEP_GRANULARITY = 1 / 200
textual._wait.SLEEP_IDLE = textual._wait.SLEEP_GRANULARITY / 20

__all__ = ["ManualClock", "wait_until"]


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: two workers per core (at most 16).

    Most of the slow tests wait on a socket or a child process (the local server, GNU Go, the
    Pilot's idle check) rather than compute: on two cores the suite used ~190 s of CPU in
    ~155 s with two workers, and takes ~120 s with four.
    """
    import os

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(2, min(16, 2 * (cores or 1)))


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Collect the garbage once, then freeze what is left, before the worker says it is done.

    pytest's last step (its check for unraisable exceptions) runs ``gc.collect()`` five times
    over the whole heap a worker built in its hundreds of app tests: 7 s measured on a busy
    machine. An xdist worker still at it 5 s after the controller asked it to end sends
    itself SIGINT (execnet), and the run ended with a ``KeyboardInterrupt`` traceback out of
    hypothesis's ``gc_callback``. One collection here finds the same garbage (the unraisable
    hook is still installed); the objects still alive are frozen, so the five collections
    after it only look at what is new.
    """
    import gc

    gc.collect()
    gc.freeze()


@pytest.fixture(scope="session")
def _home_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("home")


@pytest.fixture(autouse=True)
def _own_config_and_data_dirs(
    _home_root: Path, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each test gets config and data dirs of its own (made only if something writes there):
    nothing a test remembers (the last login, the last match terms, a server's profile)
    reaches the user's real config or another test."""
    home = _home_root / hashlib.sha1(request.node.nodeid.encode()).hexdigest()[:16]
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))


@pytest.fixture
def manual_clock() -> ManualClock:
    """A clock at 1000.0 s that moves only with ``advance``."""
    return ManualClock()
