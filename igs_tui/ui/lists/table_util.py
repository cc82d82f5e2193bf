"""Helpers shared by the panes: is a pane on screen (hidden panes postpone refreshes); letting
go of widgets that are removed; a label column that never cuts its label."""

from __future__ import annotations

import gc
from typing import Any

from textual._styles_cache import StylesCache
from textual.dom import DOMNode
from textual.signal import Signal
from textual.widget import Widget


def is_shown(widget: Widget) -> bool:
    """Is ``widget`` and every ancestor displayed? Hidden panes postpone expensive refreshes."""
    node: Any = widget
    while isinstance(node, Widget):
        if not node.display:
            return False
        node = node.parent
    return True


def forget_queries(widget: Widget, *, below: bool = False) -> None:
    """Drop what ``query_one`` remembered on ``widget`` and its ancestors, before removing it.

    Textual keeps the last 1024 results of ``query_one`` by id or simple selector on the node
    queried (``DOMNode._query_one_cache``), including widgets removed since: a game view found
    by ``#game-view-12`` on its panel (or by Textual on its tabs) stayed alive with its render
    caches, about 1.5 MB per finished game. With ``below``, the caches of ``widget``'s
    descendants go too (Textual's tabs look their tabs up on a widget inside them).
    """
    node: Any = widget
    while node is not None:
        cache = getattr(node, "_query_one_cache", None)
        if cache is not None:
            cache.clear()
        node = node._parent
    if below:
        for child in widget.walk_children():
            child._query_one_cache.clear()


def let_go_of_removed(*nodes: DOMNode) -> None:
    """After removing widgets: drop what Textual still holds of them, up to ``nodes`` (the
    screen, the app).

    * Signal subscriptions (:func:`drop_gone_subscribers`).
    * ``StylesCache.get_inner_outer`` is an ``lru_cache`` on a method, so its keys hold the
      last 1024 widgets' style caches, with every line those widgets painted (and each line's
      cached variants): emptied here, it is filled again at the next paint.

    Then the garbage is collected: removed widgets form reference cycles (parent and
    children, styles and node), which only a full collection frees, and the app makes those
    rare (see ``apps.client.tune_gc``); waiting for one let the views released meanwhile pile
    up, about a megabyte each. One full collection of what is not frozen takes ~10 ms.
    """
    drop_gone_subscribers(*nodes)
    StylesCache.get_inner_outer.cache_clear()
    gc.collect()


def drop_gone_subscribers(*nodes: DOMNode) -> None:
    """Drop the signal subscriptions of ``nodes`` (the screen, the app) held for widgets that
    are gone.

    Textual drops a removed widget's subscription only when the signal is next published. Every
    ``Input`` subscribes to its screen's "text selection started" signal, which a session
    without mouse selection never publishes: each game view's chat input stayed alive.
    """
    for node in nodes:
        for value in vars(node).values():
            if isinstance(value, Signal):
                for subscriber in list(value._subscriptions):
                    if not subscriber.is_attached:
                        value.unsubscribe(subscriber)


def let_go_of_children(container: Widget) -> None:
    """After removing children from ``container`` while it is out of sight: drop what it
    remembers of them.

    A container remembers its displayed children and its last arrangement of them, and lays
    itself out again (which renews both) only when it is shown: until then the children it
    lost stay alive through those caches (a game view of about a megabyte, in a hidden tab).
    """
    _ = container.displayed_children  # worked out again without the children removed
    container._clear_arrangement_cache()
    forget_queries(container)


def label_column(label: str, width: int) -> str:
    """``label`` padded to ``width`` cells, or whole and followed by a space when it is as
    long or longer: a label never runs into the text after it, nor is it cut."""
    return f"{label:<{width}}" if len(label) < width else f"{label} "
