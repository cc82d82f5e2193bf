"""The IGS backend: IGS and IGS-compatible servers (the embedded local server speaks the same).

Data flows one way: socket -> :mod:`.net` (bytes to lines; :class:`~.net.client.IgsClient`
only carries them) -> :mod:`.session` (:class:`~.session.IgsSession`, sans-IO: lines to events,
the follow-ups IGS needs, events to typed model changes) -> the changes applied to the model.
User intents come back through :class:`.backend.IgsBackend`, a thin layer that queues validated
commands in the same session.
"""
