"""Layering rules (as in Harlequin's import-hygiene test): the core runs without the UI.

The protocol layer never touches sockets, asyncio or Textual (it is sans-IO, like h11); the
model and the rules engine never import Textual or a wire protocol, so a KGS backend can feed
the same model later.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

FORBIDDEN = {
    "igs_tui.go": ["textual", "rich", "asyncio", "socket", "telnetlib3", "igs_tui.protocol"],
    "igs_tui.model": [
        "textual",
        "asyncio",
        "socket",
        "telnetlib3",
        "igs_tui.protocol",
        "igs_tui.ui",
    ],
    "igs_tui.protocol": ["textual", "asyncio", "socket", "telnetlib3", "igs_tui.ui"],
    "igs_tui.records": ["textual", "asyncio", "socket", "igs_tui.ui"],
}


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_does_not_import(package: str) -> None:
    code = (
        "import importlib, pkgutil, sys\n"
        f"pkg = importlib.import_module({package!r})\n"
        "for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "    if not m.name.endswith('__main__'):\n"
        "        importlib.import_module(m.name)\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    for forbidden in FORBIDDEN[package]:
        hits = [m for m in out if m == forbidden or m.startswith(forbidden + ".")]
        assert not hits, f"{package} imports {forbidden}: {hits[:3]}"
