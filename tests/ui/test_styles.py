"""Widget styles live in .tcss files beside their modules (ui/styles.py), not in strings."""

from __future__ import annotations

import ast
from pathlib import Path

import igs_tui.ui
from igs_tui.ui.styles import stylesheet

UI = Path(igs_tui.ui.__file__).parent


def test_no_widget_keeps_its_styles_in_a_python_string() -> None:
    strings = []
    for path in sorted(UI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == "DEFAULT_CSS" for t in node.targets)
                and isinstance(node.value, ast.Constant)
            ):
                strings.append(f"{path.relative_to(UI)}:{node.lineno}")
    assert not strings, f"DEFAULT_CSS strings (run /work/extract_tcss.py): {strings}"


def test_every_stylesheet_file_is_loaded_by_its_module() -> None:
    """A .tcss file nobody loads is dead styling (left behind by a move or a rename)."""
    loaded = set()
    for path in UI.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "stylesheet"
                and isinstance(name := node.args[1], ast.Constant)
            ):
                loaded.add(path.parent / str(name.value))
    sheets = set(UI.rglob("*.tcss"))
    assert sheets and sheets == loaded


def test_a_stylesheet_is_read_from_beside_its_module() -> None:
    from igs_tui.ui.lists import games_list

    text = stylesheet(games_list.__file__, "games_list.tcss")
    assert "GamesList #games-filter" in text
    assert text == games_list.GamesList.DEFAULT_CSS
