"""Widget styles kept in ``.tcss`` files beside their modules, not in Python strings.

A widget's ``DEFAULT_CSS`` is read from its file when its module is imported
(``DEFAULT_CSS = stylesheet(__file__, "games_list.tcss")``), so the styles keep the scoping and
the low specificity of default CSS (an app's own CSS still wins), and editors and linters see
them as Textual CSS. Textual's ``CSS_PATH`` is for apps and screens only and would make them
app-level CSS instead.
"""

from __future__ import annotations

from pathlib import Path


def stylesheet(module_file: str, name: str) -> str:
    """The text of the ``.tcss`` file ``name`` beside ``module_file`` (a module's
    ``__file__``)."""
    return (Path(module_file).parent / name).read_text(encoding="utf-8")
