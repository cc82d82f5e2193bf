"""scripts/screenshots.py: ``--only`` picks screens and scenes by name, sizes are checked.

The script is a tool, not a package module, so it is loaded from its path; a scene that
cannot reach its state raises instead of saving a misleading picture.
"""

from __future__ import annotations

import argparse
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "screenshots.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("screenshots_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_only_writes_the_chosen_scene_at_the_chosen_size(tmp_path: Path) -> None:
    script = load_script()
    assert script.main(["--out", str(tmp_path), "--size", "80x24", "--only", "challenge"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["challenge-80x24.svg"]
    svg = (tmp_path / "challenge-80x24.svg").read_text(encoding="utf-8")
    assert "offers" in svg and "Accept" in svg  # the dialog is up, not just the list


def test_every_scene_has_a_distinct_name() -> None:
    script = load_script()
    names = [name for name, _ in script.SCREENS] + [name for name, _ in script.SCENES]
    assert len(names) == len(set(names))
    assert {"match-dialog", "own-game", "scoring", "result", "play-engine"} <= set(names)


@pytest.mark.parametrize("text", ["80", "x24", "80x", "80*24", "wide"])
def test_bad_sizes_are_refused(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError):
        load_script().parse_size(text)


def test_sizes_are_parsed() -> None:
    assert load_script().parse_size("120X40") == (120, 40)
