"""When to try again after losing the server: exponential backoff with jitter.

Pure policy, no sleeping: the client asks :meth:`BackoffPolicy.delay` for the pause before attempt
``n`` and does the waiting itself, so the schedule is unit-tested without clocks or sockets.

Why jitter: when IGS restarts, every client loses its connection at the same instant. Without
randomness they would all come back in lock-step and hammer the server together on every retry.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

__all__ = ["BackoffPolicy"]


@dataclass(frozen=True, slots=True)
class BackoffPolicy:
    """Delays ``initial * factor**(n-1)`` capped at ``maximum``, each scaled by ``1 ± jitter``.

    Attributes:
        initial: delay before the first reconnect attempt, in seconds.
        factor: growth per attempt (>= 1).
        maximum: upper bound of the un-jittered delay.
        jitter: fraction in [0, 1): each delay is multiplied by a uniform factor in
            ``[1 - jitter, 1 + jitter]``.
        max_attempts: give up after this many attempts; ``None`` retries forever.

    Raises:
        ValueError: on construction with a negative delay, ``factor < 1``, a jitter outside
            [0, 1) or ``max_attempts < 0``.
    """

    initial: float = 1.0
    factor: float = 2.0
    maximum: float = 60.0
    jitter: float = 0.2
    max_attempts: int | None = 10

    def __post_init__(self) -> None:
        if self.initial < 0 or self.maximum < 0:
            raise ValueError("backoff delays must not be negative")
        if self.factor < 1:
            raise ValueError("backoff factor must be at least 1")
        if not 0 <= self.jitter < 1:
            raise ValueError("backoff jitter must be in [0, 1)")
        if self.max_attempts is not None and self.max_attempts < 0:
            raise ValueError("max_attempts must not be negative")

    def base_delay(self, attempt: int) -> float:
        """The un-jittered delay before ``attempt`` (1-based)."""
        if attempt < 1:
            raise ValueError("attempts are numbered from 1")
        # Stop multiplying once past the cap, so huge attempt numbers never overflow.
        delay = self.initial
        for _ in range(attempt - 1):
            if delay >= self.maximum:
                break
            delay *= self.factor
        return min(delay, self.maximum)

    def delay(self, attempt: int, rng: random.Random | None = None) -> float | None:
        """Seconds to wait before ``attempt`` (1-based), or ``None`` when it is time to give up."""
        if self.max_attempts is not None and attempt > self.max_attempts:
            return None
        base = self.base_delay(attempt)
        if not self.jitter:
            return base
        spread = (rng or random).uniform(1 - self.jitter, 1 + self.jitter)
        return base * spread
