"""Players and the server's mail: the player card, the messages view, a game's
observers.
"""
