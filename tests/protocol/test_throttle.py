"""Token bucket with an injected clock."""

from __future__ import annotations

import pytest

from igs_tui.backends.igs.protocol.throttle import TokenBucket


def test_burst_then_rate() -> None:
    bucket = TokenBucket(rate=3.0, burst=3.0)
    assert [bucket.try_take(10.0) for _ in range(4)] == [True, True, True, False]
    assert bucket.ready_at(10.0) == pytest.approx(10.0 + 1 / 3)
    assert not bucket.try_take(10.3)
    assert bucket.try_take(10.34)
    assert not bucket.try_take(10.34)


def test_refill_is_capped_at_burst() -> None:
    bucket = TokenBucket(rate=1.0, burst=2.0)
    bucket.try_take(0.0)
    assert bucket.tokens(1000.0) == 2.0


def test_long_run_rate_is_respected() -> None:
    """Whatever the polling pattern, n seconds let through at most burst + rate*n lines."""
    bucket = TokenBucket(rate=3.0, burst=3.0)
    sent = 0
    t = 0.0
    while t <= 10.0:
        while bucket.try_take(t):
            sent += 1
        t += 0.01
    assert 3 + 30 - 1 <= sent <= 3 + 30


def test_clock_going_backwards_mints_nothing() -> None:
    bucket = TokenBucket(rate=1.0, burst=1.0)
    assert bucket.try_take(5.0)
    assert not bucket.try_take(4.0)
    assert not bucket.try_take(5.5)
    assert bucket.try_take(6.0)


@pytest.mark.parametrize(("rate", "burst"), [(0, 1), (-1, 1), (1, 0.5), (float("nan"), 1)])
def test_invalid_parameters(rate: float, burst: float) -> None:
    with pytest.raises(ValueError):
        TokenBucket(rate, burst)
