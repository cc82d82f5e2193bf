"""The layers, checked: import-linter contracts (pyproject.toml) for everything between our own
packages and third-party ones, and a direct check for the standard-library modules that
import-linter does not see (the sans-IO core never touches asyncio or sockets)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_import_linter_contracts_hold() -> None:
    command = shutil.which("lint-imports")
    assert command is not None, "import-linter is a test dependency (pip install '.[test]')"
    done = subprocess.run([command], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "BROKEN" not in done.stdout and "KEPT" in done.stdout


SANS_IO = {
    "igs_tui.go": ["asyncio", "socket"],
    "igs_tui.model": ["asyncio", "socket"],
    "igs_tui.backends.igs.protocol": ["asyncio", "socket"],
    "igs_tui.backends.kgs.protocol": ["asyncio", "socket"],
    "igs_tui.records": ["asyncio", "socket"],
}


@pytest.mark.parametrize("package", sorted(SANS_IO))
def test_sans_io_packages_do_not_import_asyncio_or_sockets(package: str) -> None:
    code = (
        "import importlib, pkgutil, sys\n"
        f"pkg = importlib.import_module({package!r})\n"
        "for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "    if not m.name.endswith('__main__'):\n"
        "        importlib.import_module(m.name)\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.split()
    for forbidden in SANS_IO[package]:
        hits = [m for m in out if m == forbidden or m.startswith(forbidden + ".")]
        assert not hits, f"{package} imports {forbidden}: {hits[:3]}"


def test_no_screen_or_widget_imports_the_app() -> None:
    """The app sits above its screens: they reach it only through ``ui/app_services.py``'s
    typed interface, so ``ui/app.py`` and its screens form no import circle (it did: the
    player card, the messages and observers screens and the review app imported it)."""
    import grimp

    graph = grimp.build_graph("igs_tui")
    importers = {
        module
        for module in graph.find_modules_that_directly_import("igs_tui.ui.app")
        if module.startswith("igs_tui.ui.")
    }
    assert not importers, sorted(importers)
