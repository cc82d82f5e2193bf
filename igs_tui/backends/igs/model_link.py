"""One IGS connection's two sides of the model, built in one place.

What arrives goes through a :class:`ModelAdapter`; what the user asks for goes out through an
:class:`IgsBackend`. Both must share one :class:`IgsConversation`, which remembers what IGS
answers only indirectly (the ``nmatch`` fallback, the komi to propose, the ``games N`` to ask)
and what this server supports (its :class:`ServerProfile`, which the session needs too: pass
:attr:`ModelLink.profile` to it). Building them here keeps every caller (the app, the bot,
tests) wired the same way.
"""

from __future__ import annotations

from dataclasses import dataclass

from igs_tui.backends.igs.backend import IgsBackend
from igs_tui.backends.igs.conversation import IgsConversation, Learnt, Sender
from igs_tui.backends.igs.model_adapter import ModelAdapter
from igs_tui.backends.igs.protocol.profile import ServerProfile
from igs_tui.model import ClientModel


@dataclass(frozen=True, slots=True)
class ModelLink:
    adapter: ModelAdapter
    backend: IgsBackend

    @property
    def conversation(self) -> IgsConversation:
        return self.backend.conversation

    @property
    def profile(self) -> ServerProfile:
        """What the server supports; give it to the session so a login sends only that."""
        return self.backend.conversation.profile


def model_link(
    model: ClientModel,
    send: Sender,
    *,
    profile: ServerProfile | None = None,
    on_learnt: Learnt | None = None,
) -> ModelLink:
    """The adapter and backend for ``model`` over a connection that sends with ``send``;
    ``profile`` is what is known of the server already (``on_learnt`` hears of each change)."""
    conversation = IgsConversation(model, send, profile, on_learnt)
    return ModelLink(ModelAdapter(model, conversation), IgsBackend(model, send, conversation))
