"""Slowing down password guessing on the local server.

A mistyped password costs nothing; each further failure makes the next attempt for that
account, and from that address, wait longer (1, 2, 4 ... seconds, at most a minute); five
failures in a row lock the account and the address for five minutes. An attempt that comes
too early is refused without checking the password, so a guesser gains nothing by hammering,
and the server never sleeps (it answers at once, with how long to wait). A correct password
clears the account's and the address's record.
Time comes from the hub's clock, so tests drive it without waiting.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

FIRST_DELAY = 1.0
MAX_DELAY = 60.0
LOCK_AFTER = 5
LOCK_SECONDS = 300.0


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
    _records: dict[str, _Record] = field(default_factory=dict)

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
        for key in self._keys(account, peer):
            record = self._records.setdefault(key, _Record())
            record.failures += 1
            if record.failures >= self.lock_after:
                delay = self.lock_seconds
            elif record.failures == 1:
                delay = 0.0  # a typo
            else:
                delay = min(self.first_delay * 2 ** (record.failures - 2), self.max_delay)
            record.not_before = now + delay

    def succeeded(self, account: str, peer: str) -> None:
        for key in self._keys(account, peer):
            self._records.pop(key, None)


def peer_host(peer: str) -> str:
    """The address part of a peer name (``('127.0.0.1', 5000)`` -> ``127.0.0.1``): a guesser
    who reconnects gets a new port, not a new record."""
    text = peer.strip("()[] ")
    host, _, _port = text.rpartition(",")
    return (host or text).strip("'\" ")
