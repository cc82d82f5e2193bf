"""Applications: the wiring that turns the layers into programs.

* :mod:`.client` -- ``igs-tui`` (IGS or ``--local``): the Textual app on the IGS backend;
* :mod:`.play` -- ``igs-tui play``: the same app on the engine backend;
* :mod:`.bot` -- ``igs-tui bot``: a GTP engine playing on an IGS server, no UI;
* :mod:`.parse_cli` -- ``igs-tui parse``: server transcripts to events.
"""
