"""``igs-tui bot``: a GTP engine playing on an IGS server, game after game, without a UI.

:mod:`.policy` decides which requests to accept, :mod:`.relay` keeps the engine's moves equal
to the server's, :mod:`.bridge` runs the games, :mod:`.cli` is the command line.
"""
