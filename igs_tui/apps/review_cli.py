"""``igs-tui review FILE``: read a record and open the review app on it (no server, no login).

A file that cannot be read is reported on standard error with the line and column of the
problem, and the app does not start: the exit status is 1, as for ``igs-tui convert``.
"""

from __future__ import annotations

import sys

from igs_tui.ui.review.review_app import ReviewApp
from igs_tui.ui.review.review_open import load_record

__all__ = ["build_review_app", "run_review_cli"]


def build_review_app(path: str, engine: str | None = None) -> ReviewApp | str:
    """The review app on the record at ``path`` (with live analysis by the GTP ``engine``
    command line, if given), or why it cannot be opened."""
    loaded = load_record(path)
    if isinstance(loaded, str):
        return loaded
    analysis = None
    if engine:
        from igs_tui.apps.client import engine_name
        from igs_tui.backends.engine.analysis import GtpAnalysis

        analysis = GtpAnalysis(engine, name=engine_name(engine))
    return ReviewApp(loaded[1], loaded[0], analysis=analysis)


def run_review_cli(path: str, engine: str | None = None) -> int:
    """0 after the review is closed; 1 with ``igs-tui: ...`` on stderr for a bad file."""
    app = build_review_app(path, engine)
    if isinstance(app, str):
        print(f"igs-tui: {app}", file=sys.stderr)
        return 1
    app.run()
    return 0
