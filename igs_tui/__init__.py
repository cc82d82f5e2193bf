"""igs-tui: a keyboard-driven terminal client for IGS, the Pandanet Internet Go Server."""

__version__ = "0.1.0"
