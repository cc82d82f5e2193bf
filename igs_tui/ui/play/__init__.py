"""Offering and answering games: the match and challenge dialogs, confirmations,
results, and our open/looking flags.
"""
