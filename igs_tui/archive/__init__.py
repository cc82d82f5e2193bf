"""Games kept on disk: the bridge from the model's followed games to game-record files.

It is the one place that knows both the model and :mod:`igs_tui.records`, so that records stay
model-free and the UI, the client and the bot all save games the same way.
"""
