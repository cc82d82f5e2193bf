"""A line-oriented interface for screen-reader users (``igs-tui --accessible``)."""
