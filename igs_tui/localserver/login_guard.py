"""Slowing down password guessing on the local server.

A mistyped password costs nothing; each further failure makes the next attempt for that
account wait longer (1, 2, 4 ... seconds, at most a minute); five failures in a row lock the
account for five minutes. An attempt that comes too early is refused without checking the
password, so a guesser gains nothing by hammering, and the server never sleeps (it answers
at once, with how long to wait). A correct password clears the account's record.

The throttle is per account, not per address: every ``--local`` client comes from
127.0.0.1, and one user's typos for one account must not lock everybody else out. An
address is throttled too, but only far above what typing reaches (:data:`PEER_LOCK_AFTER`
failures across accounts): that stops one client trying many accounts, never a household.
Time comes from the hub's clock, so tests drive it without waiting.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field

FIRST_DELAY = 1.0
MAX_DELAY = 60.0
LOCK_AFTER = 5
LOCK_SECONDS = 300.0
PEER_LOCK_AFTER = 50
"""Failures from one address, across all accounts within :data:`PEER_WINDOW`, before that
address waits too: ten accounts' worth of locks, far beyond one user's typos."""
PEER_WINDOW = 3600.0


@dataclass
class _Record:
    failures: int = 0
    not_before: float = -math.inf


@dataclass
class LoginGuard:
    first_delay: float = FIRST_DELAY
    max_delay: float = MAX_DELAY
    lock_after: int = LOCK_AFTER
    lock_seconds: float = LOCK_SECONDS
    peer_lock_after: int = PEER_LOCK_AFTER
    peer_window: float = PEER_WINDOW
    _records: dict[str, _Record] = field(default_factory=dict)
    _peer_failures: dict[str, deque[float]] = field(default_factory=dict)

    @staticmethod
    def _keys(account: str, peer: str) -> tuple[str, str]:
        return f"account:{account.lower()}", f"peer:{peer_host(peer)}"

    def wait(self, account: str, peer: str, now: float) -> float:
        """Seconds before an attempt for ``account`` from ``peer`` is heard (0 = now)."""
        waits = [
            self._records[k].not_before - now
            for k in self._keys(account, peer)
            if k in self._records
        ]
        return max([0.0, *waits])

    def failed(self, account: str, peer: str, now: float) -> None:
        account_key, peer_key = self._keys(account, peer)
        record = self._records.setdefault(account_key, _Record())
        record.failures += 1
        if record.failures >= self.lock_after:
            delay = self.lock_seconds
        elif record.failures == 1:
            delay = 0.0  # a typo
        else:
            delay = min(self.first_delay * 2 ** (record.failures - 2), self.max_delay)
        record.not_before = now + delay
        times = self._peer_failures.setdefault(peer_key, deque())
        times.append(now)
        while times and times[0] <= now - self.peer_window:
            times.popleft()
        if len(times) >= self.peer_lock_after:
            self._records.setdefault(peer_key, _Record()).not_before = now + self.lock_seconds
            times.clear()

    def succeeded(self, account: str, peer: str) -> None:
        """A right password clears that account's record; the address keeps its count
        (a guesser who owns one account must not reset it by logging in to that one), and
        forgets failures older than :data:`PEER_WINDOW`."""
        self._records.pop(self._keys(account, peer)[0], None)


def peer_host(peer: str) -> str:
    """The address part of a peer name (``('127.0.0.1', 5000)`` -> ``127.0.0.1``): a guesser
    who reconnects gets a new port, not a new record."""
    text = peer.strip("()[] ")
    host, _, _port = text.rpartition(",")
    return (host or text).strip("'\" ")
