"""The IGS backend: IGS and IGS-compatible servers (the embedded local server speaks the same).

Data flows one way: socket -> :mod:`.net` (bytes to lines) -> :mod:`.protocol` (lines to events,
sans-IO) -> :mod:`.conversation` (the client's side of the dialogue: fallbacks, komi, size
requests) and :mod:`.model_adapter` (events to typed model changes) -> the model. User intents
come back through :class:`.backend.IgsBackend`, which turns them into validated commands.
"""
