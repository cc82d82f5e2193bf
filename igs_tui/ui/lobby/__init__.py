"""Automatch, stored games and rooms."""
