"""A token bucket for the send rate, with time passed in (no clock, no sleeping).

IGS kicks clients that flood it; old clients sent at most one command per second. A bucket lets
a short burst through at once (the login setup sequence, a user typing quickly) and then holds
the long-run rate to ``rate`` commands per second. The caller supplies ``now`` (any monotonic
seconds) so tests drive it with a fake clock and the protocol layer stays free of I/O.
"""

from __future__ import annotations

import math


class TokenBucket:
    """``burst`` tokens at most, refilled at ``rate`` tokens per second; one token per line."""

    def __init__(self, rate: float = 3.0, burst: float = 3.0) -> None:
        if not (rate > 0 and math.isfinite(rate)):
            raise ValueError(f"rate must be a positive number of commands per second, not {rate}")
        if not (burst >= 1 and math.isfinite(burst)):
            raise ValueError(f"burst must be at least 1, not {burst}")
        self.rate = float(rate)
        self.burst = float(burst)
        self._tokens = float(burst)
        self._stamp: float | None = None

    def _refill(self, now: float) -> None:
        if self._stamp is None:
            self._stamp = now
            return
        if now > self._stamp:  # a clock that steps back never mints tokens
            self._tokens = min(self.burst, self._tokens + (now - self._stamp) * self.rate)
            self._stamp = now

    def tokens(self, now: float) -> float:
        """Tokens available at ``now`` (fractional)."""
        self._refill(now)
        return self._tokens

    def try_take(self, now: float) -> bool:
        """Take one token if there is one; ``False`` means "wait until :meth:`ready_at`"."""
        self._refill(now)
        if self._tokens >= 1.0 - 1e-9:
            self._tokens = max(0.0, self._tokens - 1.0)
            return True
        return False

    def ready_at(self, now: float) -> float:
        """The earliest time a token is available (``now`` if one is available already)."""
        self._refill(now)
        missing = 1.0 - self._tokens
        if missing <= 1e-9:
            return now
        return now + missing / self.rate
