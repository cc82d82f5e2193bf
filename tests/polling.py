"""The one way tests wait for something that happens over real I/O (sockets, subprocesses).

Event-driven tests still need a bounded wait: poll a condition while the event loop runs, and
fail with a message after ``timeout`` seconds. Never a fixed sleep before an assertion.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

DEFAULT_TIMEOUT = 20.0


async def wait_until(
    condition: Callable[[], object],
    timeout: float = DEFAULT_TIMEOUT,
    *,
    what: str = "condition",
    step: float = 0.01,
) -> None:
    """Poll ``condition()`` until it is true; ``AssertionError`` after ``timeout`` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"{what} not met in time")
        await asyncio.sleep(step)
