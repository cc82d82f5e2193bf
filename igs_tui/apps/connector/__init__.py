"""The launcher's connector: turns a login request into a logged-in backend.

Split by job: :mod:`.connector` (what the app calls: one login at a time, log out, reconnect),
:mod:`.igs` (one login to an IGS-family server: its client, the task running it),
:mod:`.embedded` (the embedded
server of ``--local``), :mod:`.recording` (session transcripts), :mod:`.autosave` (every
followed game written to disk) and :mod:`.profiles` (what each server was found to support).
The KGS login is :mod:`igs_tui.apps.kgs_connect`.
"""

from __future__ import annotations

from igs_tui.apps.connector.connector import Connector

__all__ = ["Connector"]
