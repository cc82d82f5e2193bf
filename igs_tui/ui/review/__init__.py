"""Reviewing a record file: the review screen and app, opening a file, the text
beside the board.
"""
