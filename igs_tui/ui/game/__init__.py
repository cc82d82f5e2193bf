"""The games panel: a tab per followed game with its board, information, chat,
prompts and actions (playing, scoring, browsing, engine help, analysis), and the list
of finished games.
"""
