"""Using a backend capability from the UI, or telling the user why it is not there.

The backend says what it can do (:class:`~igs_tui.backends.capabilities.Capabilities`); the
UI never asks which server it is. An intent whose capability is missing is not sent: the user
gets a short warning that uses the backend's own reason ("not connected", "not available in a
local game").
"""

from __future__ import annotations

from typing import TypeVar

from textual.dom import DOMNode

from igs_tui.backends.capabilities import Backend

T = TypeVar("T")


def need(node: DOMNode, backend: Backend, capability: T | None, what: str) -> T | None:
    """``capability`` if present; otherwise warn "``what``: <reason>." and return None."""
    if capability is None:
        node.app.notify(
            backend.capabilities.refusal(what), severity="warning", markup=False, timeout=4
        )
    return capability
