"""The GNU Go requirement policy of tests/gtp/conftest.py: skip, or fail when required."""

from __future__ import annotations

import pytest

from tests.gtp.conftest import require_gnugo


def test_missing_gnugo_skips_by_default() -> None:
    with pytest.raises(pytest.skip.Exception):
        require_gnugo(None, {})


def test_missing_gnugo_fails_when_required() -> None:
    with pytest.raises(pytest.fail.Exception, match="IGS_TUI_REQUIRE_GNUGO"):
        require_gnugo(None, {"IGS_TUI_REQUIRE_GNUGO": "1"})


def test_present_gnugo_is_returned() -> None:
    assert require_gnugo("/usr/games/gnugo", {"IGS_TUI_REQUIRE_GNUGO": "1"}) == "/usr/games/gnugo"
