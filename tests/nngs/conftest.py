"""Fixtures of the real-NNGS tier: the server built once per run, one server per test module.

See :mod:`tests.nngs.kit`: the build is shared by every xdist worker (file lock), each module
gets a fresh server (fresh accounts and no stored games) on a free port, stopped at its end.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.nngs import kit


@pytest.fixture(scope="session")
def nngs_build() -> Path:
    """The prefix of the built server; skips (or fails, IGS_TUI_REQUIRE_NNGS=1) without one."""
    where = kit.kit_dir()
    if not (where / "build.sh").is_file():
        kit.unavailable(f"no NNGS kit at {where}")
    missing = kit.missing_tools()
    if missing:
        kit.unavailable(
            f"missing build tools: {', '.join(missing)} (apt-get install build-essential)"
        )
    try:
        return kit.build(where, kit.cache_dir())
    except (RuntimeError, OSError) as exc:
        kit.unavailable(str(exc))
        raise  # not reached: unavailable() skips or fails


@pytest.fixture(scope="module")
def nngs(nngs_build: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[kit.NngsServer]:
    """A fresh real NNGS for this module, stopped after it."""
    try:
        server = kit.start(kit.kit_dir(), nngs_build, tmp_path_factory.mktemp("nngs"))
    except (RuntimeError, OSError) as exc:
        kit.unavailable(str(exc))
        raise
    try:
        yield server
    finally:
        server.stop()
