"""ctrl+q finishes its own work whatever the server does (issue 26: over 5 s against hostile
servers): the link gets a bounded moment to close, then the records are closed anyway."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, cast

from igs_tui.apps.connector import Connector
from igs_tui.go import Color, Point
from igs_tui.model import ClientModel, MoveRecord
from igs_tui.model import changes as ch


class StuckClient:
    """A link whose close never returns (a server that will not let go)."""

    closing = False

    async def close(self) -> None:
        self.closing = True
        await asyncio.Event().wait()


async def test_quitting_closes_the_records_even_when_the_link_never_closes(
    tmp_path: Path,
) -> None:
    model = ClientModel()
    connector = Connector(model, record=False, games_dir=tmp_path / "games")
    saver = connector.start_autosave()
    assert saver is not None
    model.follow(7, size=9, white="w", black="b")
    model.apply(ch.MoveAdded(7, MoveRecord(1, Color.BLACK, Point(2, 2))))
    stuck = StuckClient()
    connector.igs = cast(Any, stuck)
    await asyncio.wait_for(connector.close(), 30)  # without the bound: never returns
    assert stuck.closing and connector.saver is None
    path = saver.path_for(7)
    assert path is not None and path.exists()  # the pending save was written at close
