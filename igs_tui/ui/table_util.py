"""Helpers shared by the list panes: is a pane on screen (hidden panes postpone refreshes)."""

from __future__ import annotations

from typing import Any

from textual.widget import Widget


def is_shown(widget: Widget) -> bool:
    """Is ``widget`` and every ancestor displayed? Hidden panes postpone expensive refreshes."""
    node: Any = widget
    while isinstance(node, Widget):
        if not node.display:
            return False
        node = node.parent
    return True
