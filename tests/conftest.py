"""Fixtures for the whole suite: the manual clock and the bounded wait.

Tests wait on conditions (:func:`tests.polling.wait_until`) or move time by hand
(:class:`tests.manual_clock.ManualClock`); never on a fixed sleep.
"""

from __future__ import annotations

import pytest

from tests.manual_clock import ManualClock
from tests.polling import wait_until

__all__ = ["ManualClock", "wait_until"]


@pytest.fixture
def manual_clock() -> ManualClock:
    """A clock at 1000.0 s that moves only with ``advance``."""
    return ManualClock()
