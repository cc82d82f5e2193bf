"""A client process for the autosave kill test: logs in, autosaves, plays moves from argv.

Run as ``python -m tests.play.autosave_client PORT NAME DIR``; it prints ``READY`` once logged
in and ``MOVED n`` after each of its moves reaches the model, then waits to be killed.
"""

from __future__ import annotations

import asyncio
import sys

from igs_tui.archive.autosave import AutoSaver
from igs_tui.go import Point
from tests.play.harness import join
from tests.polling import wait_until


async def main(port: int, name: str, directory: str) -> None:
    player = await join(port, name)
    AutoSaver(player.model, directory)
    print("READY", flush=True)
    await wait_until(lambda: bool(player.model.challenges), timeout=30)
    offer = next(iter(player.model.challenges.values()))
    player.backend.accept_challenge(offer.terms)
    await wait_until(lambda: player.game() is not None, timeout=30)
    game = player.game()
    assert game is not None
    for col in range(5):
        await wait_until(lambda: game.board.to_move is game.role.color, timeout=30)
        count = game.last_number
        player.backend.play(game.number, Point(col, 0))
        await wait_until(lambda c=count: game.last_number > c, timeout=30)  # type: ignore[misc]
        print("MOVED", game.last_number, flush=True)
    await asyncio.sleep(3600)


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]), sys.argv[2], sys.argv[3]))
