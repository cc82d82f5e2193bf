"""One IGS connection's two sides of the model, built in one place.

What arrives goes through a :class:`ModelAdapter`; what the user asks for goes out through an
:class:`IgsBackend`. Both must share one :class:`IgsConversation`, which remembers what IGS
answers only indirectly (the ``nmatch`` fallback, the komi to propose, the ``games N`` to ask);
building them here keeps every caller (the app, the bot, tests) wired the same way.
"""

from __future__ import annotations

from dataclasses import dataclass

from igs_tui.backends.igs.backend import IgsBackend
from igs_tui.backends.igs.conversation import IgsConversation, Sender
from igs_tui.backends.igs.model_adapter import ModelAdapter
from igs_tui.model import ClientModel


@dataclass(frozen=True, slots=True)
class ModelLink:
    adapter: ModelAdapter
    backend: IgsBackend


def model_link(model: ClientModel, send: Sender) -> ModelLink:
    """The adapter and backend for ``model`` over a connection that sends with ``send``."""
    conversation = IgsConversation(model, send)
    return ModelLink(ModelAdapter(model, conversation), IgsBackend(model, send, conversation))
