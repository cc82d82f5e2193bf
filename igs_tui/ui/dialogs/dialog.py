"""The app's dialogs: over the screen, with their own keys in a footer, and F1 as everywhere.

Textual stops key bindings at a modal screen, the app's own included, and a modal screen has
no footer unless it makes one: the screen below showed its footer through the dialog's
backdrop, offering keys that did nothing there, and F1 (an app key) did nothing at all.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Footer

ResultT = TypeVar("ResultT")


class Dialog(ModalScreen[ResultT]):
    """A modal screen of the app: a footer with its keys, and F1 for the help screen."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("f1", "app.help", "Help")]

    def on_mount(self) -> None:
        # Textual calls the on_mount of every class in the dialog's lineage: this one runs
        # whatever the dialog itself does on mount.
        self.mount(Footer())
