"""``igs-tui play``: a game against a local GTP engine in the usual terminal UI."""
